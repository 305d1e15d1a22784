/** SPEC 2 "Products and catalogues", "Courses list"; 4, 5 "Input modal", 8 "Newsletter subscription". */
export const newsletterMessages = {
  subscribe: 'Prijavi se na newsletter',
  opening: 'Otvaranje prijave…',
  title: 'Prijava na newsletter',
  description: {
    courses:
      'Upišite svoju email adresu i javit ćemo vam kad objavimo nove tečajeve. Odjaviti se možete u svakom trenutku, poveznicom iz svake poruke.',
    catalogs:
      'Upišite svoju email adresu i javit ćemo vam novosti iz našega kataloga. Odjaviti se možete u svakom trenutku, poveznicom iz svake poruke.',
  },
  robotCheckRequired: "Pritisnite 'I'm not a robot'!",
  alreadySubscribed: 'Već ste prijavljeni na ovaj newsletter.',
  checkEmail: 'Provjerite još jednom ispravnost unesene email adrese.',
  failed: 'Nešto je pošlo po krivu. Molimo vas, pokušajte ponovno kasnije.',
  subscribed: {
    courses: 'Uspješno ste se prijavili na newsletter o tečajevima!',
    catalogs: 'Uskoro očekujte zanimljive novosti iz našega kataloga!',
  },
} as const;

/**
 * Every Croatian text of the specification that the code depends on, in one place,
 * so that views and tests use the same constants (ARCHITECTURE.md "Layout").
 */
export const messages = {
  gate: {
    title: 'Dobro došli na službene stranice',
    declarationSwitch: 'Izjavljujem gore navedeno.',
    accept: 'Prihvaćam nužne kolačiće',
    declarationRequired: "Molimo, odaberite 'Izjavljujem gore navedeno.'",
  },
  auth: {
    expired: 'Prijava vam je istekla. Molimo, prijavite se ponovno.',
  },
  errors: {
    authExpired: 'Auth expired.',
    unexpected: 'Dogodila se neočekivana pogreška. Molimo, pokušajte ponovno.',
    generic: (json: string) => `Dogodila se pogreška: ${json}`,
  },
  notFound: {
    title: 'Stranica nije pronađena',
    body: 'Stranica koju tražite ne postoji ili je premještena.',
    home: 'Natrag na početnu stranicu',
  },
  loadingConfig: 'Učitavanje…',
  configFailed:
    'Stranica se trenutno ne može učitati. Molimo, pokušajte ponovno za nekoliko trenutaka.',
  /** SPEC 2 "Header and footer": the header links. */
  nav: {
    catalogues: 'Proizvodi i katalozi',
    courses: 'Tečajevi',
    about: 'O nama',
    educations: 'Video edukacije',
    admin: 'Admin',
    login: 'Prijava',
    logout: 'Odjava',
  },
} as const;

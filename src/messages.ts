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
  /** A page or home section whose code failed to load or whose render threw. */
  loadFailed: 'Dio stranice nije se uspio učitati.',
  retry: 'Pokušaj ponovno',
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
  /** SPEC 5: the e-mail input modal shared by the password-reset dialog and the newsletter modal. */
  emailModal: {
    emailLabel: 'Email adresa',
    submit: 'Pošalji',
    close: 'Zatvori',
    submitting: 'Slanje…',
    unexpectedFailure: 'Nešto je pošlo po krivu. Molimo vas, pokušajte ponovno kasnije.',
  },
  /** The robot-check widget (ARCHITECTURE.md "Robot check"). */
  robotCheck: {
    label: 'Provjera da niste robot',
    loading: 'Učitavanje provjere…',
  },
  /** SPEC 2 "Sign-in", 5 "Login", 8 "Login". */
  login: {
    title: 'Prijava',
    email: 'Email',
    password: 'Lozinka',
    submit: 'Prijavi se',
    submitting: 'Prijava u tijeku…',
    forgotPassword: 'Zaboravljena lozinka',
    robotCheckRequired: "Molimo, pritisnite 'I'm not a robot'.",
    checkCredentials: 'Molimo, provjerite još jedanput svoje korisničke podatke.',
    badRequest: 'Molimo, provjerite još jednom ispravnost upisanih podataka.',
    wrongPassword: 'Čini se da ste unijeli pogrešnu lozinku.',
    userNotFound: 'Nismo uspjeli pronaći korisnika s ovim emailom...',
    serverError: 'Nažalost, trenutno imamo tehničkih poteškoća. Molimo, pokušajte kasnije.',
    failed: 'Prijava nije uspjela, pokušajte ponovno kasnije.',
  },
  /** SPEC 4 "Password-reset dialog", 8 "Password reset request". */
  passwordReset: {
    title: 'Zaboravljena lozinka',
    description:
      'Upišite email adresu svog računa i poslat ćemo vam upute za postavljanje nove lozinke.',
    requested: 'Uskoro biste trebali dobiti mail s uputama za postavljanje nove lozinke!',
    failed: 'Nažalost, obnova vaše lozinke nije uspjela. Pokušajte kasnije.',
  },
  /** SPEC 2 "Logout", 4 "Logout page". */
  logout: {
    done: 'Uspješno ste odjavljeni!',
    countdown: (seconds: number) => `Preusmjeravanje na početnu stranicu za ${seconds}…`,
  },
  /** SPEC 5 "Set new password": one Croatian sentence per password rule. */
  passwordRules: {
    minLength: 'Molimo vas da lozinka ima barem 8 znakova.',
    lowercase: 'Molimo vas da lozinka ima barem jedno malo slovo.',
    uppercase: 'Molimo vas da lozinka ima barem jedno veliko slovo.',
    digit: 'Molimo vas da lozinka ima barem jednu znamenku.',
    special: 'Molimo vas da lozinka ima barem jedan poseban znak (npr. ! ? . - _ @).',
    common:
      'Ova je lozinka prečesto korištena. Molimo vas da odaberete lozinku koju je teže pogoditi.',
    tooLong: 'Lozinka je preduga.',
  },
  /** SPEC 2 "Set new password", 5, 8 "Set new password". */
  newPassword: {
    title: 'Postavite novu lozinku',
    password: 'Nova lozinka',
    confirmation: 'Ponovite novu lozinku',
    submit: 'Promijeni lozinku',
    submitting: 'Spremanje…',
    mismatch: 'Unesite istu lozinku dvaput.',
    tokenExpired: 'Token za promjenu lozinke je istekao. Zatražite novu promjenu lozinke.',
    changed: 'Uspješno promijenjena lozinka!',
  },
  /** SPEC 2 "Account activation", 4 "Activation", 5 "Activation form", 8 "Activation". */
  activation: {
    title: 'Aktivacija računa',
    validating: 'Provjera pozivnice…',
    errorTitle: 'Aktivacija računa nije moguća',
    expired: 'Nažalost, vaša pozivnica je istekla.',
    invalid: 'Čini se da imate neispravnu pozivnicu.',
    askForNew: 'Molimo vas da nam se javite emailom i zatražite novu pozivnicu.',
    failed: 'Nešto je pošlo po krivu. Molimo vas, pokušajte ponovno kasnije.',
    name: 'Ime',
    surname: 'Prezime',
    password: 'Lozinka',
    submit: 'Aktiviraj račun',
    submitting: 'Aktivacija u tijeku…',
    checkData: 'Molimo, provjerite još jedanput svoje korisničke podatke.',
    nameTooShort: 'Ime mora imati više od 2 znaka.',
    surnameTooShort: 'Prezime mora imati više od 2 znaka.',
    checkAgain: 'Provjerite još jednom svoje podatke.',
    submitFailed: 'Prijava nije uspjela!',
    submitFailedHint: 'Molimo vas, provjerite svoje podatke i pokušajte ponovno kasnije.',
    welcome: 'Uspješno ste aktivirali svoj račun! Dobro nam došli!',
  },
  /** SPEC 2 "Admin shell", 6. */
  admin: {
    menuLabel: 'Administracija',
    users: 'Korisnici',
  },
  /** SPEC 3 "Role catalogue". */
  roles: {
    user: 'Običan korisnik',
    employee: 'Zaposlenik',
    administrator: 'Administrator',
  },
  /** SPEC 2 admin screen 7, 5 "Invite", 8 "Invitation". */
  invite: {
    title: 'Pozovi korisnika',
    gender: 'Spol',
    genderUnknown: 'Ne želim navesti',
    male: 'Muško',
    female: 'Žensko',
    firstName: 'Ime',
    lastName: 'Prezime',
    email: 'Email',
    role: 'Uloga',
    submit: 'Pošalji pozivnicu',
    submitting: 'Slanje pozivnice…',
    checkData: 'Provjeri još jedanput unesene podatke.',
    staffDomain: (domain: string) => `Za odabranu ulogu email mora biti domene '${domain}'.`,
    alreadyInvited: 'Korisnik je već pozvan da se pridruži.',
    alreadyRegistered: 'Korisnik je već bio pozvan i registrirao se.',
    serverSaid: (json: string) => `Poruka dobivena sa servera je: ${json}`,
    failed: 'Nažalost, poziv nije uspio.',
    sent: 'Pozivnica poslana!',
  },
  /** SPEC 2 "Courses list", 4 "Courses page", 8 "Courses". */
  courses: {
    title: 'Trenutno aktivni tečajevi',
    loading: 'Učitavanje tečajeva…',
    loadFailed: 'Nažalost, nije uspjelo učitavanje tečajeva. Vratite se malo kasnije.',
    none: 'Trenutno nema tečajeva u ponudi. Navratite kasnije!',
    noneInCroatia:
      'Trenutno ne nudimo tečajeve u Hrvatskoj, ali možete odabrati prikaz tečajeva u inozemstvu na vrhu stranice.',
    showAbroad: 'Prikaži i tečajeve u inozemstvu',
    gallery: 'Galerija fotografija prethodnih tečajeva',
    lecturer: 'Predavač',
    lecturers: 'Predavači',
    date: 'Datum',
    time: 'Vrijeme',
    start: 'Početak',
    end: 'Završetak',
    location: 'Mjesto',
    country: 'Država',
    price: 'Cijena',
    free: 'Besplatno',
    pdf: 'Program tečaja (PDF)',
    opensInNewTab: '(otvara se u novoj kartici)',
    published: 'Objavljeno',
    timeFrom: (time: string) => `od ${time}`,
    timeUntil: (time: string) => `do ${time}`,
    deleteCourse: (title: string) => `Obriši tečaj ${title}`,
    delete: 'Obriši',
    confirmTitle: 'Obrisati tečaj?',
    confirmText: (title: string) => `Tečaj „${title}” bit će trajno obrisan.`,
    confirmNo: 'Ne',
    confirmYes: 'Obriši',
    deleting: 'Brisanje tečaja…',
    deleted: 'Tečaj uspješno obrisan!',
    deleteFailed: 'Brisanje tečaja nije uspjelo.',
  },
  /** SPEC 2 admin screen 1, 5 "Newsletter", 8 "Newsletter creation", 9; issue 14. */
  newsletterForm: {
    menuEntry: 'Newsletter',
    title: 'Stvori newsletter',
    loading: 'Učitavanje obrasca…',
    loadFailed: 'Obrazac nije moguće učitati. Osvježite stranicu ili pokušajte kasnije.',
    campaign: 'Newsletter',
    campaigns: {
      catalogs: 'Novosti iz kataloga',
      courses: 'Tečajevi',
    },
    subject: 'Naslov (predmet e-maila)',
    defaultSubject: (brand: string) => `${brand} Istaknuta ponuda`,
    scheduledAt: 'Datum i vrijeme slanja',
    dateHint: 'Hrvatsko vrijeme, npr. 12. 03. 2027. 09:00',
    body: 'Tekst poruke',
    defaultBody:
      'Poštovani,\n\nizdvojili smo za vas ponudu odabranih proizvoda iz našega kataloga. Veselimo se vašem upitu!',
    products: 'Proizvodi',
    product: (position: number) => `Proizvod ${position}`,
    productTitle: 'Naziv proizvoda',
    productPrice: 'Cijena (##.## €)',
    productImage: 'Fotografija proizvoda',
    addProduct: 'Dodaj proizvod',
    removeProduct: (position: number) => `Ukloni proizvod ${position}`,
    submit: 'Stvori newsletter',
    uploading: 'Učitavanje fotografija…',
    creating: 'Stvaranje newslettera…',
    subjectRequired: 'Unesite naslov newslettera.',
    bodyRequired: 'Unesite tekst newslettera.',
    dateRequired: 'Odaberite datum kada će se ova objava poslati pretplatnicima.',
    dateInFuture: 'Datum slanja obavijesti mora biti u budućnosti.',
    productsRequired: 'Obavijest mora sadržavati proizvode, definirajte popis proizvoda.',
    productsIncomplete: 'Definirajte sve proizvode u potpunosti.',
    priceFormat: 'Provjerite je li cijena svih proizvoda u ispravnog obliku (##.## €).',
    imageRequired: 'Dodajte fotografiju na sve proizvode.',
    reuploadImages: 'Ponovno učitajte fotografije proizvoda.',
    imageUploadFailed: (details: string) => `Učitavanje fotografije nije uspjelo: ${details}`,
    loginAgain:
      'Stvaranje newslettera nije uspjelo. Molimo, odjavite se, prijavite ponovno i pokušajte još jednom.',
    duplicate: 'Već postoji newsletter s ovim naslovom ili nazivom predloška.',
    created: 'Newsletter uspješno stvoren i bit će poslan u odabrano vrijeme.',
  },
  /** Issue 14: the newsletters below the form, with status, counts and actions. */
  newsletterList: {
    title: 'Newsletteri',
    loading: 'Učitavanje newslettera…',
    failed: 'Popis newslettera nije učitan.',
    retry: 'Pokušaj ponovno',
    reload: 'Osvježi popis',
    empty: 'Još nema stvorenih newslettera.',
    scheduledAt: 'Slanje',
    status: {
      scheduled: 'Zakazan',
      sending: 'Šalje se',
      sent: 'Poslan',
      cancelled: 'Otkazan',
    },
    counts: (counts: {
      pending: number;
      sent: number;
      failed: number;
      skipped: number;
      uncertain: number;
    }) =>
      `Poslano ${counts.sent}, čeka ${counts.pending}, neuspjelo ${counts.failed}, odjavljeni ${counts.skipped}, možda dvaput ${counts.uncertain}`,
    cancel: 'Otkaži',
    preview: 'Pregled',
    sendTest: 'Pošalji probni meni',
    working: 'Radnja u tijeku…',
    cancelled: 'Newsletter je otkazan.',
    testSent: 'Probni newsletter poslan je na vašu adresu.',
    previewTitle: (subject: string) => `Pregled: ${subject}`,
    closePreview: 'Zatvori pregled',
  },
  /** SPEC 2 admin screen 2, 5 "Course form", 8 "Courses". */
  courseForm: {
    menuEntry: 'Tečajevi',
    title: 'Dodaj tečaj',
    loading: 'Učitavanje obrasca…',
    titleLabel: 'Naziv',
    description: 'Opis',
    descriptionCounter: (used: number, max: number) => `${used} / ${max} znakova`,
    lecturer: 'Predavač(i)',
    lecturerHint: 'Više predavača odvojite zarezom.',
    location: 'Mjesto održavanja',
    country: 'Država',
    startDate: 'Početak',
    endDate: 'Završetak',
    dateHint: 'Hrvatsko vrijeme, npr. 12. 03. 2027. 09:00',
    datePlaceholder: 'dd. mm. gggg. hh:mm',
    timeCaption: 'Vrijeme',
    price: 'Cijena (€)',
    priceHint: 'Nije obavezno; 0 znači da je tečaj besplatan.',
    image: 'Fotografija',
    pdf: 'Program tečaja (PDF, nije obavezno)',
    submit: 'Objavi tečaj',
    submitting: 'Spremanje tečaja…',
    created: 'Tečaj uspješno stvoren!',
    titleRequired: 'Naziv ne može biti prazan.',
    descriptionRequired: 'Opis ne može biti prazan.',
    descriptionTooLong: (max: number) => `Opis može imati najviše ${max} znakova.`,
    lecturerRequired: 'Nije unesen predavač.',
    locationRequired: 'Nije uneseno mjesto održavanja tečaja.',
    datesRequired: 'Datumi početka i završetka tečaja moraju biti postavljeni.',
    startInFuture: 'Početak održavanja tečaja mora biti u budućnosti.',
    startBeforeEnd: 'Početak održavanja tečaja mora biti prije njegovog završetka.',
    sameStartAndEnd:
      'Početak i završetak tečaja ne mogu biti isti. Za jednodnevni tečaj postavite sate početka i završetka.',
    imageRequired: 'Fotografija nije učitana.',
    priceInvalid: 'Cijena mora biti broj od 0 naviše, s najviše dvije decimale.',
    imageType: 'Fotografija mora biti JPEG, PNG, WebP ili AVIF.',
    imageTooLarge: (megabytes: number) => `Fotografija može imati najviše ${megabytes} MB.`,
    pdfType: 'Program tečaja mora biti PDF datoteka.',
    pdfTooLarge: (megabytes: number) => `PDF može imati najviše ${megabytes} MB.`,
    countryUnavailable: 'Odabrana država nije dostupna.',
  },
  /** SPEC 2 admin screen 8, 5 "Partner", 8 "Partner". */
  partnerForm: {
    menuEntry: 'Partneri',
    title: 'Novi partner',
    name: 'Naziv partnera',
    websiteUrl: 'Web stranica partnera',
    websiteUrlHint: 'Cijela adresa, npr. https://www.partner.hr',
    logo: 'Logotip',
    logoHint: 'JPEG, PNG, WebP ili AVIF, najviše 5 MB.',
    submit: 'Stvori partnera',
    submitting: 'Spremanje partnera…',
    created: 'Partner stvoren.',
    allRequired: 'Niste unijeli sva tražena polja.',
    websiteScheme: "Poveznica na stranicu partnera mora započeti s 'http://' ili 'https://'.",
    websiteInvalid: 'Poveznica na stranicu partnera nije ispravna web adresa.',
    nameTooLong: (max: number) => `Naziv partnera može imati najviše ${max} znakova.`,
    websiteTooLong: (max: number) =>
      `Poveznica na stranicu partnera može imati najviše ${max} znakova.`,
    logoType: 'Logotip mora biti slika u formatu JPEG, PNG, WebP ili AVIF.',
    logoTooLarge: (megabytes: number) => `Logotip može imati najviše ${megabytes} MB.`,
    nameTaken: 'Partner s tim nazivom već postoji.',
    failed: (json: string) => `Nešto je pošlo po zlu: ${json}`,
    listTitle: 'Postojeći partneri',
    loading: 'Učitavanje partnera…',
    listFailed: 'Popis partnera trenutno nije moguće učitati. Novog partnera ipak možete unijeti.',
    none: 'Još nema unesenih partnera.',
  },
  /** SPEC 2 "Home", 9: the hero and the lazily loaded sections. */
  home: {
    slogan: 'Vaš pouzdan partner sa sjeverozapada.',
    lead: 'Dentalni materijali, instrumenti i oprema vodećih svjetskih proizvođača, stručni tečajevi i video edukacije za doktore dentalne medicine i dentalne tehničare.',
    pauseRotation: 'Zaustavi izmjenu fotografija',
    playRotation: 'Pokreni izmjenu fotografija',
    exclusivePartners: 'Novi ekskluzivni partneri',
    exclusivePartnersLead: 'Od sada u našoj ponudi, kao ekskluzivni zastupnik za Hrvatsku.',
    products: 'Izdvojeno iz ponude',
    highlighted: 'Istaknuto',
    manufacturers: 'Proizvođači s kojima surađujemo',
    map: 'Prodajni predstavnici po regijama',
    mapLead:
      'Odaberite svoju regiju i javite se prodajnom predstavniku koji brine o vašem području.',
    euFunding: 'Projekt sufinanciran sredstvima Europske unije',
  },
  /** SPEC 2 "About us", 4 "Map": the region map shared by /info and the home page. */
  regionMap: {
    label: 'Karta regija prodajnih predstavnika',
    hint: 'Odaberite regiju na karti (mišem ili tipkovnicom: Tab pa Enter) i prikazat ćemo prodajne predstavnike za to područje.',
    loading: 'Učitavanje karte…',
    clear: 'Poništi odabir',
    noRepresentatives: 'Za ovu regiju javite nam se na središnji broj telefona.',
    representativesOf: (regionName: string) => `Prodajni predstavnici: ${regionName}`,
  },
  /** SPEC 2 "About us". */
  about: {
    title: 'O nama',
    lead: 'Više od dvadeset godina opskrbljujemo ordinacije dentalne medicine i dentalne laboratorije u cijeloj Hrvatskoj. Naši prodajni predstavnici dolaze u vašu ordinaciju, a referenti i računovodstvo brinu da narudžbe, isporuke i računi stignu na vrijeme.',
    phone: 'Telefon',
    supportEmail: 'E-pošta za podršku',
    mapSwitch: 'Prikaži kartu regija',
    salesRepresentatives: 'Prodajni predstavnici',
    referents: 'Referenti',
    accounting: 'Računovodstvo i financije',
    regions: 'Regije',
  },
  /** SPEC 2 "Products and catalogues". */
  catalogues: {
    title: 'Proizvodi i katalozi',
    lead: 'Preuzmite naš katalog proizvoda i prijavite se na newsletter kako biste prvi saznali za nove proizvode i akcije.',
    catalogueHeading: 'Katalog proizvoda',
    download: 'Preuzmi katalog',
    fileDetails: (size: string) => `PDF, ${size}`,
    newsletterHeading: 'Newsletter kataloga',
    newsletterLead: 'Prijavite se i prvi saznajte za nove kataloge, proizvode i akcije.',
    suppliers: 'Dobavljači',
    suppliersLead: 'Proizvođači čije proizvode nudimo. Poveznice vode na njihove mrežne stranice.',
  },
  /** SPEC 2 "Gallery". */
  gallery: {
    title: 'Galerija fotografija prethodnih tečajeva',
    lead: 'Fotografije s tečajeva i radionica koje smo organizirali s našim partnerima. Odaberite fotografiju za prikaz u punoj veličini.',
    backToCourses: 'Natrag na tečajeve',
    /** 1 fotografija, 2-4 fotografije, 5 fotografija, 22 fotografije... */
    photoCount: (count: number) =>
      [2, 3, 4].includes(count % 10) && ![12, 13, 14].includes(count % 100)
        ? `${count} fotografije`
        : `${count} fotografija`,
  },
  /** ExternalLink and the gallery: a link that opens a new tab says so. */
  newTab: '(otvara se u novoj kartici)',
  /** SPEC 2 "Products and catalogues", "Courses list"; 4, 5 "Input modal", 8 "Newsletter subscription". */
  newsletter: {
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
  },
  /** SPEC 2 "Newsletter unsubscribe", 4 "Unsubscribe", 5 "Unsubscribe", 8 "Unsubscribe". */
  unsubscribe: {
    title: (brand: string) => `Odjava s newslettera ${brand}`,
    campaign: {
      courses: 'Newsletter o tečajevima',
      catalogs: 'Newsletter s novostima iz kataloga',
    },
    inProgress: 'Odjava u tijeku…',
    done: 'Uspješno ste se odjavili s newslettera.',
    doneDetail: 'Više vam ga nećemo slati.',
    alreadyUnsubscribed: 'Već ste se odjavili s newslettera.',
    contactUs: (email: string) =>
      `Odjava trenutno nije moguća. Molimo vas, javite nam se izravno na ${email} i odjavit ćemo vas.`,
    failed: 'Odjava nije uspjela.',
    home: 'Natrag na početnu stranicu',
  },
} as const;

/** SPEC 2 "Header and footer": the header links. */
export const navMessages = {
  catalogues: 'Proizvodi i katalozi',
  courses: 'Tečajevi',
  about: 'O nama',
  educations: 'Video edukacije',
  admin: 'Admin',
  login: 'Prijava',
  logout: 'Odjava',
} as const;

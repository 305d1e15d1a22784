/** SPEC 3 "Role catalogue". */
export const rolesMessages = {
  user: 'Običan korisnik',
  employee: 'Zaposlenik',
  administrator: 'Administrator',
} as const;

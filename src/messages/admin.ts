/** SPEC 2 "Admin shell", 6. */
export const adminMessages = {
  menuLabel: 'Administracija',
  users: 'Korisnici',
} as const;

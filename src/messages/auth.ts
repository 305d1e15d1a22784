/** SPEC 8: the session expired and could not be renewed. */
export const authMessages = {
  expired: 'Prijava vam je istekla. Molimo, prijavite se ponovno.',
} as const;

/** The robot-check widget (ARCHITECTURE.md "Robot check"). */
export const robotCheckMessages = {
  label: 'Provjera da niste robot',
  loading: 'Učitavanje provjere…',
} as const;

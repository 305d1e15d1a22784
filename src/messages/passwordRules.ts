/** SPEC 5 "Set new password": one Croatian sentence per password rule. */
export const passwordRulesMessages = {
  minLength: 'Molimo vas da lozinka ima barem 8 znakova.',
  lowercase: 'Molimo vas da lozinka ima barem jedno malo slovo.',
  uppercase: 'Molimo vas da lozinka ima barem jedno veliko slovo.',
  digit: 'Molimo vas da lozinka ima barem jednu znamenku.',
  special: 'Molimo vas da lozinka ima barem jedan poseban znak (npr. ! ? . - _ @).',
  common:
    'Ova je lozinka prečesto korištena. Molimo vas da odaberete lozinku koju je teže pogoditi.',
  tooLong: 'Lozinka je preduga.',
  /** The checklist under a new password, shown before typing and ticked as the rules are met. */
  checklistTitle: 'Lozinka mora imati:',
  checklist: {
    minLength: 'barem 8 znakova',
    lowercase: 'barem jedno malo slovo',
    uppercase: 'barem jedno veliko slovo',
    digit: 'barem jednu znamenku',
    special: 'barem jedan poseban znak (npr. ! ? . - _ @)',
  },
  met: 'ispunjeno',
  unmet: 'nije ispunjeno',
} as const;

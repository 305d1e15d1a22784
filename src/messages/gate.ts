/** SPEC 2 "Access gate", 5 "Gate". */
export const gateMessages = {
  title: 'Dobro došli na službene stranice',
  declarationSwitch: 'Izjavljujem gore navedeno.',
  accept: 'Prihvaćam nužne kolačiće',
  declarationRequired: "Molimo, odaberite 'Izjavljujem gore navedeno.'",
} as const;

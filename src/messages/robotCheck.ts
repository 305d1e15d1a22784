/** The robot-check widget (ARCHITECTURE.md "Robot check"). */
export const robotCheckMessages = {
  label: 'Provjera da niste robot',
  /**
   * What the widget's checkbox says, for both widgets: SPEC's messages ask the visitor to press
   * 'I'm not a robot' (login, newsletter), so the checkbox they press carries those words.
   */
  widgetLabel: "I'm not a robot",
  loading: 'Učitavanje provjere…',
} as const;

/** The date and time picker of the admin forms (SPEC 5 "Course form", admin screen 1). */
export const datePickerMessages = {
  datePlaceholder: 'dd. mm. gggg. hh:mm',
  timeCaption: 'Vrijeme',
} as const;

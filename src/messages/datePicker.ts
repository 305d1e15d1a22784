/** The date and time picker of the admin forms (SPEC 5 "Course form", admin screen 1). */
export const datePickerMessages = {
  datePlaceholder: 'dd. mm. gggg. hh:mm',
  timeCaption: 'Vrijeme',
  /** What a screen reader reads before a day ("Odaberi petak, 12. ožujka 2027."). */
  chooseDay: 'Odaberi',
  unavailableDay: 'Nije dostupno',
  week: 'tjedan',
  month: 'Mjesec',
  previousMonth: 'Prethodni mjesec',
  nextMonth: 'Sljedeći mjesec',
  previousYear: 'Prethodna godina',
  nextYear: 'Sljedeća godina',
  close: 'Zatvori',
  dialog: 'Odaberite datum i vrijeme',
  monthDialog: 'Odaberite mjesec',
} as const;

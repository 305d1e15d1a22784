/**
 * What react-datepicker reads to a screen reader, in Croatian, for every picker of the app (the
 * date and time picker of the course and newsletter forms, the education's recording month): the
 * locale words the dates ("petak, 12. ožujka 2027."), these props the rest, which the library
 * writes in English whatever the locale ("Choose", "Not available", "Month", "Choose Date").
 */
import type { ReactNode } from 'react';
import { datePickerMessages as text } from '../../messages/datePicker.ts';

export const CROATIAN_PICKER_LABELS = {
  chooseDayAriaLabelPrefix: text.chooseDay,
  disabledDayAriaLabelPrefix: text.unavailableDay,
  weekAriaLabelPrefix: text.week,
  monthAriaLabelPrefix: text.month,
  previousMonthAriaLabel: text.previousMonth,
  previousMonthButtonLabel: text.previousMonth,
  nextMonthAriaLabel: text.nextMonth,
  nextMonthButtonLabel: text.nextMonth,
  previousYearAriaLabel: text.previousYear,
  previousYearButtonLabel: text.previousYear,
  nextYearAriaLabel: text.nextYear,
  nextYearButtonLabel: text.nextYear,
  ariaLabelClose: text.close,
  timeCaption: text.timeCaption,
  timeInputLabel: text.timeCaption,
} as const;

/** The calendar's dialog under a Croatian name (the library's own says "Choose Date"). */
function croatianCalendar(label: string) {
  return function CroatianCalendar({
    className,
    children,
  }: {
    className?: string;
    children?: ReactNode;
  }) {
    return (
      <div className={className} role="dialog" aria-modal="true" aria-label={label}>
        {children}
      </div>
    );
  };
}

export const CroatianCalendarContainer = croatianCalendar(text.dialog);

/** Spread into a month picker (`showMonthYearPicker`): its labels and dialog in Croatian. */
export const CROATIAN_MONTH_PICKER = {
  ...CROATIAN_PICKER_LABELS,
  calendarContainer: croatianCalendar(text.monthDialog),
} as const;

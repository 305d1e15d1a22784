/**
 * The date and time field of the admin forms (the course's start and end, the newsletter's
 * sending time): react-datepicker in Croatian, 'dd. MM. yyyy. HH:mm', 15-minute steps, in the
 * site's colours (forms.css). It takes and gives Zagreb wall times ('YYYY-MM-DDTHH:mm' or ''),
 * whatever the browser's time zone is (src/lib/wallTime.ts). Days and times before `now` are
 * disabled: both forms refuse a past time. The picker and its styles load with the screens that
 * use it.
 */
import { hr } from 'date-fns/locale/hr';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import './DateTimePicker.css';
import { pickerDateToWallTime, wallTimeToPickerDate, zagrebWallTime } from '../../lib/wallTime.ts';
import { datePickerMessages as text } from '../../messages/datePicker.ts';
import { CROATIAN_PICKER_LABELS, CroatianCalendarContainer } from './croatianPicker.tsx';

registerLocale('hr', hr);

/** How the picker shows a wall time (react-datepicker's date-fns pattern). */
const PICKER_DATE_TIME_FORMAT = 'dd. MM. yyyy. HH:mm';
const TIME_STEP_MINUTES = 15;

export interface DateTimePickerProps {
  id: string;
  /** A Zagreb wall time, or '' for none. */
  value: string;
  onChange: (wallTime: string) => void;
  /** The wall time the calendar opens at (default: the value's). */
  openTo?: string;
  /** The present: days and times before it cannot be chosen. */
  now: Date;
  disabled: boolean;
  invalid?: boolean;
  describedBy?: string;
}

export function DateTimePicker({
  id,
  value,
  onChange,
  openTo,
  now,
  disabled,
  invalid,
  describedBy,
}: DateTimePickerProps) {
  const earliest = wallTimeToPickerDate(zagrebWallTime(now));
  return (
    <DatePicker
      {...CROATIAN_PICKER_LABELS}
      id={id}
      className="form__input"
      calendarContainer={CroatianCalendarContainer}
      selected={wallTimeToPickerDate(value)}
      openToDate={openTo === undefined ? undefined : (wallTimeToPickerDate(openTo) ?? undefined)}
      onChange={(date: Date | null) => onChange(pickerDateToWallTime(date))}
      locale="hr"
      dateFormat={PICKER_DATE_TIME_FORMAT}
      showTimeSelect
      timeIntervals={TIME_STEP_MINUTES}
      timeFormat="HH:mm"
      minDate={earliest ?? undefined}
      // The time list shows the chosen day's times: on today, those already past are disabled.
      filterTime={(time: Date) => earliest === null || time.getTime() > earliest.getTime()}
      placeholderText={text.datePlaceholder}
      autoComplete="off"
      disabled={disabled}
      ariaInvalid={invalid ? 'true' : undefined}
      ariaDescribedBy={describedBy}
    />
  );
}

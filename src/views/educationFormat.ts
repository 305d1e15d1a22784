/**
 * How an education's dates read (SPEC 9, hr-HR): the recording month as 'ožujak 2024.' and the
 * date it was added as '12. ožujka 2027.' in Europe/Zagreb, like a course's publication date.
 */
import { zagrebDay } from '../lib/dateText.ts';
import { ZAGREB_TIME_ZONE } from '../lib/timeZone.ts';

const monthFormat = new Intl.DateTimeFormat('hr-HR', {
  timeZone: ZAGREB_TIME_ZONE,
  month: 'long',
  year: 'numeric',
});

/** 'ožujak 2024.' for the contract's '2024-03'. */
export function recordingMonth(yearMonth: string): string {
  const [year, month] = yearMonth.split('-').map(Number);
  // Mid-month at noon UTC is the same month in every time zone.
  return monthFormat.format(new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, 15, 12)));
}

/** '12. ožujka 2027.', the day the education was added. */
export const addedOnDate = zagrebDay;

const createdAtFormat = new Intl.DateTimeFormat('hr-HR', {
  timeZone: ZAGREB_TIME_ZONE,
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** When an education was added, with its time (the delete screen): '12. 3. 2027. 09:05'. */
export const createdAtText = (instant: string) =>
  createdAtFormat.format(new Date(instant)).replace(',', '');

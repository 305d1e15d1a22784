/**
 * How a course reads on its card (SPEC 9): dates in hr-HR and the Europe/Zagreb time zone, a time
 * of 00:00 treated as unknown and hidden, a single-day course (start and end on the same local
 * date) shown as one date with its hours, prices in euros, lecturers split at commas.
 */
import { zagrebDay } from '../lib/dateText.ts';
import { ZAGREB_TIME_ZONE } from '../lib/timeZone.ts';
import { coursesMessages } from '../messages/courses.ts';

/** SPEC 9: the default country; a card names its country only when it is another one. */
export const HOME_COUNTRY = 'HR';

const dateFormat = new Intl.DateTimeFormat('hr-HR', {
  timeZone: ZAGREB_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('hr-HR', {
  timeZone: ZAGREB_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const localDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZAGREB_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const priceFormat = new Intl.NumberFormat('hr-HR', { style: 'currency', currency: 'EUR' });

/** 'HH:mm' in Zagreb, or null when it is 00:00 (SPEC 9: an unknown time). */
export function knownTime(instant: string): string | null {
  const time = timeFormat.format(new Date(instant));
  return time === '00:00' ? null : time;
}

/** 'petak, 12. ožujka 2027.' */
export const courseDate = (instant: string) => dateFormat.format(new Date(instant));

/** '12. ožujka 2027.', for the publication date. */
export const publicationDate = zagrebDay;

export const isSingleDay = (start: string, end: string) =>
  localDayFormat.format(new Date(start)) === localDayFormat.format(new Date(end));

/** The hours of a single-day course: 'HH:mm – HH:mm', or the one that is known, or null. */
export function singleDayHours(start: string, end: string): string | null {
  const from = knownTime(start);
  const until = knownTime(end);
  if (from && until) return `${from} – ${until}`;
  if (from) return coursesMessages.timeFrom(from);
  if (until) return coursesMessages.timeUntil(until);
  return null;
}

/** A date with its time when the time is known: 'petak, 12. ožujka 2027. u 09:00'. */
export function dateWithTime(instant: string): string {
  const time = knownTime(instant);
  return time ? `${courseDate(instant)} u ${time}` : courseDate(instant);
}

/** SPEC 3: 0 is free, null is no price given. */
export function coursePrice(price: number | null): string | null {
  if (price === null) return null;
  return price === 0 ? coursesMessages.free : priceFormat.format(price);
}

/** SPEC 3: several lecturers are separated by commas. */
export const lecturerNames = (lecturer: string) =>
  lecturer
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** Paragraphs at blank lines; single line breaks stay inside a paragraph. */
export const paragraphs = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/**
 * Wall-clock times as the admin forms keep them, 'YYYY-MM-DDTHH:mm' in Zagreb (SPEC 9), and the
 * instants they name, whatever the browser's own time zone is. The date picker works in the
 * browser's time zone, so the same clock reading is carried across: the administrator picks the
 * course's local time from anywhere. Time-zone arithmetic is @date-fns/tz's, not ours.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { ZAGREB_TIME_ZONE } from './timeZone.ts';

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
type WallTimeParts = [year: number, month: number, day: number, hour: number, minute: number];

function wallTimeParts(wallTime: string): WallTimeParts | null {
  const match = WALL_TIME.exec(wallTime);
  return match ? (match.slice(1).map(Number) as WallTimeParts) : null;
}

/**
 * The instant a Zagreb wall time names (null for '' or bad text). A time the spring change skips
 * (02:30 on the last Sunday of March) reads an hour later, as the clocks show it; a time the
 * autumn change repeats reads as the second one, in winter time.
 */
export function zagrebInstant(wallTime: string): Date | null {
  const parts = wallTimeParts(wallTime);
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts;
  return new Date(new TZDate(year, month - 1, day, hour, minute, ZAGREB_TIME_ZONE).getTime());
}

/** The picker's date (the browser's time zone) with the clock reading of a wall time. */
export function wallTimeToPickerDate(wallTime: string): Date | null {
  const parts = wallTimeParts(wallTime);
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts;
  return new Date(year, month - 1, day, hour, minute);
}

export function pickerDateToWallTime(date: Date | null): string {
  if (!date) return '';
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The Zagreb wall time of an instant, 'YYYY-MM-DDTHH:mm' (a stored date shown in the form). */
export function zagrebWallTime(instant: Date): string {
  return format(new TZDate(instant.getTime(), ZAGREB_TIME_ZONE), "yyyy-MM-dd'T'HH:mm");
}

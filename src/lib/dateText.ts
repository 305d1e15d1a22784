/** Dates as the site writes them for people (SPEC 9: hr-HR, Europe/Zagreb). */
import { ZAGREB_TIME_ZONE } from './timeZone.ts';

const dayFormat = new Intl.DateTimeFormat('hr-HR', {
  timeZone: ZAGREB_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** '12. ožujka 2027.': the day of an instant in Zagreb (a course published, an education added). */
export const zagrebDay = (instant: string) => dayFormat.format(new Date(instant));

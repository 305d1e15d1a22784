/**
 * Months on Zagreb's calendar (SPEC 9), for the browser and the server alike: "this month" is
 * Croatia's, whatever the time zone of the machine or the visitor. Through @date-fns/tz.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { hr } from 'date-fns/locale/hr';
import { ZAGREB_TIME_ZONE } from './timeZone.ts';

const inZagreb = (instant: Date) => new TZDate(instant.getTime(), ZAGREB_TIME_ZONE);

/** 'YYYY-MM': the month of an instant in Zagreb (an education's recording month). */
export const zagrebMonth = (instant: Date): string => format(inZagreb(instant), 'yyyy-MM');

/** 'studeni 2026': the month of an instant in Zagreb, named in Croatian (nominative). */
export const zagrebMonthName = (instant: Date): string =>
  format(inZagreb(instant), 'LLLL yyyy', { locale: hr });

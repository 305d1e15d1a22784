/** Zagreb wall times: the clock changes of 2030 and the date picker's bridge. */
import { describe, expect, it } from 'vitest';
import { pickerDateToWallTime, wallTimeToPickerDate, zagrebInstant } from './wallTime.ts';

describe('zagrebInstant', () => {
  it('reads summer and winter time', () => {
    expect(zagrebInstant('2030-07-01T12:00')?.toISOString()).toBe('2030-07-01T10:00:00.000Z');
    expect(zagrebInstant('2030-01-01T00:00')?.toISOString()).toBe('2029-12-31T23:00:00.000Z');
  });

  it('reads a time just after midnight as the day before in UTC', () => {
    expect(zagrebInstant('2030-01-01T00:30')?.toISOString()).toBe('2029-12-31T23:30:00.000Z');
    expect(zagrebInstant('2030-07-01T01:59')?.toISOString()).toBe('2030-06-30T23:59:00.000Z');
    expect(zagrebInstant('2030-12-31T23:59')?.toISOString()).toBe('2030-12-31T22:59:00.000Z');
  });

  // Zagreb's clocks go from 02:00 to 03:00 on 31 March 2030 and back from 03:00 to 02:00 on
  // 27 October 2030 (both at 01:00 UTC).
  it('reads the hours around the change to summer time', () => {
    expect(zagrebInstant('2030-03-31T00:30')?.toISOString()).toBe('2030-03-30T23:30:00.000Z');
    // The offset at 01:59 read as UTC is already summer time's; the time itself is not.
    expect(zagrebInstant('2030-03-31T01:59')?.toISOString()).toBe('2030-03-31T00:59:00.000Z');
    expect(zagrebInstant('2030-03-31T03:00')?.toISOString()).toBe('2030-03-31T01:00:00.000Z');
    // 02:30 does not exist that night: it is read an hour later, as the clocks show it.
    expect(zagrebInstant('2030-03-31T02:30')?.toISOString()).toBe('2030-03-31T01:30:00.000Z');
  });

  it('reads the hours around the change to winter time', () => {
    expect(zagrebInstant('2030-10-27T01:59')?.toISOString()).toBe('2030-10-26T23:59:00.000Z');
    // 02:30 happens twice that night: the second one, in winter time.
    expect(zagrebInstant('2030-10-27T02:30')?.toISOString()).toBe('2030-10-27T01:30:00.000Z');
    expect(zagrebInstant('2030-10-27T03:00')?.toISOString()).toBe('2030-10-27T02:00:00.000Z');
  });

  it.each(['2030-07-01 12:00', '2030-07-01T12:00:00', 'x2030-07-01T12:00', '2030-07-01T12:00x'])(
    'refuses "%s"',
    (wallTime) => expect(zagrebInstant(wallTime)).toBeNull(),
  );
});

describe('the date picker bridge', () => {
  it('carries the clock reading across unchanged', () => {
    const date = wallTimeToPickerDate('2031-05-05T08:30');
    expect(date?.getHours()).toBe(8);
    expect(date?.getDate()).toBe(5);
    expect(pickerDateToWallTime(date ?? null)).toBe('2031-05-05T08:30');
    expect(wallTimeToPickerDate('')).toBeNull();
    expect(pickerDateToWallTime(null)).toBe('');
  });
});

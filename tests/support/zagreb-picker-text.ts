/**
 * 'dd. MM. yyyy. HH:mm' in Zagreb, as the date pickers show and take an instant: computed with
 * Intl alone, apart from the forms' own helpers (src/lib/wallTime.ts), so that a test judges them.
 * Free of DOM types: the browser tests import it too.
 */
export function zagrebPickerText(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Zagreb',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}. ${parts.month}. ${parts.year}. ${parts.hour}:${parts.minute}`;
}

/**
 * Every react-datepicker of the app reads Croatian to a screen reader (issue 29 point 5): the
 * date and time picker of the course and newsletter forms, and a month picker as the education's
 * recording month is (SHOW_MONTH: react-datepicker's month picker with the shared Croatian props).
 * No aria-label of an opened picker starts with the library's English words.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { hr } from 'date-fns/locale/hr';
import DatePicker, { registerLocale } from 'react-datepicker';
import { describe, expect, it, vi } from 'vitest';
import { CROATIAN_MONTH_PICKER } from '../../src/views/form/croatianPicker.tsx';
import { DateTimePicker } from '../../src/views/form/DateTimePicker.tsx';

registerLocale('hr', hr);

/** Friday 12 March 2027, 10:20 in Zagreb. */
const NOW = new Date('2027-03-12T09:20:00Z');
const ENGLISH =
  /^(Choose|Not available|Month|week|Previous|Next|Close|Time|Select|Selected|Calendar)\b/i;

/** Every aria-label under `root`, the root's own included. */
const ariaLabels = (root: Element) =>
  [root, ...root.querySelectorAll('[aria-label]')]
    .map((element) => element.getAttribute('aria-label'))
    .filter((label): label is string => label !== null);

describe('the date pickers read Croatian to screen readers', () => {
  it('the date and time picker (course, newsletter): no English label', () => {
    render(<DateTimePicker id="when" value="" onChange={vi.fn()} now={NOW} disabled={false} />);
    fireEvent.click(screen.getByRole('textbox'));
    const dialog = screen.getByRole('dialog', { name: 'Odaberite datum i vrijeme' });
    fireEvent.click(screen.getByRole('button', { name: 'Sljedeći mjesec' }));
    const labels = ariaLabels(dialog);
    expect(labels.length).toBeGreaterThan(28);
    expect(labels.filter((label) => ENGLISH.test(label))).toEqual([]);
  });

  it('the month picker (an education recording month): months, years and dialog in Croatian', () => {
    render(
      <DatePicker
        {...CROATIAN_MONTH_PICKER}
        id="month"
        selected={null}
        openToDate={NOW}
        onChange={vi.fn()}
        showMonthYearPicker
        maxDate={NOW}
        locale="hr"
        dateFormat="MM/yyyy"
      />,
    );
    fireEvent.click(screen.getByRole('textbox'));
    const dialog = screen.getByRole('dialog', { name: 'Odaberite mjesec' });
    expect(screen.getByRole('option', { name: /^Odaberi ožujka 2027/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /^Nije dostupno travnja 2027/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Prethodna godina' }));
    const labels = ariaLabels(dialog);
    expect(labels.length).toBeGreaterThan(12);
    expect(labels.filter((label) => ENGLISH.test(label))).toEqual([]);
  });
});

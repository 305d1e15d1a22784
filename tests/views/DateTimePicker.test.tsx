import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DateTimePicker } from '../../src/views/form/DateTimePicker.tsx';

/** Friday 12 March 2027, 10:20 in Zagreb (09:20 UTC). */
const NOW = new Date('2027-03-12T09:20:00Z');

function openPicker(value = '') {
  render(<DateTimePicker id="when" value={value} onChange={vi.fn()} now={NOW} disabled={false} />);
  fireEvent.click(screen.getByRole('textbox'));
  return screen.getByRole('dialog', { name: 'Odaberite datum i vrijeme' });
}

describe('the date and time picker of the admin forms', () => {
  it('reads its days, buttons and time list to a screen reader in Croatian', () => {
    const dialog = openPicker();
    expect(
      within(dialog).getByRole('gridcell', { name: 'Odaberi petak, 12. ožujka 2027.' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sljedeći mjesec' })).toBeInTheDocument();
    // The month before is all past: the picker offers no way back to it.
    expect(within(dialog).queryByRole('button', { name: 'Prethodni mjesec' })).toBeNull();
    expect(within(dialog).getByRole('listbox', { name: 'Vrijeme' })).toBeInTheDocument();
    expect(dialog.textContent).not.toMatch(/Choose|Not available|Previous|Next|Month|Time/);
  });

  it('disables the days before today, and on today the times already past', () => {
    const dialog = openPicker('2027-03-12T11:00');
    const yesterday = within(dialog).getByRole('gridcell', {
      name: 'Nije dostupno četvrtak, 11. ožujka 2027.',
    });
    expect(yesterday).toHaveAttribute('aria-disabled', 'true');
    const today = within(dialog).getByRole('gridcell', { name: 'Odaberi petak, 12. ožujka 2027.' });
    expect(today).toHaveAttribute('aria-disabled', 'false');
    const time = (label: string) => within(dialog).getByRole('option', { name: label });
    expect(time('10:15')).toHaveAttribute('aria-disabled', 'true');
    expect(time('10:30')).not.toHaveAttribute('aria-disabled', 'true');
  });
});

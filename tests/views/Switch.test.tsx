import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from '../../src/views/Switch.tsx';

function renderSwitch(checked: boolean) {
  const onToggle = vi.fn();
  render(<Switch checked={checked} onToggle={onToggle} label="Prikaži kartu regija" />);
  return onToggle;
}

describe('Switch', () => {
  it('is a switch named by its visible label that reports its state', () => {
    renderSwitch(true);
    expect(screen.getByRole('switch', { name: 'Prikaži kartu regija' })).toBeChecked();
  });

  it('reports off when not checked', () => {
    renderSwitch(false);
    expect(screen.getByRole('switch', { name: 'Prikaži kartu regija' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it('toggles on a click on itself or on its label', async () => {
    const user = userEvent.setup();
    const onToggle = renderSwitch(false);
    await user.click(screen.getByRole('switch'));
    await user.click(screen.getByText('Prikaži kartu regija'));
    expect(onToggle).toHaveBeenCalledTimes(2);
  });

  it('is reached with Tab and toggles on Space and on Enter', async () => {
    const user = userEvent.setup();
    const onToggle = renderSwitch(false);
    await user.tab();
    expect(screen.getByRole('switch')).toHaveFocus();
    await user.keyboard(' ');
    expect(onToggle).toHaveBeenCalledTimes(1);
    await user.keyboard('{Enter}');
    expect(onToggle).toHaveBeenCalledTimes(2);
  });
});

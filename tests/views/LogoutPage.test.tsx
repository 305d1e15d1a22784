import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  logoutCountdownMachine,
  selectSecondsLeft,
} from '../../src/machines/logoutCountdown.machine.ts';
import { LogoutPage } from '../../src/views/LogoutPage.tsx';

function renderAt(secondsLeft: number) {
  const snapshot = logoutCountdownMachine.resolveState({
    value: 'counting',
    context: { secondsLeft },
  });
  return render(<LogoutPage secondsLeft={selectSecondsLeft(snapshot)} />);
}

describe('LogoutPage', () => {
  it('says goodbye and counts down to the home page politely', () => {
    renderAt(3);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Uspješno ste odjavljeni!' }),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Uspješno ste odjavljeni!' })).toBeInTheDocument();
    const countdown = screen.getByText('Preusmjeravanje na početnu stranicu za 3…');
    expect(countdown).toHaveAttribute('aria-live', 'polite');
  });

  it('shows the seconds left of a later tick', () => {
    renderAt(1);
    expect(screen.getByText('Preusmjeravanje na početnu stranicu za 1…')).toBeVisible();
  });
});

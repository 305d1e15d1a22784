import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  newsletterSubscriptionMachine,
  selectDialogLoading,
  selectOpeningProblem,
  type NewsletterSubscriptionContext,
} from '../../src/machines/newsletterSubscription.machine.ts';
import { NewsletterSubscription } from '../../src/views/NewsletterSubscription.tsx';

const CONTEXT: NewsletterSubscriptionContext = { dialogLoaded: false, problem: null };

function renderIn(value: string, context = CONTEXT) {
  const snapshot = newsletterSubscriptionMachine.resolveState({ value, context });
  const send = vi.fn();
  render(
    <NewsletterSubscription
      loading={selectDialogLoading(snapshot)}
      problem={selectOpeningProblem(snapshot)}
      dialog={<div role="dialog" aria-label="Dijalog" />}
      onOpen={() => send({ type: 'OPEN' })}
    />,
  );
  return send;
}

describe('NewsletterSubscription', () => {
  it('a button that opens a dialog sends OPEN', async () => {
    const send = renderIn('idle');
    const button = screen.getByRole('button', { name: 'Prijavi se na newsletter' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(button);
    expect(send).toHaveBeenCalledWith({ type: 'OPEN' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('while the dialog loads: a spinner beside the button, which stays for the focus', () => {
    renderIn('loadingDialog');
    expect(screen.getByRole('status')).toHaveTextContent('Otvaranje prijave…');
    expect(screen.getByRole('button', { name: 'Prijavi se na newsletter' })).toBeVisible();
  });

  it('a dialog that failed to load: the reason as an alert', () => {
    renderIn('idle', { ...CONTEXT, problem: 'Nešto je pošlo po krivu.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Nešto je pošlo po krivu.');
  });

  it('shows the dialog it is given', () => {
    renderIn('open', { ...CONTEXT, dialogLoaded: true });
    expect(screen.getByRole('dialog', { name: 'Dijalog' })).toBeInTheDocument();
  });
});

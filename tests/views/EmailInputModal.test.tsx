import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  EMAIL_MODAL_MIN_LENGTH,
  emailInputModalMachine,
  selectModalEmail,
  selectModalFeedback,
  selectModalOpen,
  selectModalSubmitting,
  selectModalSucceeded,
  type EmailInputModalContext,
} from '../../src/machines/emailInputModal.machine.ts';
import { messages } from '../../src/messages.ts';
import { EmailInputModal } from '../../src/views/EmailInputModal.tsx';

const user = userEvent.setup();
const ROBOT_CHECK = 'Provjera da niste robot';
const NEWSLETTER_TITLE = 'Newsletter';
const NEWSLETTER_DONE = 'Hvala na prijavi!';

type ModalValue = 'closed' | { open: 'editing' | 'submitting' | 'succeeded' };

function renderModal(value: ModalValue, context: Partial<EmailInputModalContext> = {}) {
  const snapshot = emailInputModalMachine.resolveState({
    value,
    context: {
      outcome: 'closeWhenDone',
      withoutRobotCheck: 'ignore',
      email: '',
      robotToken: null,
      feedback: null,
      ...context,
    },
  });
  const send = vi.fn();
  const email = selectModalEmail(snapshot);
  render(
    <EmailInputModal
      open={selectModalOpen(snapshot)}
      title={
        snapshot.context.outcome === 'closeWhenDone'
          ? messages.passwordReset.title
          : NEWSLETTER_TITLE
      }
      description={messages.passwordReset.description}
      email={email}
      canSubmit={email.length >= EMAIL_MODAL_MIN_LENGTH}
      submitting={selectModalSubmitting(snapshot)}
      succeeded={selectModalSucceeded(snapshot)}
      feedback={selectModalFeedback(snapshot)}
      robotCheck={<div role="group" aria-label={ROBOT_CHECK} />}
      onChange={(value) => send({ type: 'CHANGE', email: value })}
      onSubmit={() => send({ type: 'SUBMIT', via: 'button' })}
      onEnter={() => send({ type: 'SUBMIT', via: 'enter' })}
      onClose={() => send({ type: 'CLOSE' })}
    />,
  );
  return send;
}

const dialog = () => screen.getByRole('dialog', { name: 'Zaboravljena lozinka' });
const emailInput = () => screen.getByLabelText('Email adresa');
const submitButton = () => screen.queryByRole('button', { name: 'Pošalji' });
const closeButton = () => screen.queryByRole('button', { name: 'Zatvori' });

describe('EmailInputModal', () => {
  it('shows nothing while closed', () => {
    renderModal('closed');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens as a modal dialog with the focus in the e-mail field and the submit disabled', () => {
    renderModal({ open: 'editing' }, { email: 'ana@' });
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(dialog()).toHaveAccessibleDescription(
      'Upišite email adresu svog računa i poslat ćemo vam upute za postavljanje nove lozinke.',
    );
    expect(emailInput()).toHaveFocus();
    expect(emailInput()).toHaveAttribute('type', 'email');
    expect(screen.getByRole('group', { name: ROBOT_CHECK })).toBeVisible();
    expect(submitButton()).toBeDisabled();
  });

  it('enables the submit from five characters and sends typing, Enter, submit and closing', async () => {
    const send = renderModal({ open: 'editing' }, { email: 'ana@p' });
    expect(submitButton()).toBeEnabled();
    fireEvent.change(emailInput(), { target: { value: 'ana@primjer.hr' } });
    fireEvent.keyDown(emailInput(), { key: 'Enter' });
    await user.click(submitButton() ?? document.body);
    await user.click(closeButton() ?? document.body);
    fireEvent.keyDown(emailInput(), { key: 'Escape' });
    expect(send.mock.calls).toEqual([
      [{ type: 'CHANGE', email: 'ana@primjer.hr' }],
      [{ type: 'SUBMIT', via: 'enter' }],
      [{ type: 'SUBMIT', via: 'button' }],
      [{ type: 'CLOSE' }],
      [{ type: 'CLOSE' }],
    ]);
  });

  it('shows an error about no field as an alert below the form, marking no field', () => {
    renderModal(
      { open: 'editing' },
      {
        outcome: 'showInDialog',
        withoutRobotCheck: 'warn',
        email: 'ana@primjer.hr',
        feedback: { tone: 'error', text: "Pritisnite 'I'm not a robot'!" },
      },
    );
    expect(screen.getByRole('alert')).toHaveTextContent("Pritisnite 'I'm not a robot'!");
    expect(emailInput()).not.toHaveAttribute('aria-invalid');
  });

  it('shows a refusal of the address as an alert under the field, tied to it', () => {
    renderModal(
      { open: 'editing' },
      {
        outcome: 'showInDialog',
        withoutRobotCheck: 'warn',
        email: 'ana@primjer',
        feedback: {
          tone: 'error',
          text: 'Provjerite još jednom ispravnost unesene email adrese.',
          aboutEmail: true,
        },
      },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Provjerite još jednom ispravnost unesene email adrese.',
    );
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput()).toHaveAccessibleDescription(
      'Provjerite još jednom ispravnost unesene email adrese.',
    );
  });

  it('shows a spinner and no way out while submitting', () => {
    const send = renderModal(
      { open: 'submitting' },
      { email: 'ana@primjer.hr', robotToken: 'token' },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Slanje…');
    expect(submitButton()).not.toBeInTheDocument();
    expect(closeButton()).not.toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('readonly');
    fireEvent.keyDown(emailInput(), { key: 'Escape' });
    expect(send).not.toHaveBeenCalled();
  });

  it('replaces the submit with the success text of the newsletter', () => {
    renderModal(
      { open: 'succeeded' },
      {
        outcome: 'showInDialog',
        withoutRobotCheck: 'warn',
        email: 'ana@primjer.hr',
        feedback: { tone: 'success', text: NEWSLETTER_DONE },
      },
    );
    expect(screen.getByRole('dialog', { name: NEWSLETTER_TITLE })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(NEWSLETTER_DONE);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(submitButton()).not.toBeInTheDocument();
    expect(closeButton()).toBeVisible();
  });
});

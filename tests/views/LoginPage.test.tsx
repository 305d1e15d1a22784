import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  loginMachine,
  selectLoginErrors,
  selectLoginSubmitting,
  type LoginContext,
} from '../../src/machines/login.machine.ts';
import { messages } from '../../src/messages.ts';
import { LoginPage } from '../../src/views/LoginPage.tsx';

const user = userEvent.setup();
const ROBOT_CHECK = 'Provjera da niste robot';

function renderLogin(
  value: 'idle' | 'submitting',
  context: Partial<LoginContext> = {},
  { passwordResetOpen = false, dialog = null as ReactNode } = {},
) {
  const snapshot = loginMachine.resolveState({
    value,
    context: { email: '', password: '', robotToken: null, errors: {}, ...context },
  });
  const send = vi.fn();
  const openPasswordReset = vi.fn();
  const view = render(
    <LoginPage
      email={snapshot.context.email}
      password={snapshot.context.password}
      errors={selectLoginErrors(snapshot)}
      problems={selectLoginErrors(snapshot).form ?? []}
      submitting={selectLoginSubmitting(snapshot)}
      robotCheck={<div role="group" aria-label={ROBOT_CHECK} />}
      passwordResetDialog={dialog}
      passwordResetOpen={passwordResetOpen}
      onChangeEmail={(value) => send({ type: 'CHANGE_EMAIL', value })}
      onChangePassword={(value) => send({ type: 'CHANGE_PASSWORD', value })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      onForgotPassword={openPasswordReset}
    />,
  );
  const form = view.container.querySelector('form');
  if (!form) throw new Error('no form');
  return { send, openPasswordReset, form };
}

const emailInput = () => screen.getByLabelText(messages.login.email);
const passwordInput = () => screen.getByLabelText(messages.login.password);
const submitButton = () => screen.queryByRole('button', { name: messages.login.submit });

describe('LoginPage', () => {
  it('shows the empty form with its robot check and sends what the visitor does', async () => {
    const { send, openPasswordReset, form } = renderLogin('idle');
    expect(form).not.toHaveAttribute('inert');
    expect(screen.getByRole('heading', { level: 1, name: 'Prijava' })).toBeVisible();
    expect(emailInput()).toHaveAttribute('type', 'email');
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('group', { name: ROBOT_CHECK })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.change(emailInput(), { target: { value: 'ana@primjer.hr' } });
    fireEvent.change(passwordInput(), { target: { value: 'Lozinka1!' } });
    await user.click(submitButton() ?? document.body);
    await user.click(screen.getByRole('button', { name: 'Zaboravljena lozinka' }));
    expect(send.mock.calls).toEqual([
      [{ type: 'CHANGE_EMAIL', value: 'ana@primjer.hr' }],
      [{ type: 'CHANGE_PASSWORD', value: 'Lozinka1!' }],
      [{ type: 'SUBMIT' }],
    ]);
    expect(openPasswordReset).toHaveBeenCalledTimes(1);
  });

  it('shows a refused attempt in the form box, tied to the form, marking no field', () => {
    renderLogin('idle', {
      email: 'ana@primjer.hr',
      password: 'kriva',
      errors: { form: [messages.login.wrongPassword] },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Čini se da ste unijeli pogrešnu lozinku.');
    expect(emailInput()).toHaveValue('ana@primjer.hr');
    expect(emailInput().closest('form')).toHaveAccessibleDescription(
      'Čini se da ste unijeli pogrešnu lozinku.',
    );
    expect(emailInput()).not.toHaveAttribute('aria-invalid');
    expect(passwordInput()).not.toHaveAttribute('aria-invalid');
  });

  it('shows an entry too short under it, marked', () => {
    renderLogin('idle', { errors: { password: [messages.login.checkCredentials] } });
    expect(passwordInput()).toHaveAccessibleDescription(messages.login.checkCredentials);
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('replaces the submit button with a spinner while logging in, and submits nothing more', () => {
    const { send, form } = renderLogin('submitting', {
      email: 'ana@primjer.hr',
      password: 'Lozinka1!',
      robotToken: 'token',
    });
    expect(submitButton()).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Prijava u tijeku…');
    expect(emailInput()).toHaveAttribute('readonly');
    expect(passwordInput()).toHaveAttribute('readonly');
    fireEvent.submit(form);
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps only the dialog live while the password reset is open', () => {
    const { form } = renderLogin(
      'idle',
      {},
      {
        passwordResetOpen: true,
        dialog: <div role="dialog" aria-label="Zaboravljena lozinka" />,
      },
    );
    expect(screen.getByRole('dialog', { name: 'Zaboravljena lozinka' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: ROBOT_CHECK })).not.toBeInTheDocument();
    expect(form).toHaveAttribute('inert');
  });
});

import { useMachine } from '@xstate/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ChangePasswordRequest } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import {
  newPasswordMachine,
  selectNewPasswordProblems,
  selectNewPasswordSubmitting,
} from '../../src/machines/newPassword.machine.ts';
import { brokenPasswordRules } from '../../src/machines/passwordRules.ts';
import { messages } from '../../src/messages.ts';
import { NewPasswordPage } from '../../src/views/NewPasswordPage.tsx';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';

const LOGIN_PAGE = 'Prijava';
const changePassword = fakePromiseActor<undefined, ChangePasswordRequest>();
const expiredToken = new ApiError(400, { errors: ['Invalid or expired password reset token'] });
const commonPassword = new ApiError(400, {
  errors: { Password: ['Password is too common; choose one that is harder to guess.'] },
});

/** What the container does: toasts, then /login. */
function NewPasswordHarness({
  notify,
  reportError,
}: {
  notify: (text: string) => void;
  reportError: (error: unknown) => void;
}) {
  const [atLogin, setAtLogin] = useState(false);
  const [snapshot, send] = useMachine(
    newPasswordMachine.provide({
      actors: { changePassword: changePassword.logic },
      actions: {
        notifyChanged: (_, text) => notify(text),
        notifyExpired: (_, text) => notify(text),
        reportError: (_, error) => reportError(error),
        goToLogin: () => setAtLogin(true),
      },
    }),
    { input: { resetToken: 'reset-token' } },
  );
  if (atLogin) return <h1>{LOGIN_PAGE}</h1>;
  return (
    <NewPasswordPage
      password={snapshot.context.password}
      confirmation={snapshot.context.confirmation}
      problems={selectNewPasswordProblems(snapshot)}
      submitting={selectNewPasswordSubmitting(snapshot)}
      onChangePassword={(value) => send({ type: 'CHANGE_PASSWORD', value })}
      onChangeConfirmation={(value) => send({ type: 'CHANGE_CONFIRMATION', value })}
      onSubmit={() => send({ type: 'SUBMIT' })}
    />
  );
}

const passwordInput = () => screen.getByLabelText(messages.newPassword.password);
const confirmationInput = () => screen.getByLabelText(messages.newPassword.confirmation);
const submitButton = () => screen.queryByRole('button', { name: messages.newPassword.submit });
const renderPage = () => {
  const notify = vi.fn();
  const reportError = vi.fn();
  render(<NewPasswordHarness notify={notify} reportError={reportError} />);
  return { notify, reportError };
};
let toasts = { notify: vi.fn(), reportError: vi.fn() };

describe('set new password model', () => {
  testMachineModel(newPasswordMachine, {
    inputs: [{ resetToken: 'reset-token' }],
    render: () => {
      toasts = renderPage();
    },
    fakes: { changePassword },
    sampleEvents: [
      { type: 'CHANGE_PASSWORD', value: 'Lozinka1!' },
      { type: 'CHANGE_CONFIRMATION', value: 'Lozinka1!' },
      { type: 'xstate.done.actor.changePassword' },
      { type: 'xstate.error.actor.changePassword', error: expiredToken },
      { type: 'xstate.error.actor.changePassword', error: commonPassword },
      { type: 'xstate.error.actor.changePassword', error: new ApiError(502, null) },
    ],
    states: {
      editing: ({ context }) => {
        expect(passwordInput()).toHaveValue(context.password);
        expect(confirmationInput()).toHaveValue(context.confirmation);
        expect(submitButton()).toBeVisible();
        if (context.problems.length === 0) {
          expect(screen.queryByRole('alert')).not.toBeInTheDocument();
        } else {
          const items = screen.getAllByRole('listitem').map((item) => item.textContent);
          expect(items).toEqual(context.problems);
          expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
        }
      },
      submitting: () => {
        expect(screen.getByText(messages.newPassword.submitting)).toBeInTheDocument();
        expect(submitButton()).not.toBeInTheDocument();
      },
      changed: () => {
        expect(toasts.notify).toHaveBeenLastCalledWith('Uspješno promijenjena lozinka!');
        expect(screen.getByRole('heading', { name: LOGIN_PAGE })).toBeVisible();
      },
      expired: () => {
        expect(toasts.notify).toHaveBeenLastCalledWith(
          'Token za promjenu lozinke je istekao. Zatražite novu promjenu lozinke.',
        );
        expect(screen.getByRole('heading', { name: LOGIN_PAGE })).toBeVisible();
      },
    },
    events: {
      CHANGE_PASSWORD: (event) =>
        fireEvent.change(passwordInput(), { target: { value: event.value } }),
      CHANGE_CONFIRMATION: (event) =>
        fireEvent.change(confirmationInput(), { target: { value: event.value } }),
      SUBMIT: () => fireEvent.click(submitButton() ?? document.body),
    },
  });
});

describe('set new password journeys pinned by hand', () => {
  const user = userEvent.setup();

  it('lists the mismatch and every broken rule, then sends the password with the token', async () => {
    changePassword.reset();
    const { notify } = renderPage();
    await user.type(passwordInput(), 'abc');
    await user.type(confirmationInput(), 'abd');
    await user.click(submitButton() ?? document.body);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Unesite istu lozinku dvaput.',
      'Molimo vas da lozinka ima barem 8 znakova.',
      'Molimo vas da lozinka ima barem jedno veliko slovo.',
      'Molimo vas da lozinka ima barem jednu znamenku.',
      'Molimo vas da lozinka ima barem jedan poseban znak (npr. ! ? . - _ @).',
    ]);
    expect(passwordInput()).toHaveAccessibleDescription(/Unesite istu lozinku dvaput\./);
    expect(changePassword.calls).toEqual([]);
    await user.clear(passwordInput());
    await user.type(passwordInput(), 'Nova-Lozinka7');
    await user.clear(confirmationInput());
    await user.type(confirmationInput(), 'Nova-Lozinka7');
    await user.click(submitButton() ?? document.body);
    expect(changePassword.calls).toEqual([
      { newPassword: 'Nova-Lozinka7', resetToken: 'reset-token' },
    ]);
    await changePassword.resolve(undefined);
    expect(notify).toHaveBeenCalledWith('Uspješno promijenjena lozinka!');
    expect(screen.getByRole('heading', { name: LOGIN_PAGE })).toBeVisible();
  });

  it('shows the server rule it broke in Croatian and reports other failures', async () => {
    changePassword.reset();
    const { reportError } = renderPage();
    await user.type(passwordInput(), 'Lozinka1!');
    await user.type(confirmationInput(), 'Lozinka1!');
    await user.click(submitButton() ?? document.body);
    await changePassword.reject(commonPassword);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.passwordRules.common);
    await user.click(submitButton() ?? document.body);
    const outage = new ApiError(502, null);
    await changePassword.reject(outage);
    expect(reportError).toHaveBeenCalledWith(outage);
    expect(submitButton()).toBeVisible();
  });
});

describe('brokenPasswordRules', () => {
  it('accepts a password that keeps every rule, counting letters beyond ASCII', () => {
    expect(brokenPasswordRules('Šifra-2024')).toEqual([]);
    expect(brokenPasswordRules('ŠIFRA-2024')).toEqual([messages.passwordRules.lowercase]);
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  newPasswordMachine,
  selectNewPasswordErrors,
  selectNewPasswordSubmitting,
  type NewPasswordContext,
} from '../../src/machines/newPassword.machine.ts';
import { messages } from '../../src/messages.ts';
import { NewPasswordPage } from '../../src/views/NewPasswordPage.tsx';

const user = userEvent.setup();

function renderNewPassword(
  value: 'editing' | 'submitting',
  context: Partial<NewPasswordContext> = {},
) {
  const snapshot = newPasswordMachine.resolveState({
    value,
    context: { resetToken: 'token', password: '', confirmation: '', errors: {}, ...context },
  });
  const send = vi.fn();
  const view = render(
    <NewPasswordPage
      password={snapshot.context.password}
      confirmation={snapshot.context.confirmation}
      errors={selectNewPasswordErrors(snapshot)}
      submitting={selectNewPasswordSubmitting(snapshot)}
      onChangePassword={(value) => send({ type: 'CHANGE_PASSWORD', value })}
      onChangeConfirmation={(value) => send({ type: 'CHANGE_CONFIRMATION', value })}
      onSubmit={() => send({ type: 'SUBMIT' })}
    />,
  );
  return { send, form: view.container.querySelector('form') };
}

const password = () => screen.getByLabelText('Nova lozinka');
const confirmation = () => screen.getByLabelText('Ponovite novu lozinku');
const submitButton = () => screen.queryByRole('button', { name: 'Promijeni lozinku' });

describe('NewPasswordPage', () => {
  it('shows two password entries and sends what the visitor types and submits', async () => {
    const { send } = renderNewPassword('editing');
    expect(screen.getByRole('heading', { level: 1, name: 'Postavite novu lozinku' })).toBeVisible();
    expect(password()).toHaveAttribute('type', 'password');
    expect(password()).toHaveAttribute('autocomplete', 'new-password');
    expect(confirmation()).toHaveAttribute('type', 'password');
    expect(password()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.change(password(), { target: { value: 'Nova-Lozinka-1' } });
    fireEvent.change(confirmation(), { target: { value: 'Nova-Lozinka-1' } });
    await user.click(submitButton() ?? document.body);
    expect(send.mock.calls).toEqual([
      [{ type: 'CHANGE_PASSWORD', value: 'Nova-Lozinka-1' }],
      [{ type: 'CHANGE_CONFIRMATION', value: 'Nova-Lozinka-1' }],
      [{ type: 'SUBMIT' }],
    ]);
  });

  it('shows the broken rules under the password and the mismatch under the repetition', () => {
    renderNewPassword('editing', {
      password: 'lozinka',
      confirmation: 'lozinke',
      errors: {
        password: [messages.passwordRules.minLength, messages.passwordRules.uppercase],
        confirmation: [messages.newPassword.mismatch],
      },
    });
    for (const entry of [password(), confirmation()]) {
      expect(entry).toHaveAttribute('aria-invalid', 'true');
    }
    expect(password()).toHaveAccessibleDescription(
      'Molimo vas da lozinka ima barem 8 znakova. Molimo vas da lozinka ima barem jedno veliko slovo.',
    );
    expect(confirmation()).toHaveAccessibleDescription('Unesite istu lozinku dvaput.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a spinner instead of the button while saving and submits nothing more', () => {
    const { send, form } = renderNewPassword('submitting', {
      password: 'Nova-Lozinka-1',
      confirmation: 'Nova-Lozinka-1',
    });
    expect(submitButton()).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Spremanje…');
    expect(password()).toHaveAttribute('readonly');
    expect(confirmation()).toHaveAttribute('readonly');
    fireEvent.submit(form ?? document.body);
    expect(send).not.toHaveBeenCalled();
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  activationMachine,
  selectActivationStage,
  selectActivationSubmitting,
  type ActivationContext,
} from '../../src/machines/activation.machine.ts';
import { passwordChecklist } from '../../src/machines/passwordRules.ts';
import { messages } from '../../src/messages.ts';
import { ActivationPage } from '../../src/views/ActivationPage.tsx';

const user = userEvent.setup();

type ActivationValue = 'validating' | 'unusable' | 'editing' | 'submitting' | 'activated';

function renderActivation(value: ActivationValue, context: Partial<ActivationContext> = {}) {
  const snapshot = activationMachine.resolveState({
    value,
    context: {
      invitationToken: 'pozivnica',
      name: '',
      surname: '',
      password: '',
      errors: {},
      invitationProblem: null,
      ...context,
    },
  });
  const send = vi.fn();
  const { name, surname, password, errors, invitationProblem } = snapshot.context;
  const view = render(
    <ActivationPage
      stage={selectActivationStage(snapshot)}
      invitationProblem={invitationProblem}
      supportEmail="podrska@dentalia.hr"
      name={name}
      surname={surname}
      password={password}
      passwordChecks={passwordChecklist(password)}
      errors={errors}
      problems={errors.form ?? []}
      submitting={selectActivationSubmitting(snapshot)}
      onChangeName={(value) => send({ type: 'CHANGE_NAME', value })}
      onChangeSurname={(value) => send({ type: 'CHANGE_SURNAME', value })}
      onChangePassword={(value) => send({ type: 'CHANGE_PASSWORD', value })}
      onSubmit={() => send({ type: 'SUBMIT' })}
    />,
  );
  return { send, form: view.container.querySelector('form') };
}

const field = (label: string) => screen.getByLabelText(label);
const submitButton = () => screen.queryByRole('button', { name: 'Aktiviraj račun' });

describe('ActivationPage', () => {
  it('shows only a spinner while the invitation is checked', () => {
    const { form } = renderActivation('validating');
    expect(screen.getByRole('status')).toHaveTextContent('Provjera pozivnice…');
    expect(form).toBeNull();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('explains an expired invitation and asks for a new one', () => {
    renderActivation('unusable', {
      invitationProblem: { text: messages.activation.expired, askForNew: true },
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Aktivacija računa nije moguća' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Nažalost, vaša pozivnica je istekla.');
    expect(
      screen.getByText('Molimo vas da nam se javite emailom i zatražite novu pozivnicu.'),
    ).toBeVisible();
    expect(submitButton()).not.toBeInTheDocument();
  });

  it('does not ask for a new invitation when the check itself failed', () => {
    renderActivation('unusable', {
      invitationProblem: { text: messages.activation.failed, askForNew: false },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Nešto je pošlo po krivu. Molimo vas, pokušajte ponovno kasnije.',
    );
    expect(screen.queryByText(/zatražite novu pozivnicu/)).not.toBeInTheDocument();
  });

  it('prefills the names of the invitation, shows each message under its field and sends the edits', async () => {
    const { send } = renderActivation('editing', {
      name: 'Ivana',
      surname: 'Horvat',
      errors: {
        name: [messages.activation.nameTooShort],
        password: [messages.passwordRules.digit],
        form: [messages.activation.checkAgain],
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Aktivacija računa' })).toBeVisible();
    expect(field('Ime')).toHaveValue('Ivana');
    expect(field('Prezime')).toHaveValue('Horvat');
    expect(field('Lozinka')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('alert')).toHaveTextContent('Provjerite još jednom svoje podatke.');
    expect(field('Ime')).toHaveAccessibleDescription('Ime mora imati više od 2 znaka.');
    expect(field('Ime')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Prezime')).not.toHaveAttribute('aria-invalid');
    expect(field('Lozinka')).toHaveAccessibleDescription(
      'Molimo vas da lozinka ima barem jednu znamenku.',
    );

    fireEvent.change(field('Ime'), { target: { value: 'Iva' } });
    fireEvent.change(field('Prezime'), { target: { value: 'Horvatić' } });
    fireEvent.change(field('Lozinka'), { target: { value: 'Lozinka-77!' } });
    await user.click(submitButton() ?? document.body);
    expect(send.mock.calls).toEqual([
      [{ type: 'CHANGE_NAME', value: 'Iva' }],
      [{ type: 'CHANGE_SURNAME', value: 'Horvatić' }],
      [{ type: 'CHANGE_PASSWORD', value: 'Lozinka-77!' }],
      [{ type: 'SUBMIT' }],
    ]);
  });

  it('shows a spinner instead of the button while activating and keeps the fields read-only', () => {
    const { send, form } = renderActivation('submitting', {
      name: 'Ivana',
      surname: 'Horvat',
      password: 'Lozinka-77!',
    });
    expect(submitButton()).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Aktivacija u tijeku…');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    for (const label of ['Ime', 'Prezime', 'Lozinka']) {
      expect(field(label)).toHaveAttribute('readonly');
    }
    fireEvent.submit(form ?? document.body);
    expect(send).not.toHaveBeenCalled();
  });

  it('welcomes the activated user', () => {
    renderActivation('activated');
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Uspješno ste aktivirali svoj račun! Dobro nam došli!',
      }),
    ).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  inviteMachine,
  roleOptions,
  selectInviteSubmitting,
  type InviteContext,
} from '../../src/machines/invite.machine.ts';
import { messages } from '../../src/messages.ts';
import { InvitePage } from '../../src/views/InvitePage.tsx';

const user = userEvent.setup();

function renderInvite(
  value: 'editing' | 'submitting',
  { isAdministrator = false, ...context }: Partial<InviteContext> & { isAdministrator?: boolean },
) {
  const snapshot = inviteMachine.resolveState({
    value,
    context: {
      gender: '',
      firstName: '',
      lastName: '',
      email: '',
      role: '',
      roleOptions: roleOptions(isAdministrator),
      errors: {},
      ...context,
    },
  });
  const send = vi.fn();
  const { gender, firstName, lastName, email, role, errors } = snapshot.context;
  const view = render(
    <InvitePage
      form={{ gender, firstName, lastName, email, role }}
      roleOptions={snapshot.context.roleOptions}
      errors={errors}
      problems={errors.form ?? []}
      submitting={selectInviteSubmitting(snapshot)}
      onChange={(field, value) => send({ type: 'CHANGE', field, value })}
      onSubmit={() => send({ type: 'SUBMIT' })}
    />,
  );
  return { send, form: view.container.querySelector('form') };
}

const roleSelect = () => screen.getByRole('combobox', { name: 'Uloga' });
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
const submitButton = () => screen.queryByRole('button', { name: 'Pošalji pozivnicu' });

describe('InvitePage', () => {
  it('offers an employee only the plain user role', () => {
    renderInvite('editing', { isAdministrator: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Pozovi korisnika' })).toBeVisible();
    expect(optionTexts(roleSelect())).toEqual(['Uloga', 'Običan korisnik']);
    expect(within(roleSelect()).getByRole('option', { name: 'Uloga' })).toBeDisabled();
  });

  it('offers an administrator every role, and three answers for the gender', () => {
    renderInvite('editing', { isAdministrator: true });
    expect(optionTexts(roleSelect())).toEqual([
      'Uloga',
      'Običan korisnik',
      'Zaposlenik',
      'Administrator',
    ]);
    expect(optionTexts(screen.getByRole('combobox', { name: 'Spol' }))).toEqual([
      'Ne želim navesti',
      'Žensko',
      'Muško',
    ]);
  });

  it('sends each change with its field, and the submit', async () => {
    const { send } = renderInvite('editing', { isAdministrator: true });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Spol' }), 'Žensko');
    fireEvent.change(screen.getByLabelText('Ime'), { target: { value: 'Ivana' } });
    fireEvent.change(screen.getByLabelText('Prezime'), { target: { value: 'Horvat' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ivana@dentalia.hr' } });
    await user.selectOptions(roleSelect(), 'Zaposlenik');
    await user.click(submitButton() ?? document.body);
    expect(send.mock.calls).toEqual([
      [{ type: 'CHANGE', field: 'gender', value: 'female' }],
      [{ type: 'CHANGE', field: 'firstName', value: 'Ivana' }],
      [{ type: 'CHANGE', field: 'lastName', value: 'Horvat' }],
      [{ type: 'CHANGE', field: 'email', value: 'ivana@dentalia.hr' }],
      [{ type: 'CHANGE', field: 'role', value: 'employee' }],
      [{ type: 'SUBMIT' }],
    ]);
  });

  it('shows the refusal of the address under the e-mail', () => {
    renderInvite('editing', {
      email: 'ivana@example.com',
      role: 'employee',
      isAdministrator: true,
      errors: { email: [messages.invite.staffDomain('dentalia.hr')] },
    });
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(roleSelect()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Email')).toHaveValue('ivana@example.com');
    expect(roleSelect()).toHaveValue('employee');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      "Za odabranu ulogu email mora biti domene 'dentalia.hr'.",
    );
  });

  it('disables every control and shows a spinner while sending', () => {
    const { send, form } = renderInvite('submitting', {
      email: 'ivana@example.com',
      role: 'user',
    });
    expect(submitButton()).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Slanje pozivnice…');
    for (const label of ['Spol', 'Ime', 'Prezime', 'Email', 'Uloga']) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }
    fireEvent.submit(form ?? document.body);
    expect(send).not.toHaveBeenCalled();
  });
});

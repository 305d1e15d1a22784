import { useMachine } from '@xstate/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InviteRequest } from '../../src/api/contract.ts';
import { ApiError, AuthExpiredError } from '../../src/api/errors.ts';
import {
  inviteErrorText,
  inviteMachine,
  inviteRequest,
  selectInviteSubmitting,
  type InviteForm,
} from '../../src/machines/invite.machine.ts';
import { messages } from '../../src/messages.ts';
import { InvitePage } from '../../src/views/InvitePage.tsx';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';

const LOGIN_PAGE = 'Prijava';
const invite = fakePromiseActor<undefined, InviteRequest>();
const staffDomain = new ApiError(400, {
  errors: { Email: ["Email must belong to the domain 'dental.hr' for the selected role."] },
});
const forbidden = new ApiError(403, { errors: ['You are not allowed to do this.'] });
const LABELS: Record<keyof InviteForm, string> = {
  gender: messages.invite.gender,
  firstName: messages.invite.firstName,
  lastName: messages.invite.lastName,
  email: messages.invite.email,
  role: messages.invite.role,
};

/** What the container does: toast, log out, then /login. */
function InviteHarness({ isAdministrator, spy }: { isAdministrator: boolean; spy: Spy }) {
  const [atLogin, setAtLogin] = useState(false);
  const [snapshot, send] = useMachine(
    inviteMachine.provide({
      actors: { invite: invite.logic },
      actions: {
        notifySent: (_, text) => spy.notify(text),
        logOut: () => spy.logOut(),
        goToLogin: () => setAtLogin(true),
      },
    }),
    { input: { isAdministrator } },
  );
  if (atLogin) return <h1>{LOGIN_PAGE}</h1>;
  const { gender, firstName, lastName, email, role, roleOptions, problems } = snapshot.context;
  return (
    <InvitePage
      form={{ gender, firstName, lastName, email, role }}
      roleOptions={roleOptions}
      problems={problems}
      submitting={selectInviteSubmitting(snapshot)}
      onChange={(field, value) => send({ type: 'CHANGE', field, value })}
      onSubmit={() => send({ type: 'SUBMIT' })}
    />
  );
}

interface Spy {
  notify: (text: string) => void;
  logOut: () => void;
}

const field = (name: keyof InviteForm) => screen.getByLabelText(LABELS[name]);
const submitButton = () => screen.queryByRole('button', { name: messages.invite.submit });
let spy = { notify: vi.fn(), logOut: vi.fn() };
const renderInvite = (isAdministrator: boolean) => {
  spy = { notify: vi.fn(), logOut: vi.fn() };
  render(<InviteHarness isAdministrator={isAdministrator} spy={spy} />);
};

describe('invite model', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  testMachineModel(inviteMachine, {
    inputs: [{ isAdministrator: true }],
    render: ({ isAdministrator }) => renderInvite(isAdministrator),
    fakes: { invite },
    sampleEvents: [
      { type: 'CHANGE', field: 'email', value: 'ana@primjer.hr' },
      { type: 'CHANGE', field: 'role', value: 'employee' },
      { type: 'xstate.done.actor.invite' },
      { type: 'xstate.error.actor.invite', error: staffDomain },
      { type: 'xstate.error.actor.invite', error: forbidden },
    ],
    states: {
      editing: ({ context }) => {
        for (const name of Object.keys(LABELS) as (keyof InviteForm)[]) {
          expect(field(name)).toHaveValue(context[name]);
        }
        expect(submitButton()).toBeVisible();
        const shown = screen.queryAllByRole('listitem').map((item) => item.textContent);
        expect(shown).toEqual(context.problems);
      },
      submitting: () => {
        expect(screen.getByText(messages.invite.submitting)).toBeInTheDocument();
        expect(submitButton()).not.toBeInTheDocument();
      },
      loggingOut: () => {
        expect(spy.logOut).toHaveBeenCalledOnce();
        expect(screen.queryByRole('heading', { name: LOGIN_PAGE })).not.toBeInTheDocument();
      },
      sentToLogin: () => expect(screen.getByRole('heading', { name: LOGIN_PAGE })).toBeVisible(),
    },
    events: {
      CHANGE: (event) =>
        fireEvent.change(field(event.field as keyof InviteForm), {
          target: { value: event.value },
        }),
      SUBMIT: () => fireEvent.click(submitButton() ?? document.body),
    },
  });
});

describe('invite pinned by hand', () => {
  it('offers staff roles only to administrators, with their Croatian names', () => {
    renderInvite(false);
    const options = () => screen.getAllByRole('option').map((option) => option.textContent);
    expect(options()).toContain('Običan korisnik');
    expect(options()).not.toContain('Zaposlenik');
    expect(screen.getByRole('heading', { name: 'Pozovi korisnika' })).toBeVisible();
  });

  it('refuses a short e-mail or no role, then sends nulls for an unknown gender and empty names', async () => {
    invite.reset();
    renderInvite(true);
    fireEvent.change(field('email'), { target: { value: 'a@b.h' } });
    fireEvent.click(submitButton() ?? document.body);
    expect(screen.getByRole('alert')).toHaveTextContent('Provjeri još jedanput unesene podatke.');
    fireEvent.change(field('email'), { target: { value: ' ivo@dental.hr ' } });
    fireEvent.change(field('role'), { target: { value: 'administrator' } });
    fireEvent.click(submitButton() ?? document.body);
    expect(invite.calls).toEqual([
      {
        email: 'ivo@dental.hr',
        roles: ['administrator'],
        firstName: null,
        lastName: null,
        gender: null,
      },
    ]);
    await invite.resolve(undefined);
    expect(spy.notify).toHaveBeenCalledWith('Pozivnica poslana!');
    expect(field('email')).toHaveValue('');
  });

  it('after an authorization error logs out, then goes to /login 0.5 s later', async () => {
    vi.useFakeTimers();
    invite.reset();
    renderInvite(true);
    fireEvent.change(field('email'), { target: { value: 'ana@primjer.hr' } });
    fireEvent.change(field('role'), { target: { value: 'user' } });
    fireEvent.click(submitButton() ?? document.body);
    await invite.reject(new AuthExpiredError());
    expect(spy.logOut).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(499);
    expect(screen.queryByRole('heading', { name: LOGIN_PAGE })).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1);
    expect(screen.getByRole('heading', { name: LOGIN_PAGE })).toBeVisible();
    vi.useRealTimers();
  });
});

describe('SPEC 8 "Invitation" texts', () => {
  it('maps every refusal', () => {
    expect(inviteErrorText(staffDomain)).toBe(
      "Za odabranu ulogu email mora biti domene 'dental.hr'.",
    );
    expect(
      inviteErrorText(new ApiError(409, { errors: ['User a@b.hr is already invited.'] })),
    ).toBe('Korisnik je već pozvan da se pridruži.');
    expect(
      inviteErrorText(new ApiError(409, { errors: ['User a@b.hr is already registered.'] })),
    ).toBe('Korisnik je već bio pozvan i registrirao se.');
    expect(inviteErrorText(new ApiError(400, { errors: { Email: ['Email is not valid.'] } }))).toBe(
      'Poruka dobivena sa servera je: {"Email":["Email is not valid."]}',
    );
    expect(inviteErrorText(new ApiError(502, null))).toBe('Nažalost, poziv nije uspio.');
  });

  it('keeps the given gender and names', () => {
    expect(
      inviteRequest({
        gender: 'female',
        firstName: ' Ana ',
        lastName: 'Anić',
        email: 'ana@primjer.hr',
        role: 'user',
      }),
    ).toEqual({
      email: 'ana@primjer.hr',
      roles: ['user'],
      firstName: 'Ana',
      lastName: 'Anić',
      gender: 'female',
    });
  });
});

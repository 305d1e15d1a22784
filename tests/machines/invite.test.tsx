import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InviteRequest } from '../../src/api/contract.ts';
import { ApiError, AuthExpiredError } from '../../src/api/errors.ts';
import { InviteContainer } from '../../src/app/InviteContainer.tsx';
import type { StoredSession } from '../../src/machines/authSession.machine.ts';
import {
  inviteErrorText,
  inviteMachine,
  inviteRequest,
  type InviteForm,
} from '../../src/machines/invite.machine.ts';
import { messages } from '../../src/messages.ts';
import { changeValue, expectErrorsShown } from '../support/field-errors.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const PATH = '/admin/user';
const invite = fakePromiseActor<undefined, InviteRequest>();
const revokeToken = vi.fn((_: { refreshToken: string }) => Promise.resolve());
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

function staffSession(isAdministrator: boolean): StoredSession {
  return {
    user: {
      id: 3,
      name: 'Marija',
      surname: 'Marić',
      email: 'marija@dentalia.hr',
      roles: [isAdministrator ? 'administrator' : 'employee'],
    },
    tokens: { accessToken: 'access', refreshToken: 'refresh' },
  };
}

const field = (name: keyof InviteForm) => screen.getByLabelText(LABELS[name]);
const submitButton = () => screen.queryByRole('button', { name: messages.invite.submit });
let app: ReturnType<typeof renderWithEffects>;

/** Fills in the e-mail and the role and presses submit. */
function submitInvite(email: string, role: string) {
  fireEvent.change(field('email'), { target: { value: email } });
  fireEvent.change(field('role'), { target: { value: role } });
  fireEvent.click(submitButton() ?? document.body);
}

/** The container that ships, for a logged-in administrator or employee. */
function renderInvite(isAdministrator: boolean) {
  revokeToken.mockClear();
  app = renderWithEffects(<InviteContainer />, {
    path: PATH,
    session: staffSession(isAdministrator),
    api: { users: { invite: invite.fn, revokeToken } },
  });
  return app;
}

describe('invite model', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  testMachineModel(inviteMachine, {
    inputs: [{ isAdministrator: true }],
    describeInput: () => 'administrator',
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
        expectErrorsShown(
          context.errors,
          Object.fromEntries(
            (Object.keys(LABELS) as (keyof InviteForm)[]).map((name) => [name, field(name)]),
          ),
        );
        expect(app.storedSession()).not.toBeNull();
      },
      submitting: () => {
        expect(screen.getByText(messages.invite.submitting)).toBeInTheDocument();
        expect(submitButton()).not.toBeInTheDocument();
        expect(invite.calls.at(-1)?.email).toBe('ana@primjer.hr');
      },
      loggingOut: () => {
        expect(revokeToken).toHaveBeenCalledExactlyOnceWith({ refreshToken: 'refresh' });
        expect(app.storedSession()).toBeNull();
        expect(app.location()).toBe(PATH);
      },
      sentToLogin: () => expect(app.history).toEqual([PATH, '/login']),
    },
    events: {
      CHANGE: (event) => changeValue(field(event.field as keyof InviteForm), event.value),
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
    expect(options()).not.toContain('Administrator');
    expect(screen.getByRole('heading', { name: 'Pozovi korisnika' })).toBeVisible();
    app.unmount();
    renderInvite(true);
    expect(options()).toEqual(expect.arrayContaining(['Zaposlenik', 'Administrator']));
  });

  it('needs a trimmed e-mail longer than 5 characters: 5 refused, 6 sent (SPEC 5)', async () => {
    invite.reset();
    renderInvite(true);
    submitInvite('  a@b.h  ', 'user');
    expect(field('email')).toHaveAccessibleDescription('Provjeri još jedanput unesene podatke.');
    expect(field('email')).toHaveFocus();
    expect(invite.calls).toEqual([]);
    fireEvent.change(field('email'), { target: { value: ' a@b.hr ' } });
    fireEvent.click(submitButton() ?? document.body);
    expect(invite.calls.map((call) => call.email)).toEqual(['a@b.hr']);
    await invite.resolve(undefined);
  });

  it('refuses a short e-mail or no role, then sends nulls for an unknown gender and empty names', async () => {
    invite.reset();
    renderInvite(true);
    fireEvent.change(field('email'), { target: { value: 'a@b.h' } });
    fireEvent.click(submitButton() ?? document.body);
    // Under each field that breaks a rule: the short e-mail and the role not chosen.
    expect(field('email')).toHaveAccessibleDescription('Provjeri još jedanput unesene podatke.');
    expect(field('role')).toHaveAccessibleDescription('Provjeri još jedanput unesene podatke.');
    fireEvent.change(field('email'), { target: { value: ' ivo@dental.hr ' } });
    fireEvent.click(submitButton() ?? document.body);
    expect(field('email')).not.toHaveAttribute('aria-invalid');
    expect(field('role')).toHaveFocus();
    expect(invite.calls).toEqual([]);
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
    expect(app.notices).toEqual([{ tone: 'success', text: 'Pozivnica poslana!' }]);
    expect(field('email')).toHaveValue('');
    // A new submit closes the earlier toast, so it never stands beside a new refusal (issue 29).
    fireEvent.click(submitButton() ?? document.body);
    expect(app.notices).toEqual([]);
  });

  it('shows the staff-domain refusal under the e-mail and keeps the entries', async () => {
    invite.reset();
    renderInvite(true);
    submitInvite('ivo@primjer.hr', 'employee');
    await invite.reject(staffDomain);
    expect(field('email')).toHaveAccessibleDescription(
      "Za odabranu ulogu email mora biti domene 'dental.hr'.",
    );
    expect(field('email')).toHaveFocus();
    expect(field('email')).toHaveValue('ivo@primjer.hr');
    expect(app.notices).toEqual([]);
  });

  it('editing a field takes its message away, the other field keeps its own', () => {
    renderInvite(true);
    submitInvite('a@b.h', '');
    expect(field('email')).toHaveAccessibleDescription('Provjeri još jedanput unesene podatke.');
    expect(field('role')).toHaveAccessibleDescription('Provjeri još jedanput unesene podatke.');
    fireEvent.change(field('email'), { target: { value: 'a@b.hr' } });
    expect(field('email')).toHaveAccessibleDescription('');
    expect(field('email')).not.toHaveAttribute('aria-invalid');
    expect(field('role')).toHaveAccessibleDescription('Provjeri još jedanput unesene podatke.');
  });

  it('shows a refusal that names no field in the form, until the next send', async () => {
    invite.reset();
    renderInvite(true);
    submitInvite('ana@primjer.hr', 'user');
    await invite.reject(new TypeError('Failed to fetch'));
    expect(screen.getByRole('alert')).toHaveTextContent('Nažalost, poziv nije uspio.');
    fireEvent.click(submitButton() ?? document.body);
    expect(screen.queryByText('Nažalost, poziv nije uspio.')).not.toBeInTheDocument();
    await invite.reject(new ApiError(502, null));
    expect(screen.getByRole('alert')).toHaveTextContent('Nažalost, poziv nije uspio.');
    fireEvent.click(submitButton() ?? document.body);
    await invite.resolve(undefined);
    expect(screen.queryByText('Nažalost, poziv nije uspio.')).not.toBeInTheDocument();
    expect(app.notices).toEqual([{ tone: 'success', text: 'Pozivnica poslana!' }]);
  });

  it('a valid send closes the earlier toast (issue 29)', async () => {
    invite.reset();
    renderInvite(true);
    submitInvite('ana@primjer.hr', 'user');
    await invite.resolve(undefined);
    expect(app.notices).toEqual([{ tone: 'success', text: 'Pozivnica poslana!' }]);
    submitInvite('ivo@primjer.hr', 'user');
    expect(invite.calls.map((call) => call.email)).toEqual(['ana@primjer.hr', 'ivo@primjer.hr']);
    expect(app.notices).toEqual([]);
    await invite.resolve(undefined);
    expect(app.notices).toEqual([{ tone: 'success', text: 'Pozivnica poslana!' }]);
  });

  it('after an authorization error logs out, then goes to /login 0.5 s later', async () => {
    vi.useFakeTimers();
    invite.reset();
    renderInvite(true);
    submitInvite('ana@primjer.hr', 'user');
    await invite.reject(new AuthExpiredError());
    expect(revokeToken).toHaveBeenCalledOnce();
    expect(app.storedSession()).toBeNull();
    await vi.advanceTimersByTimeAsync(499);
    expect(app.history).toEqual([PATH]);
    await vi.advanceTimersByTimeAsync(1);
    expect(app.history).toEqual([PATH, '/login']);
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

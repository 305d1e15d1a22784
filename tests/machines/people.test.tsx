import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountSummary, InvitationSummary, Role } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { PeopleContainer } from '../../src/app/PeopleContainer.tsx';
import type { StoredSession } from '../../src/machines/authSession.machine.ts';
import { peopleMachine, type People } from '../../src/machines/people.machine.ts';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const text = messages.people;
const SELF = 1;
const waiting: InvitationSummary = {
  id: 11,
  email: 'nova@primjer.hr',
  firstName: 'Nova',
  lastName: 'Osoba',
  roles: ['user'],
  invitedBy: 'Ivana Horvat',
  sentAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2026-11-27T09:00:00.000Z',
  state: 'waiting',
};
const accepted: InvitationSummary = {
  ...waiting,
  id: 12,
  email: 'gotova@primjer.hr',
  state: 'accepted',
};
const ana: AccountSummary = {
  id: 5,
  name: 'Ana',
  surname: 'Babić',
  email: 'ana@primjer.hr',
  roles: ['user'],
  lastLoginAt: '2026-11-26T08:30:00.000Z',
  deactivated: false,
};
const self: AccountSummary = {
  ...ana,
  id: SELF,
  name: 'Ivana',
  surname: 'Horvat',
  email: 'admin@dentalia.hr',
  roles: ['administrator'],
};
const people: People = { invitations: [waiting, accepted], accounts: [self, ana] };

const loadPeople = fakePromiseActor<People, undefined>();
const resendInvitation = fakePromiseActor<undefined, number>();
const revokeInvitation = fakePromiseActor<undefined, number>();
const deactivate = fakePromiseActor<undefined, number>();
const changeRole = fakePromiseActor<undefined, { id: number; role: Role }>();
const FAKES = { loadPeople, resendInvitation, revokeInvitation, deactivate, changeRole };

const user = userEvent.setup();
let pendingLoad: Promise<People> = Promise.resolve(people);
let app: ReturnType<typeof renderWithEffects>;

function session(role: Role): StoredSession {
  return {
    user: { id: SELF, name: 'Ivana', surname: 'Horvat', email: 'admin@dentalia.hr', roles: [role] },
    tokens: { accessToken: 'access', refreshToken: 'refresh' },
  };
}

/** The container that ships, with the API faked. */
function renderPeople(role: Role = 'administrator') {
  for (const fake of Object.values(FAKES)) fake.reset();
  app = renderWithEffects(<PeopleContainer />, {
    path: '/admin/user/popis',
    session: session(role),
    api: {
      users: {
        // The container asks for both lists at once; one fake settles them together.
        invitations: async () => {
          pendingLoad = loadPeople.fn(undefined);
          return (await pendingLoad).invitations;
        },
        accounts: async () => (await pendingLoad).accounts,
        resendInvitation: async (id) => {
          await resendInvitation.fn(id);
        },
        revokeInvitation: async (id) => {
          await revokeInvitation.fn(id);
        },
        deactivate: async (id) => {
          await deactivate.fn(id);
        },
        changeRole: async (id, role) => {
          await changeRole.fn({ id, role });
        },
      },
    },
  });
  return app;
}

const button = (name: string) => screen.queryByRole('button', { name });
const resendButton = () => button(`${text.resend}: ${waiting.email}`);
const revokeButton = () => button(`${text.revoke}: ${waiting.email}`);
const deactivateButton = () => button(`${text.deactivate}: ${ana.email}`);
const roleSelect = () => screen.queryByLabelText(text.changeRole('Ana Babić'));
const dialog = (title: string) => screen.queryByRole('alertdialog', { name: title });

function expectLists() {
  const invitations = screen.getByRole('region', { name: text.invitationsTitle });
  expect(within(invitations).getByRole('heading', { name: waiting.email })).toBeVisible();
  expect(within(invitations).getAllByText(text.states.waiting, { exact: false })[0]).toBeVisible();
  expect(within(invitations).getByText(text.states.accepted)).toBeVisible();
  expect(within(invitations).getAllByText('Ivana Horvat')[0]).toBeVisible();
  const accounts = screen.getByRole('region', { name: text.accountsTitle });
  expect(within(accounts).getByText(ana.email)).toBeVisible();
  // The caller's own account offers neither a role change nor a deactivation.
  expect(button(`${text.deactivate}: ${self.email}`)).not.toBeInTheDocument();
  // An accepted invitation can be neither resent nor revoked.
  expect(button(`${text.resend}: ${accepted.email}`)).not.toBeInTheDocument();
  expect(button(`${text.revoke}: ${accepted.email}`)).not.toBeInTheDocument();
}

describe('people model', () => {
  testMachineModel(peopleMachine, {
    render: () => renderPeople(),
    fakes: FAKES,
    sampleEvents: [
      { type: 'xstate.done.actor.loadPeople', output: people },
      { type: 'xstate.error.actor.loadPeople', error: new ApiError(500, null) },
      { type: 'RESEND', id: waiting.id },
      { type: 'REVOKE', id: waiting.id },
      { type: 'DEACTIVATE', id: ana.id },
      { type: 'CHANGE_ROLE', id: ana.id, role: 'employee' },
      { type: 'CONFIRM' },
      { type: 'KEEP' },
      { type: 'xstate.done.actor.resendInvitation', output: undefined },
      { type: 'xstate.error.actor.resendInvitation', error: new ApiError(502, { errors: ['x'] }) },
      { type: 'xstate.done.actor.revokeInvitation', output: undefined },
      { type: 'xstate.error.actor.revokeInvitation', error: new ApiError(409, { errors: ['x'] }) },
      { type: 'xstate.done.actor.deactivate', output: undefined },
      { type: 'xstate.error.actor.deactivate', error: new ApiError(403, { errors: ['x'] }) },
      { type: 'xstate.done.actor.changeRole', output: undefined },
      { type: 'xstate.error.actor.changeRole', error: new ApiError(500, null) },
    ],
    states: {
      loading: () => {
        expect(screen.getByText(text.loading)).toBeInTheDocument();
        expect(resendButton()).not.toBeInTheDocument();
      },
      failed: () => {
        expect(screen.getByText(text.failed)).toBeVisible();
        expect(button(text.retry)).toBeEnabled();
      },
      ready: () => {
        expectLists();
        for (const action of [resendButton(), revokeButton(), deactivateButton(), roleSelect()]) {
          expect(action).toBeEnabled();
        }
        expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      },
      resending: () => {
        expect(resendInvitation.calls.at(-1)).toBe(waiting.id);
        expect(resendButton()).toBeDisabled();
        expect(screen.getByText(text.working)).toBeInTheDocument();
      },
      confirmingRevoke: () => {
        expect(dialog(text.confirmRevokeTitle)).toHaveAccessibleDescription(
          text.confirmRevokeText(waiting.email),
        );
        expect(button(text.keep)).toHaveFocus();
        expect(revokeInvitation.calls).toEqual([]);
      },
      revoking: () => {
        expect(revokeInvitation.calls.at(-1)).toBe(waiting.id);
        expect(screen.getByText(text.revoking)).toBeInTheDocument();
      },
      confirmingDeactivate: () => {
        expect(dialog(text.confirmDeactivateTitle)).toHaveAccessibleDescription(
          text.confirmDeactivateText(`Ana Babić (${ana.email})`),
        );
        expect(deactivate.calls).toEqual([]);
      },
      deactivating: () => {
        expect(deactivate.calls.at(-1)).toBe(ana.id);
        expect(screen.getByText(text.deactivating)).toBeInTheDocument();
      },
      changingRole: () => {
        expect(changeRole.calls.at(-1)).toEqual({ id: ana.id, role: 'employee' });
        expect(roleSelect()).toBeDisabled();
      },
    },
    events: {
      RELOAD: () => user.click(button(text.retry) ?? document.body),
      RESEND: () => user.click(resendButton() ?? document.body),
      REVOKE: () => user.click(revokeButton() ?? document.body),
      DEACTIVATE: () => user.click(deactivateButton() ?? document.body),
      CONFIRM: () =>
        user.click(button(text.confirmRevoke) ?? button(text.confirmDeactivate) ?? document.body),
      KEEP: () => user.click(button(text.keep) ?? document.body),
      CHANGE_ROLE: () => user.selectOptions(roleSelect() ?? document.body, 'employee'),
    },
  });
});

describe('people journeys pinned by hand', () => {
  it('revokes only after the yes, tells so and loads the lists again', async () => {
    renderPeople();
    await loadPeople.resolve(people);
    await user.click(revokeButton() ?? document.body);
    await user.keyboard('{Escape}');
    expect(revokeInvitation.calls).toEqual([]);
    expect(revokeButton()).toHaveFocus();
    await user.click(revokeButton() ?? document.body);
    await user.click(button(text.confirmRevoke) ?? document.body);
    await revokeInvitation.resolve(undefined);
    expect(app.notices).toContainEqual({ tone: 'success', text: text.revoked });
    expect(loadPeople.calls).toHaveLength(2);
  });

  it('names the address a resend went to', async () => {
    renderPeople();
    await loadPeople.resolve(people);
    await user.click(resendButton() ?? document.body);
    await resendInvitation.resolve(undefined);
    expect(app.notices).toContainEqual({ tone: 'success', text: text.resent(waiting.email) });
  });

  it("tells SPEC 8's staff-domain message when a role change breaks it", async () => {
    renderPeople();
    await loadPeople.resolve(people);
    await user.selectOptions(roleSelect() ?? document.body, 'administrator');
    await changeRole.reject(
      new ApiError(400, {
        errors: { role: ["Email must belong to the domain 'dentalia.hr' for the selected role."] },
      }),
    );
    expect(app.notices).toContainEqual({
      tone: 'error',
      text: messages.invite.staffDomain('dentalia.hr'),
    });
    expect(loadPeople.calls).toHaveLength(1);
  });

  it('a new action closes the toasts of the earlier ones (issue 29)', async () => {
    renderPeople();
    await loadPeople.resolve(people);
    await user.selectOptions(roleSelect() ?? document.body, 'administrator');
    await changeRole.reject(new ApiError(500, { errors: ['Down.'] }));
    expect(app.notices.map(({ tone }) => tone)).toEqual(['error']);
    await user.click(resendButton() ?? document.body);
    expect(app.notices).toEqual([]);
    await resendInvitation.resolve(undefined);
    expect(app.notices).toEqual([{ tone: 'success', text: text.resent(waiting.email) }]);
  });

  it('offers an employee no role change (SPEC 6), but deactivation', async () => {
    renderPeople('employee');
    await loadPeople.resolve(people);
    expect(roleSelect()).not.toBeInTheDocument();
    expect(deactivateButton()).toBeEnabled();
  });
});

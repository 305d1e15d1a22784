import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountSummary, InvitationSummary, Role } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { PeopleContainer } from '../../src/app/PeopleContainer.tsx';
import type { StoredSession } from '../../src/machines/authSession.machine.ts';
import { peopleMachine, type People } from '../../src/machines/people.machine.ts';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
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

/** The `Korisnici` list as a model: what the server holds, what is on screen, what was asked. */
interface PeopleModel {
  isAdministrator: boolean;
  /** What the next load answers: the server's lists after the actions it accepted. */
  server: People;
  /** The lists on screen, as last loaded. */
  shown: People;
  status: 'loading' | 'failed' | 'ready';
  /** The confirmation open, or the action running. */
  asking: { kind: 'revoke' | 'deactivate'; id: number } | null;
  running: { kind: 'resend' | 'revoke' | 'deactivate' | 'role'; id: number; role?: Role } | null;
  notices: { tone: string; text: string }[];
  loads: number;
  resent: number[];
  revoked: number[];
  deactivated: number[];
  roleChanges: { id: number; role: Role }[];
}

const STATE_NAMES = {
  waiting: 'Čeka aktivaciju',
  accepted: 'Prihvaćena',
  expired: 'Istekla',
  revoked: 'Povučena',
} as const;
const ROLE_NAMES: Record<Role, string> = {
  user: 'Običan korisnik',
  employee: 'Zaposlenik',
  administrator: 'Administrator',
};
const RANDOM_PEOPLE: People = {
  invitations: [
    waiting,
    accepted,
    { ...waiting, id: 13, email: 'šime.čačić@primjer.hr', firstName: 'Šime', state: 'expired' },
    { ...waiting, id: 14, email: 'povucena@primjer.hr', firstName: null, state: 'revoked' },
    {
      ...waiting,
      id: 15,
      email: 'zaposlenik@dentalia.hr',
      roles: ['employee'],
      invitedBy: null,
    },
  ],
  accounts: [
    self,
    ana,
    {
      ...ana,
      id: 6,
      name: 'Đuro',
      surname: 'Šimić',
      email: 'duro@dentalia.hr',
      roles: ['employee'],
    },
    {
      ...ana,
      id: 7,
      name: 'Željka',
      surname: 'Žužić',
      email: 'zeljka@primjer.hr',
      deactivated: true,
    },
  ],
};
const clonePeople = (lists: People): People => structuredClone(lists);

describe('people random paths', () => {
  // No pause between the gestures' events: these paths run many of them.
  const user = userEvent.setup({ delay: null });
  const idle = (model: PeopleModel) => model.status === 'ready' && !model.asking && !model.running;
  const invitationOf = (model: PeopleModel, id: number) =>
    model.shown.invitations.find((invitation) => invitation.id === id);
  const accountOf = (model: PeopleModel, id: number) =>
    model.shown.accounts.find((account) => account.id === id);
  /** An account staff may act on: not their own, not deactivated. */
  const actionable = (model: PeopleModel, id: number) => {
    const account = accountOf(model, id);
    return !!account && account.id !== SELF && !account.deactivated;
  };
  const who = (account: AccountSummary) => `${account.name} ${account.surname}`;
  const invitationIds = RANDOM_PEOPLE.invitations.map(({ id }) => id);
  const accountIds = RANDOM_PEOPLE.accounts.map(({ id }) => id);

  /** The server's answer to the running action; SPEC 8's texts where its rule is SPEC's. */
  const answers = ['accepts', '500', '403', 'refuses'] as const;
  function refusal(kind: NonNullable<PeopleModel['running']>['kind'], answer: string) {
    if (answer === '500') {
      return { error: new ApiError(500, null), text: 'Radnja nije uspjela. Pokušajte ponovno.' };
    }
    if (answer === '403') {
      return {
        error: new ApiError(403, { errors: ['You are not allowed to do this.'] }),
        text: 'Za ovu radnju nemate ovlasti.',
      };
    }
    if (kind === 'role') {
      return {
        error: new ApiError(400, {
          errors: {
            role: ["Email must belong to the domain 'dentalia.hr' for the selected role."],
          },
        }),
        text: "Za odabranu ulogu email mora biti domene 'dentalia.hr'.",
      };
    }
    if (kind === 'resend') {
      return {
        error: new ApiError(409, { errors: ['User nova@primjer.hr is already registered.'] }),
        text: 'Korisnik je već bio pozvan i registrirao se.',
      };
    }
    return {
      error: new ApiError(409, { errors: ['Conflict.'] }),
      text: 'Radnja nije uspjela. Pokušajte ponovno.',
    };
  }

  const plan = (isAdministrator: boolean, numRuns: number) => ({
    startLabel: isAdministrator
      ? "Administrator otvara 'Korisnici i pozivnice'"
      : "Zaposlenik otvara 'Korisnici i pozivnice'",
    numRuns,
    maxSteps: 16,
    start: (): PeopleModel => {
      renderPeople(isAdministrator ? 'administrator' : 'employee');
      const server = clonePeople(RANDOM_PEOPLE);
      if (!isAdministrator) {
        // An employee is shown the invitations and accounts of role user (and their own).
        server.invitations = server.invitations.filter(({ roles }) => roles.includes('user'));
        server.accounts = server.accounts.filter(
          ({ id, roles }) => id === SELF || roles.includes('user'),
        );
      }
      return {
        isAdministrator,
        server,
        shown: { invitations: [], accounts: [] },
        status: 'loading',
        asking: null,
        running: null,
        notices: [],
        loads: 1,
        resent: [],
        revoked: [],
        deactivated: [],
        roleChanges: [],
      };
    },
    steps: [
      fc.constantFrom(true, true, false).map((loads) =>
        step<PeopleModel>(
          loads ? 'poslužitelj šalje popise' : 'poslužitelj odgovara 500 na popise',
          async (model) => {
            if (loads) {
              await loadPeople.resolve(clonePeople(model.server));
              model.shown = clonePeople(model.server);
              model.status = 'ready';
            } else {
              await loadPeople.reject(new ApiError(500, null));
              model.status = 'failed';
            }
          },
          (model) => model.status === 'loading',
        ),
      ),
      fc.constant(
        step<PeopleModel>(
          "pritisni 'Pokušaj ponovno'",
          async (model) => {
            await user.click(button('Pokušaj ponovno') ?? document.body);
            model.status = 'loading';
            model.loads += 1;
          },
          (model) => model.status === 'failed',
        ),
      ),
      fc.constantFrom(...invitationIds).map((id) =>
        step<PeopleModel>(
          (model) => `pritisni 'Pošalji ponovno' za ${invitationOf(model, id)?.email ?? id}`,
          async (model) => {
            const email = invitationOf(model, id)?.email ?? '';
            await user.click(button(`Pošalji ponovno: ${email}`) ?? document.body);
            // A new action closes the toasts of the earlier ones (issue 29).
            model.notices = [];
            model.running = { kind: 'resend', id };
            model.resent.push(id);
          },
          // Any invitation not yet accepted can be sent again.
          (model) =>
            idle(model) &&
            invitationOf(model, id)?.state !== 'accepted' &&
            !!invitationOf(model, id),
        ),
      ),
      fc.constantFrom(...invitationIds).map((id) =>
        step<PeopleModel>(
          (model) => `pritisni 'Povuci' za ${invitationOf(model, id)?.email ?? id}`,
          async (model) => {
            const email = invitationOf(model, id)?.email ?? '';
            await user.click(button(`Povuci: ${email}`) ?? document.body);
            model.asking = { kind: 'revoke', id };
            // The safe answer has the focus.
            expect(button('Ne')).toHaveFocus();
          },
          (model) => {
            const state = invitationOf(model, id)?.state;
            return idle(model) && (state === 'waiting' || state === 'expired');
          },
        ),
      ),
      fc.constantFrom(...accountIds).map((id) =>
        step<PeopleModel>(
          (model) => `pritisni 'Deaktiviraj' za ${accountOf(model, id)?.email ?? id}`,
          async (model) => {
            const email = accountOf(model, id)?.email ?? '';
            await user.click(button(`Deaktiviraj: ${email}`) ?? document.body);
            model.asking = { kind: 'deactivate', id };
            expect(button('Ne')).toHaveFocus();
          },
          (model) => idle(model) && actionable(model, id),
        ),
      ),
      fc
        .record({
          id: fc.constantFrom(...accountIds),
          role: fc.constantFrom<Role>('user', 'employee', 'administrator'),
        })
        .map(({ id, role }) =>
          step<PeopleModel>(
            (model) =>
              `odaberi ulogu '${ROLE_NAMES[role]}' za ${accountOf(model, id)?.email ?? id}`,
            async (model) => {
              const account = accountOf(model, id) as AccountSummary;
              await user.selectOptions(
                screen.getByLabelText(`Uloga: ${who(account)}`),
                ROLE_NAMES[role],
              );
              model.notices = [];
              model.running = { kind: 'role', id, role };
              model.roleChanges.push({ id, role });
            },
            // SPEC 6: only administrators change roles. Choosing the role an account has is no
            // change (a browser fires none; user-event would).
            (model) =>
              model.isAdministrator &&
              idle(model) &&
              actionable(model, id) &&
              accountOf(model, id)?.roles[0] !== role,
          ),
        ),
      fc.constant(
        step<PeopleModel>(
          (model) =>
            `pritisni '${model.asking?.kind === 'revoke' ? 'Povuci pozivnicu' : 'Deaktiviraj korisnika'}'`,
          async (model) => {
            const asking = model.asking as NonNullable<PeopleModel['asking']>;
            await user.click(
              button(asking.kind === 'revoke' ? 'Povuci pozivnicu' : 'Deaktiviraj korisnika') ??
                document.body,
            );
            model.notices = [];
            model.running = asking;
            (asking.kind === 'revoke' ? model.revoked : model.deactivated).push(asking.id);
          },
          (model) => !!model.asking && !model.running,
        ),
      ),
      fc.constantFrom('click', 'escape').map((how) =>
        step<PeopleModel>(
          how === 'click' ? "pritisni 'Ne'" : 'pritisni Escape',
          async (model) => {
            const asking = model.asking as NonNullable<PeopleModel['asking']>;
            if (how === 'click') await user.click(button('Ne') ?? document.body);
            else await user.keyboard('{Escape}');
            model.asking = null;
            // The focus goes back to the button that asked.
            const email =
              asking.kind === 'revoke'
                ? invitationOf(model, asking.id)?.email
                : accountOf(model, asking.id)?.email;
            expect(
              button(`${asking.kind === 'revoke' ? 'Povuci' : 'Deaktiviraj'}: ${email}`),
            ).toHaveFocus();
          },
          (model) => !!model.asking && !model.running,
        ),
      ),
      fc.constantFrom(...answers).map((answer) =>
        step<PeopleModel>(
          answer === 'accepts'
            ? 'poslužitelj prihvaća radnju'
            : answer === 'refuses'
              ? 'poslužitelj odbija radnju'
              : `poslužitelj odgovara ${answer}`,
          async (model) => {
            const running = model.running as NonNullable<PeopleModel['running']>;
            const fake = {
              resend: resendInvitation,
              revoke: revokeInvitation,
              deactivate,
              role: changeRole,
            }[running.kind];
            model.running = null;
            model.asking = null;
            if (answer !== 'accepts') {
              const { error, text: said } = refusal(running.kind, answer);
              await fake.reject(error);
              // A refused action leaves the lists as they were.
              model.notices = [{ tone: 'error', text: said }];
              return;
            }
            await fake.resolve(undefined);
            const invitation = model.server.invitations.find(({ id }) => id === running.id);
            const account = model.server.accounts.find(({ id }) => id === running.id);
            const told = {
              resend: `Nova pozivnica poslana je na ${invitation?.email}. Stara poveznica više ne vrijedi.`,
              revoke: 'Pozivnica je povučena.',
              deactivate: 'Korisnik je deaktiviran i odjavljen.',
              role: 'Uloga je promijenjena.',
            }[running.kind];
            model.notices = [{ tone: 'success', text: told }];
            if (running.kind === 'resend' && invitation) invitation.state = 'waiting';
            if (running.kind === 'revoke' && invitation) invitation.state = 'revoked';
            if (running.kind === 'deactivate' && account) account.deactivated = true;
            if (running.kind === 'role' && account) account.roles = [running.role ?? 'user'];
            // Each success loads the lists again from the server.
            model.status = 'loading';
            model.loads += 1;
          },
          (model) => !!model.running,
        ),
      ),
    ],
    invariants: (model: PeopleModel) => {
      // Every request is one the person asked for, a destructive one only after the yes.
      expect(loadPeople.calls).toHaveLength(model.loads);
      expect(resendInvitation.calls).toEqual(model.resent);
      expect(revokeInvitation.calls).toEqual(model.revoked);
      expect(deactivate.calls).toEqual(model.deactivated);
      expect(changeRole.calls).toEqual(model.roleChanges);
      expect(app.notices).toEqual(model.notices);
      if (model.status === 'loading') {
        expect(screen.getByText('Učitavanje korisnika i pozivnica…')).toBeInTheDocument();
        expect(screen.queryByRole('region', { name: 'Pozivnice' })).not.toBeInTheDocument();
        return;
      }
      if (model.status === 'failed') {
        expect(screen.getByRole('alert')).toHaveTextContent(
          'Popis korisnika i pozivnica nije učitan.',
        );
        expect(button('Pokušaj ponovno')).toBeEnabled();
        return;
      }
      const busy = !!model.asking || !!model.running;
      const invitations = screen.getByRole('region', { name: 'Pozivnice' });
      for (const invitation of model.shown.invitations) {
        const item = within(invitations)
          .getByRole('heading', { name: invitation.email })
          .closest('li') as HTMLElement;
        expect(item).toHaveTextContent(STATE_NAMES[invitation.state]);
        const resend = within(item).queryByRole('button', {
          name: `Pošalji ponovno: ${invitation.email}`,
        });
        const revoke = within(item).queryByRole('button', { name: `Povuci: ${invitation.email}` });
        if (invitation.state === 'accepted') expect(resend).not.toBeInTheDocument();
        else expect(resend).toHaveProperty('disabled', busy);
        if (invitation.state === 'waiting' || invitation.state === 'expired') {
          expect(revoke).toHaveProperty('disabled', busy);
        } else expect(revoke).not.toBeInTheDocument();
      }
      const accounts = screen.getByRole('region', { name: 'Korisnici' });
      for (const account of model.shown.accounts) {
        const item = within(accounts).getByText(account.email).closest('li') as HTMLElement;
        const offered = account.id !== SELF && !account.deactivated;
        const deactivation = within(item).queryByRole('button', {
          name: `Deaktiviraj: ${account.email}`,
        });
        const roleChoice = within(item).queryByLabelText(`Uloga: ${who(account)}`);
        if (!offered) expect(deactivation).not.toBeInTheDocument();
        else expect(deactivation).toHaveProperty('disabled', busy);
        if (!offered || !model.isAdministrator) expect(roleChoice).not.toBeInTheDocument();
        else {
          // The role shown is the one the server holds, not the one just asked for.
          expect(roleChoice).toHaveValue(account.roles[0]);
          expect(roleChoice).toHaveProperty('disabled', busy);
        }
      }
      const asked =
        model.asking ??
        (model.running?.kind === 'revoke' || model.running?.kind === 'deactivate'
          ? model.running
          : null);
      const dialogs = screen.queryAllByRole('alertdialog');
      if (!asked) {
        expect(dialogs).toEqual([]);
        if (model.running) expect(screen.getByText('Radnja u tijeku…')).toBeInTheDocument();
        return;
      }
      if (asked.kind === 'revoke') {
        const email = invitationOf(model, asked.id)?.email ?? '';
        expect(dialog('Povući pozivnicu?')).toHaveAccessibleDescription(
          `Poveznica iz pozivnice za ${email} prestat će vrijediti. Pozivnicu kasnije možete ponovno poslati.`,
        );
      } else {
        const account = accountOf(model, asked.id) as AccountSummary;
        expect(dialog('Deaktivirati korisnika?')).toHaveAccessibleDescription(
          `${who(account)} (${account.email}) bit će odmah odjavljen/a sa svih uređaja i više se neće moći prijaviti.`,
        );
      }
    },
  });

  testRandomPaths<PeopleModel>('people', plan(true, 8));
  testRandomPaths<PeopleModel>('people', { ...plan(false, 3), variant: 'zaposlenik' });
});

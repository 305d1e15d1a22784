/**
 * The `Korisnici` list (issue 29): loading the invitations and the accounts, then both lists or a
 * failure with a retry. One action at a time: resend an invitation, revoke one (asked first),
 * deactivate an account (asked first) or change its role; each success tells so and loads the
 * lists again from the server, each failure tells why and leaves the lists as they were. What an
 * employee may see and do is the server's to decide; the screen offers only what it allows.
 * Injected: `loadPeople`, `resendInvitation`, `revokeInvitation`, `deactivate`, `changeRole`,
 * `notify`, `notifyFailure` and `dismissNotices` (the earlier actions' toasts, closed by a new one).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AccountSummary, InvitationState, InvitationSummary, Role } from '../api/contract.ts';
import { ApiError } from '../api/errors.ts';
import { SERVER_MESSAGES } from '../api/serverMessages.ts';
import { inviteMessages } from '../messages/invite.ts';
import { peopleMessages } from '../messages/people.ts';

const text = peopleMessages;

export interface People {
  invitations: InvitationSummary[];
  accounts: AccountSummary[];
}

export interface PeopleContext extends People {
  /** The invitation or account an action runs on. */
  selectedId: number | null;
  /** The role a role change gives. */
  role: Role | null;
}

export type PeopleEvent =
  | { type: 'RELOAD' }
  | { type: 'RESEND'; id: number }
  /** 'Povuci': asks first. */
  | { type: 'REVOKE'; id: number }
  /** 'Deaktiviraj': asks first. */
  | { type: 'DEACTIVATE'; id: number }
  | { type: 'CONFIRM' }
  | { type: 'KEEP' }
  | { type: 'CHANGE_ROLE'; id: number; role: Role };

/** An invitation whose link can be sent again: any not yet accepted. */
export const canResend = (state: InvitationState) => state !== 'accepted';
/** An invitation whose link can be taken back: one that is not used or revoked already. */
export const canRevoke = (state: InvitationState) => state === 'waiting' || state === 'expired';

/** What a refused action tells staff (SPEC 8's texts where the server's rule is SPEC's). */
export function peopleFailureText(error: unknown): string {
  // Stryker disable next-line ConditionalExpression: any other thrown value has no body, message or status, and falls through to the same text
  if (!(error instanceof ApiError)) return text.actionFailed;
  const domain = Object.values(error.body?.errors ?? {})
    .flat()
    .map((message) => SERVER_MESSAGES.staffDomainRequired.match(String(message))?.domain)
    .find(Boolean);
  if (domain) return inviteMessages.staffDomain(domain);
  if (SERVER_MESSAGES.alreadyRegistered.match(error.firstMessage)) {
    return inviteMessages.alreadyRegistered;
  }
  if (error.status === 403) return text.forbidden;
  return text.actionFailed;
}

const selected = ({ context }: { context: PeopleContext }) => context.selectedId ?? 0;
const failed = {
  type: 'notifyFailure',
  params: ({ event }: { event: { error: unknown } }) => peopleFailureText(event.error),
} as const;

// Stryker disable next-line ObjectLiteral: the machine has no guards, and the container provides every actor and action
export const peopleMachine = setup({
  types: {
    context: {} as PeopleContext,
    events: {} as PeopleEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container always provides all five actors
  actors: {
    loadPeople: fromPromise<People>(() =>
      Promise.reject(new Error('loadPeople is provided by the container')),
    ),
    resendInvitation: fromPromise<undefined, number>(() =>
      Promise.reject(new Error('resendInvitation is provided by the container')),
    ),
    revokeInvitation: fromPromise<undefined, number>(() =>
      Promise.reject(new Error('revokeInvitation is provided by the container')),
    ),
    deactivate: fromPromise<undefined, number>(() =>
      Promise.reject(new Error('deactivate is provided by the container')),
    ),
    changeRole: fromPromise<undefined, { id: number; role: Role }>(() =>
      Promise.reject(new Error('changeRole is provided by the container')),
    ),
  },
  // Stryker disable next-line ObjectLiteral: the container always provides all three actions
  actions: {
    notify: (_, _text: string) => undefined,
    notifyFailure: (_, _text: string) => undefined,
    // A new action closes the toasts of the earlier ones (issue 29).
    dismissNotices: () => undefined,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'people',
  // Stryker disable next-line ArrayDeclaration: the lists show only once loaded, and the load's answer replaces them first
  context: { invitations: [], accounts: [], selectedId: null, role: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPeople',
        src: 'loadPeople',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            invitations: event.output.invitations,
            accounts: event.output.accounts,
          })),
        },
        onError: 'failed',
      },
    },
    failed: { on: { RELOAD: 'loading' } },
    ready: {
      on: {
        RESEND: {
          target: 'resending',
          actions: ['dismissNotices', assign({ selectedId: ({ event }) => event.id })],
        },
        REVOKE: {
          target: 'confirmingRevoke',
          actions: assign({ selectedId: ({ event }) => event.id }),
        },
        DEACTIVATE: {
          target: 'confirmingDeactivate',
          actions: assign({ selectedId: ({ event }) => event.id }),
        },
        CHANGE_ROLE: {
          target: 'changingRole',
          actions: [
            'dismissNotices',
            assign({ selectedId: ({ event }) => event.id, role: ({ event }) => event.role }),
          ],
        },
      },
    },
    resending: {
      invoke: {
        id: 'resendInvitation',
        src: 'resendInvitation',
        input: selected,
        onDone: {
          target: 'loading',
          actions: {
            type: 'notify',
            params: ({ context }) =>
              text.resent(
                // Stryker disable next-line OptionalChaining,StringLiteral: RESEND comes from a listed invitation, which the reload has not yet replaced
                context.invitations.find(({ id }) => id === context.selectedId)?.email ?? '',
              ),
          },
        },
        onError: { target: 'ready', actions: failed },
      },
    },
    confirmingRevoke: {
      on: { CONFIRM: { target: 'revoking', actions: 'dismissNotices' }, KEEP: 'ready' },
    },
    revoking: {
      invoke: {
        id: 'revokeInvitation',
        src: 'revokeInvitation',
        input: selected,
        onDone: { target: 'loading', actions: { type: 'notify', params: text.revoked } },
        onError: { target: 'ready', actions: failed },
      },
    },
    confirmingDeactivate: {
      on: { CONFIRM: { target: 'deactivating', actions: 'dismissNotices' }, KEEP: 'ready' },
    },
    deactivating: {
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        input: selected,
        onDone: { target: 'loading', actions: { type: 'notify', params: text.deactivated } },
        onError: { target: 'ready', actions: failed },
      },
    },
    changingRole: {
      invoke: {
        id: 'changeRole',
        src: 'changeRole',
        // Stryker disable next-line StringLiteral: CHANGE_ROLE sets both on the way in; the fallbacks are for the type only
        input: ({ context }) => ({ id: context.selectedId ?? 0, role: context.role ?? 'user' }),
        onDone: { target: 'loading', actions: { type: 'notify', params: text.roleChanged } },
        onError: { target: 'ready', actions: failed },
      },
    },
  },
});

type PeopleSnapshot = SnapshotFrom<typeof peopleMachine>;

/** An invitation as the list shows it: what can be done with it now. */
export interface InvitationRow extends InvitationSummary {
  canResend: boolean;
  canRevoke: boolean;
}

export const selectInvitationRows = (snapshot: PeopleSnapshot): InvitationRow[] =>
  snapshot.context.invitations.map((invitation) => ({
    ...invitation,
    canResend: canResend(invitation.state),
    canRevoke: canRevoke(invitation.state),
  }));

export const selectPeopleStatus = (snapshot: PeopleSnapshot) =>
  snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready';
/** An action runs or waits for its yes: every action button waits. */
export const selectPeopleBusy = (snapshot: PeopleSnapshot) => !snapshot.matches('ready');
/** What the open confirmation asks about, or null. */
export function selectPeopleConfirmation(snapshot: PeopleSnapshot) {
  const { invitations, accounts, selectedId } = snapshot.context;
  if (snapshot.matches('confirmingRevoke') || snapshot.matches('revoking')) {
    const invitation = invitations.find(({ id }) => id === selectedId);
    return invitation
      ? { kind: 'revoke' as const, email: invitation.email, busy: snapshot.matches('revoking') }
      : null;
  }
  if (snapshot.matches('confirmingDeactivate') || snapshot.matches('deactivating')) {
    const account = accounts.find(({ id }) => id === selectedId);
    return account
      ? {
          kind: 'deactivate' as const,
          who: `${account.name} ${account.surname} (${account.email})`,
          busy: snapshot.matches('deactivating'),
        }
      : null;
  }
  return null;
}

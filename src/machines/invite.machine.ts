/**
 * Invite a user (SPEC 2 admin screen 7, 5 "Invite", 6, 8 "Invitation"): gender, names, e-mail
 * and one role; the roles offered depend on the caller. Injected: `invite`, `notifySent`, and on
 * an authorization error `logOut` then, 0.5 s later, `goToLogin`. SPEC 8 says "navigate to
 * /logout"; leaving this screen would stop this machine and its timer, so `logOut` does what
 * /logout does (LOGOUT to the auth session) while the screen stays for the 0.5 s.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { ROLES, type InviteRequest, type Role } from '../api/contract.ts';
import { SERVER_MESSAGES } from '../api/serverMessages.ts';
import { ApiError, AuthExpiredError } from '../api/errors.ts';
import { inviteMessages } from '../messages/invite.ts';
import { cleanLine } from '../api/text.ts';

export interface InviteForm {
  gender: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

export interface InviteContext extends InviteForm {
  roleOptions: readonly Role[];
  problems: string[];
}

export type InviteEvent =
  { type: 'CHANGE'; field: keyof InviteForm; value: string } | { type: 'SUBMIT' };

/** SPEC 5 and 9: the trimmed e-mail must be longer than 5 characters. */
export const INVITE_EMAIL_MIN_LENGTH = 5;
/** SPEC 9: the delay between /logout and /login after an authorization error. */
export const LOGOUT_TO_LOGIN_MS = 500;

const EMPTY_FORM: InviteForm = { gender: '', firstName: '', lastName: '', email: '', role: '' };

/** SPEC 6: role user for any employee; staff roles only for administrators. */
export const roleOptions = (isAdministrator: boolean): readonly Role[] =>
  isAdministrator ? ROLES : ['user'];

/** SPEC 5: an unknown gender and empty names are sent as null. */
export function inviteRequest(form: InviteForm): InviteRequest {
  const orNull = (value: string) => cleanLine(value) || null;
  return {
    email: form.email.trim(),
    roles: [form.role as Role],
    firstName: orNull(form.firstName),
    lastName: orNull(form.lastName),
    gender: form.gender === 'male' || form.gender === 'female' ? form.gender : null,
  };
}

const isAuthorizationError = (error: unknown) =>
  error instanceof AuthExpiredError ||
  (error instanceof ApiError && (error.status === 401 || error.status === 403));

/** SPEC 8 "Invitation": the text for a refused invitation. */
export function inviteErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return inviteMessages.failed;
  const domain = error
    .fieldMessages('Email')
    .map((m) => SERVER_MESSAGES.staffDomainRequired.match(m)?.domain)
    .find(Boolean);
  if (domain) return inviteMessages.staffDomain(domain);
  const message = error.firstMessage ?? '';
  if (SERVER_MESSAGES.alreadyInvited.match(message)) return inviteMessages.alreadyInvited;
  if (SERVER_MESSAGES.alreadyRegistered.match(message)) return inviteMessages.alreadyRegistered;
  const errors = error.body?.errors;
  if (errors && !Array.isArray(errors)) return inviteMessages.serverSaid(JSON.stringify(errors));
  return inviteMessages.failed;
}

export const inviteMachine = setup({
  types: {
    input: {} as { isAdministrator: boolean },
    context: {} as InviteContext,
    events: {} as InviteEvent,
  },
  actors: {
    invite: fromPromise<undefined, InviteRequest>(() =>
      Promise.reject(new Error('invite is provided by the container')),
    ),
  },
  actions: {
    notifySent: (_, _text: string) => undefined,
    logOut: () => undefined,
    goToLogin: () => undefined,
  },
  guards: {
    looksValid: ({ context }) =>
      context.email.trim().length > INVITE_EMAIL_MIN_LENGTH &&
      context.roleOptions.includes(context.role as Role),
    authorizationError: ({ event }) => 'error' in event && isAuthorizationError(event.error),
  },
  delays: { logoutToLogin: LOGOUT_TO_LOGIN_MS },
}).createMachine({
  id: 'invite',
  context: ({ input }) => ({
    ...EMPTY_FORM,
    roleOptions: roleOptions(input.isAdministrator),
    problems: [],
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: {
          actions: assign(({ event }) => ({ [event.field]: event.value })),
        },
        SUBMIT: [
          { guard: 'looksValid', target: 'submitting' },
          { actions: assign({ problems: [inviteMessages.checkData] }) },
        ],
      },
    },
    submitting: {
      entry: assign({ problems: [] }),
      invoke: {
        id: 'invite',
        src: 'invite',
        input: ({ context }) => inviteRequest(context),
        // SPEC 4 "Forms": success resets the form.
        onDone: {
          target: 'editing',
          actions: [assign(EMPTY_FORM), { type: 'notifySent', params: inviteMessages.sent }],
        },
        onError: [
          { guard: 'authorizationError', target: 'loggingOut', actions: 'logOut' },
          {
            target: 'editing',
            actions: assign({ problems: ({ event }) => [inviteErrorText(event.error)] }),
          },
        ],
      },
    },
    loggingOut: {
      after: { logoutToLogin: { target: 'sentToLogin', actions: 'goToLogin' } },
    },
    sentToLogin: { type: 'final' },
  },
});

type InviteSnapshot = SnapshotFrom<typeof inviteMachine>;

export const selectInviteSubmitting = (snapshot: InviteSnapshot) => snapshot.matches('submitting');

/**
 * Invite a user (SPEC 2 admin screen 7, 5 "Invite", 6, 8 "Invitation"): gender, names, e-mail
 * and one role; the roles offered depend on the caller. Injected: `invite`, `notifySent`,
 * `dismissNotices` (the form's earlier toasts, closed by a new submit: issue 29), and on
 * an authorization error `logOut` then, 0.5 s later, `goToLogin`. SPEC 8 says "navigate to
 * /logout"; leaving this screen would stop this machine and its timer, so `logOut` does what
 * /logout does (LOGOUT to the auth session) while the screen stays for the 0.5 s.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  ACCOUNT_FORM_RULES,
  ROLES,
  inviteFormSchema,
  parseFormFields,
  type InviteRequest,
  type Role,
} from '../api/contract.ts';
import { SERVER_MESSAGES } from '../api/serverMessages.ts';
import { ApiError, AuthExpiredError } from '../api/errors.ts';
import { inviteMessages } from '../messages/invite.ts';
import { cleanLine } from '../api/text.ts';
import { FORM_LEVEL, hasErrors, withoutErrorsOf, type FormErrors, type FormLevel } from './form.ts';

export interface InviteForm {
  gender: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

/** The messages under the e-mail and the role; under FORM_LEVEL what names no field. */
export type InviteErrors = FormErrors<keyof InviteForm | FormLevel>;

export interface InviteContext extends InviteForm {
  roleOptions: readonly Role[];
  errors: InviteErrors;
}

export type InviteEvent =
  { type: 'CHANGE'; field: keyof InviteForm; value: string } | { type: 'SUBMIT' };

/** SPEC 5 and 9: the trimmed e-mail must be longer than 5 characters. */
export const INVITE_EMAIL_MIN_LENGTH = ACCOUNT_FORM_RULES.inviteEmailLongerThan;
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

/**
 * SPEC 5 "Invite": SPEC's one message under the e-mail and under the role that break the
 * contract's `inviteFormSchema`; empty when the invitation may be sent.
 */
export function validateInvite(context: Pick<InviteContext, 'email' | 'role' | 'roleOptions'>) {
  const parsed = parseFormFields(inviteFormSchema(context.roleOptions), {
    Email: context.email,
    Roles: context.role,
  });
  const errors: InviteErrors = {};
  if (parsed.ok) return errors;
  if (parsed.problems.Email) errors.email = [inviteMessages.checkData];
  if (parsed.problems.Roles) errors.role = [inviteMessages.checkData];
  return errors;
}

/**
 * SPEC 8 "Invitation": a refused invitation. What the server says of the address (its domain,
 * already invited or registered) stands under the e-mail; anything else in the form's box.
 */
export function inviteErrors(error: unknown): InviteErrors {
  if (!(error instanceof ApiError)) return { [FORM_LEVEL]: [inviteMessages.failed] };
  const domain = error
    .fieldMessages('Email')
    .map((m) => SERVER_MESSAGES.staffDomainRequired.match(m)?.domain)
    .find(Boolean);
  if (domain) return { email: [inviteMessages.staffDomain(domain)] };
  // Stryker disable next-line StringLiteral: with no message from the server any text that matches neither refusal below works alike
  const message = error.firstMessage ?? '';
  if (SERVER_MESSAGES.alreadyInvited.match(message))
    return { email: [inviteMessages.alreadyInvited] };
  if (SERVER_MESSAGES.alreadyRegistered.match(message)) {
    return { email: [inviteMessages.alreadyRegistered] };
  }
  const errors = error.body?.errors;
  if (errors && !Array.isArray(errors)) {
    return { [FORM_LEVEL]: [inviteMessages.serverSaid(JSON.stringify(errors))] };
  }
  return { [FORM_LEVEL]: [inviteMessages.failed] };
}

/** SPEC 8 "Invitation": the text for a refused invitation, wherever it stands. */
export const inviteErrorText = (error: unknown): string =>
  Object.values(inviteErrors(error)).flat()[0] ?? inviteMessages.failed;

export const inviteMachine = setup({
  types: {
    input: {} as { isAdministrator: boolean },
    context: {} as InviteContext,
    events: {} as InviteEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container always provides invite
  actors: {
    invite: fromPromise<undefined, InviteRequest>(() =>
      Promise.reject(new Error('invite is provided by the container')),
    ),
  },
  // Stryker disable next-line ObjectLiteral: the container always provides all four actions
  actions: {
    notifySent: (_, _text: string) => undefined,
    dismissNotices: () => undefined,
    logOut: () => undefined,
    goToLogin: () => undefined,
  },
  guards: {
    looksValid: ({ context }) => !hasErrors(validateInvite(context)),
    authorizationError: ({ event }) => 'error' in event && isAuthorizationError(event.error),
  },
  delays: { logoutToLogin: LOGOUT_TO_LOGIN_MS },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'invite',
  context: ({ input }) => ({
    ...EMPTY_FORM,
    roleOptions: roleOptions(input.isAdministrator),
    errors: {},
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        // Editing a field takes its messages away.
        CHANGE: {
          actions: assign(({ context, event }) => ({
            [event.field]: event.value,
            errors: withoutErrorsOf(context.errors, [event.field]),
          })),
        },
        SUBMIT: [
          { guard: 'looksValid', target: 'submitting', actions: 'dismissNotices' },
          {
            actions: [
              'dismissNotices',
              assign({ errors: ({ context }) => validateInvite(context) }),
            ],
          },
        ],
      },
    },
    submitting: {
      entry: assign({ errors: {} }),
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
            actions: assign({ errors: ({ event }) => inviteErrors(event.error) }),
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

/**
 * Set new password (SPEC 2 "Set new password", 5, 8 "Set new password"): two entries that must
 * match and keep the password rules; PUT change-password with the reset token of the link.
 * Injected: `changePassword`, the toasts (`notifyChanged`, `notifyExpired`, `reportError`,
 * `dismissNotices`: a new submit closes the earlier ones, issue 29) and `goToLogin`.
 */
import { assign, fromPromise, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { type ChangePasswordRequest } from '../api/contract.ts';
import { SERVER_MESSAGES } from '../api/serverMessages.ts';
import { ApiError } from '../api/errors.ts';
import { newPasswordMessages } from '../messages/newPassword.ts';
import { brokenPasswordRules, passwordMessageText } from './passwordRules.ts';
import { hasErrors, withoutErrorsOf, type FormErrors } from './form.ts';

export type NewPasswordField = 'password' | 'confirmation';
/** The broken password rules under the password, the mismatch under the repetition. */
export type NewPasswordErrors = FormErrors<NewPasswordField>;

export interface NewPasswordContext {
  resetToken: string;
  password: string;
  confirmation: string;
  errors: NewPasswordErrors;
}

export type NewPasswordEvent =
  | { type: 'CHANGE_PASSWORD'; value: string }
  | { type: 'CHANGE_CONFIRMATION'; value: string }
  | { type: 'SUBMIT' };

/** SPEC 5 "Set new password": each broken rule under its field; empty when it may be sent. */
export function validateNewPassword({
  password,
  confirmation,
}: Pick<NewPasswordContext, NewPasswordField>): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const broken = brokenPasswordRules(password);
  if (broken.length > 0) errors.password = broken;
  if (password !== confirmation) errors.confirmation = [newPasswordMessages.mismatch];
  return errors;
}

const serverPasswordProblems = (error: unknown) =>
  error instanceof ApiError ? error.fieldMessages('Password').map(passwordMessageText) : [];

export const newPasswordMachine = setup({
  types: {
    input: {} as { resetToken: string },
    context: {} as NewPasswordContext,
    events: {} as NewPasswordEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container always provides changePassword
  actors: {
    changePassword: fromPromise<undefined, ChangePasswordRequest>(() =>
      Promise.reject(new Error('changePassword is provided by the container')),
    ),
  },
  // Stryker disable next-line ObjectLiteral: the container always provides all five actions
  actions: {
    notifyChanged: (_, _text: string) => undefined,
    notifyExpired: (_, _text: string) => undefined,
    reportError: (_, _error: unknown) => undefined,
    dismissNotices: () => undefined,
    goToLogin: () => undefined,
  },
  guards: {
    valid: ({ context }) => !hasErrors(validateNewPassword(context)),
    tokenRejected: ({ event }) =>
      'error' in event &&
      event.error instanceof ApiError &&
      event.error.firstMessage === SERVER_MESSAGES.invalidResetToken,
    passwordRejected: ({ event }) =>
      'error' in event && serverPasswordProblems(event.error).length > 0,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'newPassword',
  context: ({ input }) => ({
    resetToken: input.resetToken,
    password: '',
    confirmation: '',
    errors: {},
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        // Editing an entry takes its messages away (the mismatch is about both).
        CHANGE_PASSWORD: {
          actions: assign({
            password: ({ event }) => event.value,
            errors: ({ context }) => withoutErrorsOf(context.errors, ['password', 'confirmation']),
          }),
        },
        CHANGE_CONFIRMATION: {
          actions: assign({
            confirmation: ({ event }) => event.value,
            errors: ({ context }) => withoutErrorsOf(context.errors, ['confirmation']),
          }),
        },
        SUBMIT: [
          { guard: 'valid', target: 'submitting', actions: 'dismissNotices' },
          {
            actions: [
              'dismissNotices',
              assign({ errors: ({ context }) => validateNewPassword(context) }),
            ],
          },
        ],
      },
    },
    submitting: {
      entry: assign({ errors: {} }),
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ newPassword: context.password, resetToken: context.resetToken }),
        onDone: {
          target: 'changed',
          actions: [{ type: 'notifyChanged', params: newPasswordMessages.changed }, 'goToLogin'],
        },
        onError: [
          {
            guard: 'tokenRejected',
            target: 'expired',
            actions: [
              { type: 'notifyExpired', params: newPasswordMessages.tokenExpired },
              'goToLogin',
            ],
          },
          {
            guard: 'passwordRejected',
            target: 'editing',
            actions: assign({
              errors: ({ event }) => ({ password: serverPasswordProblems(event.error) }),
            }),
          },
          {
            target: 'editing',
            actions: [
              {
                type: 'reportError',
                params: ({ event }: { event: ErrorActorEvent }) => event.error,
              },
            ],
          },
        ],
      },
    },
    // Stryker disable next-line ObjectLiteral,StringLiteral: no transition leaves it, so final or not every later event is ignored (its entry has gone to /login)
    changed: { type: 'final' },
    // Stryker disable next-line ObjectLiteral,StringLiteral: no transition leaves it, so final or not every later event is ignored (its entry has gone to /login)
    expired: { type: 'final' },
  },
});

type NewPasswordSnapshot = SnapshotFrom<typeof newPasswordMachine>;

export const selectNewPasswordSubmitting = (snapshot: NewPasswordSnapshot) =>
  snapshot.matches('submitting');
export const selectNewPasswordErrors = (snapshot: NewPasswordSnapshot) => snapshot.context.errors;

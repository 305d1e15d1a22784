/**
 * Set new password (SPEC 2 "Set new password", 5, 8 "Set new password"): two entries that must
 * match and keep the password rules; PUT change-password with the reset token of the link.
 * Injected: `changePassword`, the toasts (`notifyChanged`, `notifyExpired`, `reportError`) and
 * `goToLogin`.
 */
import { assign, fromPromise, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { type ChangePasswordRequest } from '../api/contract.ts';
import { SERVER_MESSAGES } from '../api/serverMessages.ts';
import { ApiError } from '../api/errors.ts';
import { newPasswordMessages } from '../messages/newPassword.ts';
import { brokenPasswordRules, passwordMessageText } from './passwordRules.ts';

export interface NewPasswordContext {
  resetToken: string;
  password: string;
  confirmation: string;
  problems: string[];
}

export type NewPasswordEvent =
  | { type: 'CHANGE_PASSWORD'; value: string }
  | { type: 'CHANGE_CONFIRMATION'; value: string }
  | { type: 'SUBMIT' };

function clientProblems({ password, confirmation }: NewPasswordContext): string[] {
  return [
    ...(password === confirmation ? [] : [newPasswordMessages.mismatch]),
    ...brokenPasswordRules(password),
  ];
}

const serverPasswordProblems = (error: unknown) =>
  error instanceof ApiError ? error.fieldMessages('Password').map(passwordMessageText) : [];

export const newPasswordMachine = setup({
  types: {
    input: {} as { resetToken: string },
    context: {} as NewPasswordContext,
    events: {} as NewPasswordEvent,
  },
  actors: {
    changePassword: fromPromise<undefined, ChangePasswordRequest>(() =>
      Promise.reject(new Error('changePassword is provided by the container')),
    ),
  },
  actions: {
    notifyChanged: (_, _text: string) => undefined,
    notifyExpired: (_, _text: string) => undefined,
    reportError: (_, _error: unknown) => undefined,
    goToLogin: () => undefined,
  },
  guards: {
    valid: ({ context }) => clientProblems(context).length === 0,
    tokenRejected: ({ event }) =>
      'error' in event &&
      event.error instanceof ApiError &&
      event.error.firstMessage === SERVER_MESSAGES.invalidResetToken,
    passwordRejected: ({ event }) =>
      'error' in event && serverPasswordProblems(event.error).length > 0,
  },
}).createMachine({
  id: 'newPassword',
  context: ({ input }) => ({
    resetToken: input.resetToken,
    password: '',
    confirmation: '',
    problems: [],
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE_PASSWORD: { actions: assign({ password: ({ event }) => event.value }) },
        CHANGE_CONFIRMATION: { actions: assign({ confirmation: ({ event }) => event.value }) },
        SUBMIT: [
          { guard: 'valid', target: 'submitting' },
          { actions: assign({ problems: ({ context }) => clientProblems(context) }) },
        ],
      },
    },
    submitting: {
      entry: assign({ problems: [] }),
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
            actions: assign({ problems: ({ event }) => serverPasswordProblems(event.error) }),
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
    changed: { type: 'final' },
    expired: { type: 'final' },
  },
});

type NewPasswordSnapshot = SnapshotFrom<typeof newPasswordMachine>;

export const selectNewPasswordSubmitting = (snapshot: NewPasswordSnapshot) =>
  snapshot.matches('submitting');
export const selectNewPasswordProblems = (snapshot: NewPasswordSnapshot) =>
  snapshot.context.problems;

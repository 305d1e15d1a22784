/**
 * Account activation (SPEC 2 "Account activation", 4 "Activation", 5 "Activation form", 8
 * "Activation"): the invitation token is validated on load (read-only on the server), then a form
 * prefilled with the invitation's names, or an error state. Completing it logs the user in.
 * Injected: `validateInvitation`, `completeRegistration` and `startSession`.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  type AuthResponse,
  type CompleteRegistrationRequest,
  type ValidateRegistrationResponse,
} from '../api/contract.ts';
import { SERVER_MESSAGES } from '../api/serverMessages.ts';
import { ApiError } from '../api/errors.ts';
import { activationMessages } from '../messages/activation.ts';
import { PASSWORD_MIN_LENGTH, passwordMessageText } from './passwordRules.ts';
import { cleanLine } from '../api/text.ts';

/** SPEC 5 and 9: names trimmed, longer than 2 characters. */
export const ACTIVATION_NAME_MIN_LENGTH = 2;

export interface InvitationProblem {
  text: string;
  /** Expired and invalid invitations ask for a new one by e-mail. */
  askForNew: boolean;
}

export interface ActivationContext {
  invitationToken: string;
  name: string;
  surname: string;
  password: string;
  problems: string[];
  invitationProblem: InvitationProblem | null;
}

export type ActivationEvent =
  | { type: 'CHANGE_NAME'; value: string }
  | { type: 'CHANGE_SURNAME'; value: string }
  | { type: 'CHANGE_PASSWORD'; value: string }
  | { type: 'SUBMIT' };

/** SPEC 8 "Activation": why the invitation cannot be used. */
export function invitationProblem(error: unknown): InvitationProblem {
  if (!(error instanceof ApiError)) return { text: activationMessages.failed, askForNew: false };
  if (error.firstMessage === SERVER_MESSAGES.invitationExpired) {
    return { text: activationMessages.expired, askForNew: true };
  }
  return { text: activationMessages.invalid, askForNew: true };
}

/** SPEC 8 "Activation" submit: a 400 lists token, name and password messages, then a request. */
export function registrationProblems(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) {
    return [activationMessages.submitFailed, activationMessages.submitFailedHint];
  }
  const token =
    error.firstMessage === SERVER_MESSAGES.invitationExpired
      ? [activationMessages.expired]
      : error.fieldMessages('InvitationToken').map(() => activationMessages.invalid);
  return [
    ...token,
    ...error.fieldMessages('Name').map(() => activationMessages.nameTooShort),
    ...error.fieldMessages('Surname').map(() => activationMessages.surnameTooShort),
    ...error.fieldMessages('Password').map(passwordMessageText),
    activationMessages.checkAgain,
  ];
}

const formLooksValid = ({ name, surname, password }: ActivationContext) =>
  cleanLine(name).length > ACTIVATION_NAME_MIN_LENGTH &&
  cleanLine(surname).length > ACTIVATION_NAME_MIN_LENGTH &&
  [...password].length >= PASSWORD_MIN_LENGTH;

export const activationMachine = setup({
  types: {
    input: {} as { invitationToken: string },
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
  },
  actors: {
    validateInvitation: fromPromise<ValidateRegistrationResponse, { invitationToken: string }>(() =>
      Promise.reject(new Error('validateInvitation is provided by the container')),
    ),
    completeRegistration: fromPromise<AuthResponse, CompleteRegistrationRequest>(() =>
      Promise.reject(new Error('completeRegistration is provided by the container')),
    ),
  },
  actions: {
    startSession: (_, _response: AuthResponse) => undefined,
  },
  guards: {
    formLooksValid: ({ context }) => formLooksValid(context),
  },
}).createMachine({
  id: 'activation',
  context: ({ input }) => ({
    invitationToken: input.invitationToken,
    name: '',
    surname: '',
    password: '',
    problems: [],
    invitationProblem: null,
  }),
  initial: 'validating',
  states: {
    validating: {
      invoke: {
        id: 'validateInvitation',
        src: 'validateInvitation',
        input: ({ context }) => ({ invitationToken: context.invitationToken }),
        onDone: {
          target: 'editing',
          actions: assign({
            name: ({ event }) => event.output.name,
            surname: ({ event }) => event.output.surname,
          }),
        },
        onError: {
          target: 'unusable',
          actions: assign({ invitationProblem: ({ event }) => invitationProblem(event.error) }),
        },
      },
    },
    unusable: { type: 'final' },
    editing: {
      on: {
        CHANGE_NAME: { actions: assign({ name: ({ event }) => event.value }) },
        CHANGE_SURNAME: { actions: assign({ surname: ({ event }) => event.value }) },
        CHANGE_PASSWORD: { actions: assign({ password: ({ event }) => event.value }) },
        SUBMIT: [
          { guard: 'formLooksValid', target: 'submitting' },
          { actions: assign({ problems: [activationMessages.checkData] }) },
        ],
      },
    },
    submitting: {
      entry: assign({ problems: [] }),
      invoke: {
        id: 'completeRegistration',
        src: 'completeRegistration',
        input: ({ context }) => ({
          name: cleanLine(context.name),
          surname: cleanLine(context.surname),
          password: context.password,
          invitationToken: context.invitationToken,
        }),
        onDone: {
          target: 'activated',
          actions: { type: 'startSession', params: ({ event }) => event.output },
        },
        onError: {
          target: 'editing',
          actions: assign({ problems: ({ event }) => registrationProblems(event.error) }),
        },
      },
    },
    activated: { type: 'final' },
  },
});

type ActivationSnapshot = SnapshotFrom<typeof activationMachine>;

export type ActivationStage = 'validating' | 'unusable' | 'form' | 'activated';

export function selectActivationStage(snapshot: ActivationSnapshot): ActivationStage {
  if (snapshot.matches('validating')) return 'validating';
  if (snapshot.matches('unusable')) return 'unusable';
  if (snapshot.matches('activated')) return 'activated';
  return 'form';
}
export const selectActivationSubmitting = (snapshot: ActivationSnapshot) =>
  snapshot.matches('submitting');

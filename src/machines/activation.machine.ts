/**
 * Account activation (SPEC 2 "Account activation", 4 "Activation", 5 "Activation form", 8
 * "Activation"): the invitation token is validated on load (read-only on the server), then a form
 * prefilled with the invitation's names, or an error state. Completing it logs the user in.
 * Injected: `validateInvitation`, `completeRegistration` and `startSession`.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  ACCOUNT_FORM_RULES,
  activationFormSchema,
  parseFormFields,
  type AuthResponse,
  type CompleteRegistrationRequest,
  type ValidateRegistrationResponse,
} from '../api/contract.ts';
import { SERVER_MESSAGES } from '../api/serverMessages.ts';
import { ApiError } from '../api/errors.ts';
import { activationMessages } from '../messages/activation.ts';
import { passwordMessageText } from './passwordRules.ts';
import { cleanLine } from '../api/text.ts';
import { FORM_LEVEL, withoutErrorsOf, type FormErrors, type FormLevel } from './form.ts';

/** SPEC 5 and 9: names trimmed, longer than 2 characters. */
export const ACTIVATION_NAME_MIN_LENGTH = ACCOUNT_FORM_RULES.nameLongerThan;

export type ActivationField = 'name' | 'surname' | 'password';
/** The messages under each field; under FORM_LEVEL the invitation's and the closing request. */
export type ActivationErrors = FormErrors<ActivationField | FormLevel>;

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
  errors: ActivationErrors;
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
  if (error.firstMessage === SERVER_MESSAGES.invitationRevoked) {
    return { text: activationMessages.revoked, askForNew: true };
  }
  return { text: activationMessages.invalid, askForNew: true };
}

/**
 * SPEC 8 "Activation" submit: a 400's name and password messages under their fields, the token's
 * and SPEC's closing request in the form's box; any other failure there too.
 */
export function registrationErrors(error: unknown): ActivationErrors {
  if (!(error instanceof ApiError) || error.status !== 400) {
    return { [FORM_LEVEL]: [activationMessages.submitFailed, activationMessages.submitFailedHint] };
  }
  const token =
    error.firstMessage === SERVER_MESSAGES.invitationExpired
      ? [activationMessages.expired]
      : error.fieldMessages('InvitationToken').map(() => activationMessages.invalid);
  const errors: ActivationErrors = {};
  const under = (field: ActivationField, messages: string[]) => {
    if (messages.length > 0) errors[field] = [...new Set(messages)];
  };
  under(
    'name',
    error.fieldMessages('Name').map(() => activationMessages.nameTooShort),
  );
  under(
    'surname',
    error.fieldMessages('Surname').map(() => activationMessages.surnameTooShort),
  );
  under('password', error.fieldMessages('Password').map(passwordMessageText));
  errors[FORM_LEVEL] = [...new Set(token), activationMessages.checkAgain];
  return errors;
}

const FIELD_OF_REQUEST_FIELD = { Name: 'name', Surname: 'surname', Password: 'password' } as const;

/**
 * SPEC 5 "Activation form": each field that breaks the contract's `activationFormSchema` (the
 * names' rule is the server's too) shows SPEC's one message; empty when the form may be sent.
 */
export function validateActivation(
  draft: Pick<ActivationContext, ActivationField>,
): ActivationErrors {
  const parsed = parseFormFields(activationFormSchema, {
    Name: draft.name,
    Surname: draft.surname,
    Password: draft.password,
  });
  if (parsed.ok) return {};
  return Object.fromEntries(
    Object.keys(parsed.problems).map((field) => [
      FIELD_OF_REQUEST_FIELD[field as keyof typeof FIELD_OF_REQUEST_FIELD],
      [activationMessages.checkData],
    ]),
  );
}

export const activationMachine = setup({
  types: {
    input: {} as { invitationToken: string },
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container always provides both actors
  actors: {
    validateInvitation: fromPromise<ValidateRegistrationResponse, { invitationToken: string }>(() =>
      Promise.reject(new Error('validateInvitation is provided by the container')),
    ),
    completeRegistration: fromPromise<AuthResponse, CompleteRegistrationRequest>(() =>
      Promise.reject(new Error('completeRegistration is provided by the container')),
    ),
  },
  // Stryker disable next-line ObjectLiteral: the container always provides startSession
  actions: {
    startSession: (_, _response: AuthResponse) => undefined,
  },
  guards: {
    formLooksValid: ({ context }) => Object.keys(validateActivation(context)).length === 0,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'activation',
  context: ({ input }) => ({
    invitationToken: input.invitationToken,
    // Stryker disable next-line StringLiteral: replaced by the invitation's names before the form first shows
    name: '',
    // Stryker disable next-line StringLiteral: replaced by the invitation's names before the form first shows
    surname: '',
    password: '',
    errors: {},
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
    // Stryker disable next-line ObjectLiteral,StringLiteral: no transition leaves it, so final or not every later event is ignored
    unusable: { type: 'final' },
    editing: {
      on: {
        // Editing a field takes its messages away.
        CHANGE_NAME: {
          actions: assign({
            name: ({ event }) => event.value,
            errors: ({ context }) => withoutErrorsOf(context.errors, ['name']),
          }),
        },
        CHANGE_SURNAME: {
          actions: assign({
            surname: ({ event }) => event.value,
            errors: ({ context }) => withoutErrorsOf(context.errors, ['surname']),
          }),
        },
        CHANGE_PASSWORD: {
          actions: assign({
            password: ({ event }) => event.value,
            errors: ({ context }) => withoutErrorsOf(context.errors, ['password']),
          }),
        },
        SUBMIT: [
          { guard: 'formLooksValid', target: 'submitting' },
          { actions: assign({ errors: ({ context }) => validateActivation(context) }) },
        ],
      },
    },
    submitting: {
      entry: assign({ errors: {} }),
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
          actions: assign({ errors: ({ event }) => registrationErrors(event.error) }),
        },
      },
    },
    // Stryker disable next-line ObjectLiteral,StringLiteral: no transition leaves it, so final or not every later event is ignored
    activated: { type: 'final' },
  },
});

type ActivationSnapshot = SnapshotFrom<typeof activationMachine>;

export type ActivationStage = 'validating' | 'unusable' | 'form' | 'activated';

export function selectActivationStage(snapshot: ActivationSnapshot): ActivationStage {
  if (snapshot.matches('validating')) return 'validating';
  if (snapshot.matches('unusable')) return 'unusable';
  if (snapshot.matches('activated')) return 'activated';
  // Stryker disable next-line StringLiteral: the page shows the form for every stage but the three above
  return 'form';
}
export const selectActivationSubmitting = (snapshot: ActivationSnapshot) =>
  snapshot.matches('submitting');

/**
 * The e-mail input modal (SPEC 4 "Password-reset dialog", "Newsletter subscription", 5 "Input
 * modal"): one machine for both dialogs, told apart by the input. The submit call is injected
 * (`submitEmail`): it resolves with the Croatian success text and rejects with a `SubmitFailure`
 * carrying the Croatian failure text, so the machine never knows which API it talks to.
 */
import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { emailModalMessages } from '../messages/emailModal.ts';

export interface EmailInputModalInput {
  /**
   * 'closeWhenDone' (password reset): the dialog closes when the request ends and toasts tell how
   * it went. 'showInDialog' (newsletter): the outcome is shown as text inside the dialog.
   */
  outcome: 'closeWhenDone' | 'showInDialog';
  /** Without the robot check the password reset ignores the submit; the newsletter says so. */
  withoutRobotCheck: 'ignore' | 'warn';
  /** The newsletter's warning; the password reset has none. */
  robotCheckWarning?: string;
  /**
   * A single-use modal starts open and ends (a final state) when it closes: its owner creates a
   * fresh one for every opening (the newsletter, whose dialog loads on demand).
   */
  singleUse?: boolean;
}

export interface Feedback {
  tone: 'success' | 'error';
  text: string;
  /** A refusal of the address itself stands under the e-mail field, which it marks. */
  aboutEmail?: boolean;
}

export interface EmailInputModalContext extends EmailInputModalInput {
  email: string;
  robotToken: string | null;
  feedback: Feedback | null;
}

export type EmailInputModalEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'CHANGE'; email: string }
  | { type: 'ROBOT_VERIFIED'; token: string }
  | { type: 'ROBOT_EXPIRED' }
  /** SPEC 5: the button is enabled from 5 characters; Enter in the field submits only beyond 5. */
  | { type: 'SUBMIT'; via: 'button' | 'enter' };

export interface SubmitEmailInput {
  email: string;
  recaptchaToken: string;
}

/**
 * What the injected `submitEmail` rejects with: the text to show the visitor, and whether it is
 * about the address (shown under the field) or about nothing the visitor typed.
 */
export class SubmitFailure extends Error {
  override name = 'SubmitFailure';
  readonly aboutEmail: boolean;
  constructor(message: string, aboutEmail = false) {
    super(message);
    this.aboutEmail = aboutEmail;
  }
}

/** SPEC 5 and 9: the submit button is enabled from 5 characters, Enter works beyond 5. */
export const EMAIL_MODAL_MIN_LENGTH = 5;

const failureText = (error: unknown) =>
  error instanceof SubmitFailure ? error.message : emailModalMessages.unexpectedFailure;
const failureFeedback = (error: unknown): Feedback =>
  error instanceof SubmitFailure && error.aboutEmail
    ? { tone: 'error', text: failureText(error), aboutEmail: true }
    : { tone: 'error', text: failureText(error) };

export const emailInputModalMachine = setup({
  types: {
    input: {} as EmailInputModalInput,
    context: {} as EmailInputModalContext,
    events: {} as EmailInputModalEvent,
  },
  // Stryker disable next-line ObjectLiteral: both containers always provide submitEmail
  actors: {
    submitEmail: fromPromise<string, SubmitEmailInput>(() =>
      Promise.reject(new Error('submitEmail is provided by the container')),
    ),
  },
  actions: {
    // The container shows these as toasts (password reset).
    notifySuccess: (_, _text: string) => undefined,
    notifyFailure: (_, _text: string) => undefined,
    // A new request closes the toasts of the earlier one (issue 29).
    dismissNotices: () => undefined,
    // Each solution is accepted once: a new attempt needs a new robot check.
    forgetRobotToken: assign({ robotToken: null }),
  },
  guards: {
    longEnough: ({ context, event }) =>
      event.type === 'SUBMIT' && event.via === 'enter'
        ? context.email.length > EMAIL_MODAL_MIN_LENGTH
        : context.email.length >= EMAIL_MODAL_MIN_LENGTH,
    robotChecked: ({ context }) => context.robotToken !== null,
    warnsWithoutRobotCheck: ({ context }) => context.withoutRobotCheck === 'warn',
    closesWhenDone: ({ context }) => context.outcome === 'closeWhenDone',
    singleUse: ({ context }) => context.singleUse === true,
  },
}).createMachine({
  id: 'emailInputModal',
  context: ({ input }) => ({ ...input, email: '', robotToken: null, feedback: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'singleUse', target: 'open' }, { target: 'closed' }],
    },
    closed: {
      always: { guard: 'singleUse', target: 'ended' },
      on: {
        // SPEC 4: closing clears the error and success texts; a new opening starts clean.
        OPEN: {
          target: 'open',
          actions: assign({ email: '', robotToken: null, feedback: null }),
        },
      },
    },
    open: {
      initial: 'editing',
      on: {
        CHANGE: { actions: assign({ email: ({ event }) => event.email }) },
        ROBOT_VERIFIED: { actions: assign({ robotToken: ({ event }) => event.token }) },
        ROBOT_EXPIRED: { actions: 'forgetRobotToken' },
      },
      states: {
        editing: {
          on: {
            CLOSE: '#emailInputModal.closed',
            SUBMIT: [
              {
                guard: and(['longEnough', 'robotChecked']),
                target: 'submitting',
                actions: 'dismissNotices',
              },
              {
                guard: and(['longEnough', 'warnsWithoutRobotCheck']),
                actions: assign({
                  feedback: ({ context }) => ({
                    tone: 'error' as const,
                    text: context.robotCheckWarning ?? '',
                  }),
                }),
              },
            ],
          },
        },
        submitting: {
          entry: assign({ feedback: null }),
          invoke: {
            id: 'submitEmail',
            src: 'submitEmail',
            input: ({ context }) => ({
              email: context.email.trim(),
              // Stryker disable next-line StringLiteral: submitting is entered only with a robot token, so the fallback never applies
              recaptchaToken: context.robotToken ?? '',
            }),
            onDone: [
              {
                guard: 'closesWhenDone',
                target: '#emailInputModal.closed',
                actions: [{ type: 'notifySuccess', params: ({ event }) => event.output }],
              },
              {
                target: 'succeeded',
                actions: [
                  'forgetRobotToken',
                  assign({ feedback: ({ event }) => ({ tone: 'success', text: event.output }) }),
                ],
              },
            ],
            onError: [
              {
                guard: 'closesWhenDone',
                target: '#emailInputModal.closed',
                actions: [
                  { type: 'notifyFailure', params: ({ event }) => failureText(event.error) },
                ],
              },
              {
                target: 'editing',
                actions: [
                  'forgetRobotToken',
                  assign({ feedback: ({ event }) => failureFeedback(event.error) }),
                ],
              },
            ],
          },
        },
        // The newsletter's success text replaces the submit button until the dialog closes.
        succeeded: {
          on: { CLOSE: '#emailInputModal.closed' },
        },
      },
    },
    ended: { type: 'final' },
  },
});

type EmailInputModalSnapshot = SnapshotFrom<typeof emailInputModalMachine>;

export const selectModalOpen = (snapshot: EmailInputModalSnapshot) => snapshot.matches('open');
export const selectModalSubmitting = (snapshot: EmailInputModalSnapshot) =>
  snapshot.matches({ open: 'submitting' });
export const selectModalSucceeded = (snapshot: EmailInputModalSnapshot) =>
  snapshot.matches({ open: 'succeeded' });
export const selectModalEmail = (snapshot: EmailInputModalSnapshot) => snapshot.context.email;
export const selectModalFeedback = (snapshot: EmailInputModalSnapshot) => snapshot.context.feedback;
export const selectModalRobotChecked = (snapshot: EmailInputModalSnapshot) =>
  snapshot.context.robotToken !== null;

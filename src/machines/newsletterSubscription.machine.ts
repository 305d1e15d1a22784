/**
 * Newsletter subscription (SPEC 2 "Products and catalogues", "Courses list"; 4 "Newsletter
 * subscription"; 5 "Input modal"; 8 "Newsletter subscription"): a button; pressing it loads the
 * dialog on demand (the injected `loadDialog`), then the shared e-mail input modal runs as the
 * child `modal`, created open for each opening: subscribing, then the success text in place of
 * its submit button. Closing ends the child, and with it its error and success texts.
 *
 * The child's `submitEmail` is provided by the container with `subscriptionOutcome`: it looks the
 * campaign up by its configured name, subscribes, and turns the answer into the SPEC 8 texts.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { type CampaignKey } from '../api/contract.ts';
import { SERVER_MESSAGES } from '../api/serverMessages.ts';
import { ApiError } from '../api/errors.ts';
import { newsletterMessages } from '../messages/newsletter.ts';
import {
  emailInputModalMachine,
  SubmitFailure,
  type EmailInputModalInput,
} from './emailInputModal.machine.ts';

/**
 * The button's campaign. The machine keeps none of it: the container subscribes to that campaign
 * (`subscriptionOutcome`) and the dialog words it.
 */
export interface NewsletterSubscriptionInput {
  campaign: CampaignKey;
}

export interface NewsletterSubscriptionContext {
  dialogLoaded: boolean;
  /** Why the dialog could not open (its code failed to load). */
  problem: string | null;
}

export type NewsletterSubscriptionEvent = { type: 'OPEN' };

/** The shared modal as the newsletter uses it: outcome in the dialog, a warning without robot check. */
export const NEWSLETTER_MODAL_INPUT: EmailInputModalInput = {
  // Stryker disable next-line StringLiteral: only the modal's closesWhenDone guard reads it (=== 'closeWhenDone'), so '' acts as 'showInDialog'.
  outcome: 'showInDialog',
  withoutRobotCheck: 'warn',
  robotCheckWarning: newsletterMessages.robotCheckRequired,
  singleUse: true,
};

/** SPEC 8 "Newsletter subscription": the success text of each campaign. */
export function subscriptionSuccessText(campaign: CampaignKey): string {
  return newsletterMessages.subscribed[campaign];
}

/**
 * SPEC 8 "Newsletter subscription": the text of a failed subscription. "API error" is read as an
 * answer about the request (4xx); an outage (5xx), a rate limit or no answer at all is one of the
 * "other failures". A refused robot check asks for a new one, as a missing one does.
 */
export function subscriptionFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return newsletterMessages.failed;
  if (SERVER_MESSAGES.alreadySubscribed.match(error.firstMessage)) {
    return newsletterMessages.alreadySubscribed;
  }
  if (error.fieldMessages('recaptchaToken').length > 0) {
    return newsletterMessages.robotCheckRequired;
  }
  const aboutTheRequest = error.status >= 400 && error.status < 500 && error.status !== 429;
  return aboutTheRequest ? newsletterMessages.checkEmail : newsletterMessages.failed;
}

/** The two calls of a subscription, as the container's `submitEmail` makes them. */
export interface SubscriptionCalls {
  campaignId: () => Promise<number>;
  subscribe: (campaignId: number) => Promise<void>;
}

/**
 * What the container's `submitEmail` does: the campaign's id by its configured name, then the
 * subscription; SPEC 8 texts out. A failed lookup says nothing about the e-mail address, so it is
 * one of the "other failures".
 */
export async function subscriptionOutcome(
  campaign: CampaignKey,
  calls: SubscriptionCalls,
): Promise<string> {
  let campaignId: number;
  try {
    campaignId = await calls.campaignId();
  } catch {
    throw new SubmitFailure(newsletterMessages.failed);
  }
  try {
    await calls.subscribe(campaignId);
  } catch (error) {
    const text = subscriptionFailureText(error);
    const aboutEmail =
      text === newsletterMessages.alreadySubscribed || text === newsletterMessages.checkEmail;
    throw new SubmitFailure(text, aboutEmail);
  }
  return subscriptionSuccessText(campaign);
}

export const newsletterSubscriptionMachine = setup({
  types: {
    input: {} as NewsletterSubscriptionInput,
    context: {} as NewsletterSubscriptionContext,
    events: {} as NewsletterSubscriptionEvent,
    children: {} as { modal: 'emailInputModal' },
  },
  actors: {
    loadDialog: fromPromise<undefined>(() =>
      Promise.reject(new Error('loadDialog is provided by the container')),
    ),
    emailInputModal: emailInputModalMachine,
  },
  guards: {
    dialogLoaded: ({ context }) => context.dialogLoaded,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no `#newsletterSubscription` target exists; the id only names the actor in the dev inspector.
  id: 'newsletterSubscription',
  // Stryker disable next-line ObjectLiteral: XState then starts from {}: dialogLoaded undefined is as falsy as false, and the view shows no problem for undefined as for null.
  context: { dialogLoaded: false, problem: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        OPEN: [{ guard: 'dialogLoaded', target: 'open' }, { target: 'loadingDialog' }],
      },
    },
    loadingDialog: {
      entry: assign({ problem: null }),
      invoke: {
        id: 'loadDialog',
        src: 'loadDialog',
        onDone: { target: 'open', actions: assign({ dialogLoaded: true }) },
        onError: { target: 'idle', actions: assign({ problem: newsletterMessages.failed }) },
      },
    },
    open: {
      invoke: {
        id: 'modal',
        src: 'emailInputModal',
        input: NEWSLETTER_MODAL_INPUT,
        // The modal ends when it closes: the next opening starts a clean one.
        onDone: 'idle',
      },
    },
  },
});

type NewsletterSubscriptionSnapshot = SnapshotFrom<typeof newsletterSubscriptionMachine>;
export type NewsletterModalRef = ActorRefFrom<typeof emailInputModalMachine>;

export const selectDialogLoading = (snapshot: NewsletterSubscriptionSnapshot) =>
  snapshot.matches('loadingDialog');
export const selectOpeningProblem = (snapshot: NewsletterSubscriptionSnapshot) =>
  snapshot.context.problem;
/** The running modal while the dialog is open. */
export const selectModal = (snapshot: NewsletterSubscriptionSnapshot): NewsletterModalRef | null =>
  snapshot.children.modal ?? null;

/**
 * Newsletter unsubscribe (SPEC 2 "Newsletter unsubscribe", 4 "Unsubscribe", 5 "Unsubscribe", 8
 * "Unsubscribe"): the link of a mail opens `/newsletter-odjava/{tecajevi|katalozi}` with the
 * e-mail and the personal token; without an e-mail or with an unknown campaign the visitor goes
 * home. Otherwise: unsubscribing, then success (a toast) or failure ("Odjava nije uspjela.",
 * with a toast saying why). An answer naming the e-mail as invalid also sends the visitor home.
 * A second visit (the server says the address is not subscribed) is no failure: the visitor is
 * off the list, which the page and SPEC 8's toast 'Već ste se odjavili…' both say (issue 29).
 *
 * Injected: `unsubscribe` (looks the campaign up by its configured name, then DELETE), `notify`
 * (a toast) and `goHome`.
 */
import { fromPromise, setup, type SnapshotFrom } from 'xstate';
import { UNSUBSCRIBE_PAGE_CAMPAIGNS, type CampaignKey } from '../api/contract.ts';
import { SERVER_MESSAGES } from '../api/serverMessages.ts';
import { ApiError } from '../api/errors.ts';
import { unsubscribeMessages } from '../messages/unsubscribe.ts';

/** What the page's address says; any part may be missing or wrong. */
export interface UnsubscribeInput {
  /** The route's campaign word: `tecajevi` or `katalozi`. */
  campaign: string;
  email: string | undefined;
  unsubscribeToken: string | undefined;
  /** For the toast of a failure that only the shop can fix. */
  supportEmail: string;
}

export interface UnsubscribeContext {
  campaign: CampaignKey | null;
  email: string;
  unsubscribeToken: string;
  supportEmail: string;
}

/** What the injected `unsubscribe` is given. */
export interface UnsubscribeRequestInput {
  campaign: CampaignKey;
  email: string;
  unsubscribeToken: string;
}

export interface Notice {
  tone: 'success' | 'warning' | 'error';
  text: string;
}

/** The configured campaign a route word stands for, or null for any other word. */
export function campaignOfPage(word: string): CampaignKey | null {
  const entry = Object.entries(UNSUBSCRIBE_PAGE_CAMPAIGNS).find(([, page]) => page === word);
  return entry ? (entry[0] as CampaignKey) : null;
}

/** The error of the `unsubscribe` call's error event. */
const errorOf = (event: { type: string }) => (event as { error?: unknown }).error;

const emailRejected = (error: unknown) =>
  error instanceof ApiError && error.fieldMessages('Email').length > 0;

const notSubscribed = (error: unknown) =>
  error instanceof ApiError && SERVER_MESSAGES.notSubscribed.match(error.firstMessage) !== null;

export const unsubscribeMachine = setup({
  types: {
    input: {} as UnsubscribeInput,
    context: {} as UnsubscribeContext,
  },
  // Stryker disable next-line ObjectLiteral: UnsubscribeContainer always provides `unsubscribe`; the default never runs.
  actors: {
    unsubscribe: fromPromise<undefined, UnsubscribeRequestInput>(() =>
      Promise.reject(new Error('unsubscribe is provided by the container')),
    ),
  },
  // Stryker disable next-line ObjectLiteral: UnsubscribeContainer provides both notify and goHome; these defaults never run.
  actions: {
    notify: (_, _notice: Notice) => undefined,
    goHome: () => undefined,
  },
  guards: {
    // SPEC 5: the e-mail must be non-empty and the campaign known.
    linkUsable: ({ context }) => context.email !== '' && context.campaign !== null,
    emailRejected: ({ event }) => emailRejected(errorOf(event)),
    notSubscribed: ({ event }) => notSubscribed(errorOf(event)),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no `#unsubscribe` target exists; the id only names the actor in the dev inspector.
  id: 'unsubscribe',
  context: ({ input }) => ({
    campaign: campaignOfPage(input.campaign),
    email: input.email?.trim() ?? '',
    unsubscribeToken: input.unsubscribeToken ?? '',
    supportEmail: input.supportEmail,
  }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'linkUsable', target: 'unsubscribing' }, { target: 'leaving' }],
    },
    unsubscribing: {
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        input: ({ context }) => ({
          // checkingLink lets only a known campaign through.
          campaign: context.campaign as CampaignKey,
          email: context.email,
          unsubscribeToken: context.unsubscribeToken,
        }),
        onDone: {
          target: 'unsubscribed',
          actions: {
            type: 'notify',
            params: { tone: 'success', text: unsubscribeMessages.done },
          },
        },
        onError: [
          {
            guard: 'emailRejected',
            target: 'leaving',
          },
          {
            guard: 'notSubscribed',
            target: 'alreadyUnsubscribed',
            actions: {
              type: 'notify',
              params: { tone: 'success', text: unsubscribeMessages.alreadyUnsubscribed },
            },
          },
          {
            target: 'failed',
            actions: {
              type: 'notify',
              params: ({ context }) => ({
                tone: 'error',
                text: unsubscribeMessages.contactUs(context.supportEmail),
              }),
            },
          },
        ],
      },
    },
    leaving: { type: 'final', entry: 'goHome' },
    unsubscribed: { type: 'final' },
    alreadyUnsubscribed: { type: 'final' },
    failed: { type: 'final' },
  },
});

type UnsubscribeSnapshot = SnapshotFrom<typeof unsubscribeMachine>;

export type UnsubscribeStatus =
  'unsubscribing' | 'unsubscribed' | 'alreadyUnsubscribed' | 'failed' | 'leaving';

export const selectUnsubscribeStatus = (snapshot: UnsubscribeSnapshot): UnsubscribeStatus =>
  snapshot.value as UnsubscribeStatus;
export const selectUnsubscribeCampaign = (snapshot: UnsubscribeSnapshot) =>
  snapshot.context.campaign;

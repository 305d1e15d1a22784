/**
 * The newsletters below the create form (issue 14): loading, then the list with status and
 * counts, or a failure with a retry. One action at a time on a newsletter: cancel (then the list
 * reloads), preview (shown until closed, the list's buttons waiting meanwhile) or a test mail to
 * the caller. `RELOAD` comes from the
 * form after a newsletter is created. Injected: `loadNewsletters`, `cancelNewsletter`,
 * `loadPreview`, `sendTest`, `notify` and `reportError`.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { NewsletterPreview, NewsletterSummary } from '../api/contract.ts';
import { newsletterListMessages } from '../messages/newsletterList.ts';
import { reportEventError } from './form.ts';

const text = newsletterListMessages;

export interface NewsletterListContext {
  newsletters: NewsletterSummary[];
  preview: NewsletterPreview | null;
  /** The newsletter an action runs on. */
  selectedId: number | null;
}

export type NewsletterListEvent =
  | { type: 'RELOAD' }
  | { type: 'CANCEL'; id: number }
  | { type: 'PREVIEW'; id: number }
  | { type: 'SEND_TEST'; id: number }
  | { type: 'CLOSE_PREVIEW' };

const selected = ({ context }: { context: NewsletterListContext }) => context.selectedId ?? 0;

export const newsletterListMachine = setup({
  types: {
    context: {} as NewsletterListContext,
    events: {} as NewsletterListEvent,
  },
  actors: {
    loadNewsletters: fromPromise<NewsletterSummary[]>(() =>
      Promise.reject(new Error('loadNewsletters is provided by the container')),
    ),
    cancelNewsletter: fromPromise<undefined, number>(() =>
      Promise.reject(new Error('cancelNewsletter is provided by the container')),
    ),
    loadPreview: fromPromise<NewsletterPreview, number>(() =>
      Promise.reject(new Error('loadPreview is provided by the container')),
    ),
    sendTest: fromPromise<undefined, number>(() =>
      Promise.reject(new Error('sendTest is provided by the container')),
    ),
  },
  actions: {
    notify: (_, _text: string) => undefined,
    reportError: (_, _error: unknown) => undefined,
  },
}).createMachine({
  id: 'newsletterList',
  context: { newsletters: [], preview: null, selectedId: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadNewsletters',
        src: 'loadNewsletters',
        onDone: {
          target: 'ready',
          actions: assign({ newsletters: ({ event }) => event.output }),
        },
        onError: { target: 'failed', actions: reportEventError },
      },
    },
    failed: { on: { RELOAD: 'loading' } },
    ready: {
      on: {
        RELOAD: 'loading',
        CANCEL: { target: 'cancelling', actions: assign({ selectedId: ({ event }) => event.id }) },
        PREVIEW: {
          target: 'loadingPreview',
          actions: assign({ selectedId: ({ event }) => event.id }),
        },
        SEND_TEST: {
          target: 'sendingTest',
          actions: assign({ selectedId: ({ event }) => event.id }),
        },
      },
    },
    showingPreview: {
      on: { CLOSE_PREVIEW: { target: 'ready', actions: assign({ preview: null }) } },
    },
    cancelling: {
      invoke: {
        id: 'cancelNewsletter',
        src: 'cancelNewsletter',
        input: selected,
        onDone: { target: 'loading', actions: { type: 'notify', params: text.cancelled } },
        onError: { target: 'ready', actions: reportEventError },
      },
    },
    loadingPreview: {
      invoke: {
        id: 'loadPreview',
        src: 'loadPreview',
        input: selected,
        onDone: {
          target: 'showingPreview',
          actions: assign({ preview: ({ event }) => event.output }),
        },
        onError: { target: 'ready', actions: reportEventError },
      },
    },
    sendingTest: {
      invoke: {
        id: 'sendTest',
        src: 'sendTest',
        input: selected,
        onDone: { target: 'ready', actions: { type: 'notify', params: text.testSent } },
        onError: { target: 'ready', actions: reportEventError },
      },
    },
  },
});

type NewsletterListSnapshot = SnapshotFrom<typeof newsletterListMachine>;

export const selectNewsletterListStatus = (snapshot: NewsletterListSnapshot) =>
  snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready';
/** An action is running, or the preview is open: the list's buttons wait. */
export const selectNewsletterListBusy = (snapshot: NewsletterListSnapshot) =>
  snapshot.matches('cancelling') ||
  snapshot.matches('loadingPreview') ||
  snapshot.matches('sendingTest') ||
  snapshot.matches('showingPreview');
export const selectNewsletterPreview = (snapshot: NewsletterListSnapshot) =>
  snapshot.matches('showingPreview') ? snapshot.context.preview : null;

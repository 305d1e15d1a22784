/**
 * The newsletters below the create form (issue 14, 28): loading, then the list with audience,
 * status and counts, or a failure with a retry. One action at a time on a newsletter: cancel
 * (asked first, then the list reloads), loading a preview or a test mail to the caller. An open
 * preview holds nothing: it stays beside the list until closed or replaced, the buttons free.
 * `RELOAD` comes from the form after a newsletter is created or changed. Injected:
 * `loadNewsletters`, `cancelNewsletter`, `loadPreview`, `sendTest`, `notify`, `reportError` and
 * `dismissNotices` (the list's earlier toasts, closed by a new cancel or test mail: issue 29).
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
  /** 'Otkaži': asks first. */
  | { type: 'CANCEL'; id: number }
  | { type: 'CONFIRM_CANCEL' }
  | { type: 'KEEP' }
  | { type: 'PREVIEW'; id: number }
  | { type: 'SEND_TEST'; id: number }
  | { type: 'CLOSE_PREVIEW' };

const selected = ({ context }: { context: NewsletterListContext }) => context.selectedId ?? 0;

// Stryker disable next-line ObjectLiteral: the container provides every actor and action, and the types are read by TypeScript only
export const newsletterListMachine = setup({
  types: {
    context: {} as NewsletterListContext,
    events: {} as NewsletterListEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container always provides all four actors
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
  // Stryker disable next-line ObjectLiteral: the container always provides all three actions
  actions: {
    notify: (_, _text: string) => undefined,
    reportError: (_, _error: unknown) => undefined,
    dismissNotices: () => undefined,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'newsletterList',
  // Stryker disable next-line ObjectLiteral,ArrayDeclaration: the list is shown only once loaded (which sets it), an undefined preview shows none as null does, and every action sets selectedId before reading it
  context: { newsletters: [], preview: null, selectedId: null },
  // Whatever else runs: the preview is only something to look at.
  on: { CLOSE_PREVIEW: { actions: assign({ preview: null }) } },
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
        CANCEL: {
          target: 'confirmingCancel',
          actions: assign({ selectedId: ({ event }) => event.id }),
        },
        PREVIEW: {
          target: 'loadingPreview',
          actions: assign({ selectedId: ({ event }) => event.id }),
        },
        SEND_TEST: {
          target: 'sendingTest',
          actions: ['dismissNotices', assign({ selectedId: ({ event }) => event.id })],
        },
      },
    },
    confirmingCancel: {
      on: { CONFIRM_CANCEL: { target: 'cancelling', actions: 'dismissNotices' }, KEEP: 'ready' },
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
          target: 'ready',
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
/** An action is running: the list's buttons wait (an open preview is no action). */
export const selectNewsletterListBusy = (snapshot: NewsletterListSnapshot) =>
  snapshot.matches('cancelling') ||
  snapshot.matches('loadingPreview') ||
  snapshot.matches('sendingTest');
export const selectNewsletterPreview = (snapshot: NewsletterListSnapshot) =>
  snapshot.context.preview;
/** The newsletter whose cancelling waits for a yes (or runs), or null. */
export const selectNewsletterToCancel = (snapshot: NewsletterListSnapshot) =>
  snapshot.matches('confirmingCancel') || snapshot.matches('cancelling')
    ? (snapshot.context.newsletters.find(({ id }) => id === snapshot.context.selectedId) ?? null)
    : null;
export const selectNewsletterCancelling = (snapshot: NewsletterListSnapshot) =>
  snapshot.matches('cancelling');

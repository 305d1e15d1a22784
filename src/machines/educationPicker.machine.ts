/**
 * Choose the education to edit (SPEC 2 admin screen 6; issue 13): the educations load, then a
 * searchable select of '[#id] title' opens the chosen one's edit route. Injected:
 * `loadEducations`, `retryTranscode`, `openEducation` (navigation) and `reportError` (the generic
 * error handler). Issue 27: while an uploaded education is queued or being transcoded, the list
 * is fetched again every few seconds, so its state and progress are live; the polling stops once
 * none is. A failed transcode can be retried.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Education } from '../api/contract.ts';
import { reportEventError } from './form.ts';
import { isTranscoding, TRANSCODE_POLL_MS } from './transcodes.ts';

export interface EducationPickerContext {
  educations: Education[];
}

export type EducationPickerEvent =
  { type: 'CHOOSE'; id: number } | { type: 'RETRY' } | { type: 'RETRY_TRANSCODE'; id: number };

/**
 * Not while a retry runs: a second click would cancel the first call, whose answer (queued) is
 * then never shown, and the server refuses the second (409, already queued), so the list kept
 * the failure and stopped polling.
 */
const retryFailedTranscode = {
  guard: {
    type: 'failedTranscode',
    // Only RETRY_TRANSCODE takes this transition.
    params: ({ event }: { event: EducationPickerEvent }) => (event as { id: number }).id,
  },
  target: 'retryingTranscode',
} as const;

export const educationPickerMachine = setup({
  types: {
    context: {} as EducationPickerContext,
    events: {} as EducationPickerEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container always provides both actors
  actors: {
    loadEducations: fromPromise<Education[]>(() =>
      Promise.reject(new Error('loadEducations is provided by the container')),
    ),
    retryTranscode: fromPromise<Education, { id: number }>(() =>
      Promise.reject(new Error('retryTranscode is provided by the container')),
    ),
  },
  guards: {
    anyTranscoding: ({ context }) => context.educations.some(isTranscoding),
    failedTranscode: ({ context }, id: number) =>
      context.educations.some((e) => e.id === id && e.stream?.state === 'failed'),
  },
  // Stryker disable next-line ObjectLiteral: the container always provides both actions
  actions: {
    openEducation: (_, _id: number) => undefined,
    reportError: (_, _error: unknown) => undefined,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'educationPicker',
  // Stryker disable next-line ArrayDeclaration: the page shows the list only once loaded, and the load's answer replaces it first
  context: { educations: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEducations',
        src: 'loadEducations',
        onDone: {
          target: 'choosing',
          actions: assign({ educations: ({ event }) => event.output }),
        },
        onError: {
          target: 'loadFailed',
          actions: reportEventError,
        },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    choosing: {
      on: {
        CHOOSE: { actions: { type: 'openEducation', params: ({ event }) => event.id } },
      },
      initial: 'watching',
      states: {
        watching: {
          after: { [TRANSCODE_POLL_MS]: { guard: 'anyTranscoding', target: 'polling' } },
          on: { RETRY_TRANSCODE: retryFailedTranscode },
        },
        // A failed poll is not reported: the next one may succeed, the shown list stays.
        polling: {
          on: { RETRY_TRANSCODE: retryFailedTranscode },
          invoke: {
            id: 'pollEducations',
            src: 'loadEducations',
            onDone: {
              target: 'watching',
              actions: assign({ educations: ({ event }) => event.output }),
            },
            onError: { target: 'watching' },
          },
        },
        retryingTranscode: {
          invoke: {
            id: 'retryTranscode',
            src: 'retryTranscode',
            input: ({ event }) => ({ id: (event as { id: number }).id }),
            onDone: {
              target: 'watching',
              actions: assign({
                educations: ({ context, event }) =>
                  context.educations.map((e) => (e.id === event.output.id ? event.output : e)),
              }),
            },
            onError: {
              target: 'watching',
              actions: {
                type: 'reportError',
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
            },
          },
        },
      },
    },
  },
});

type EducationPickerSnapshot = SnapshotFrom<typeof educationPickerMachine>;

export const selectPickerLoading = (snapshot: EducationPickerSnapshot) =>
  snapshot.matches('loading');
export const selectPickerLoadFailed = (snapshot: EducationPickerSnapshot) =>
  snapshot.matches('loadFailed');

/**
 * One uploaded education's transcode on its edit page (issue 27): loaded, then fetched again
 * every `TRANSCODE_POLL_MS` while queued or processing, so the state and progress are live like
 * the picker's list; a failed one can be retried. Injected: `loadEducation`, `retryTranscode` and
 * `reportError` (the generic handler).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Education } from '../api/contract.ts';
import { reportEventError } from './form.ts';
import { isTranscoding, TRANSCODE_POLL_MS } from './transcodes.ts';

export interface TranscodeWatchContext {
  educationId: number;
  /** Null until loaded. */
  education: Education | null;
}

export type TranscodeWatchEvent = { type: 'RETRY' } | { type: 'RETRY_TRANSCODE' };

export const transcodeWatchMachine = setup({
  types: {
    context: {} as TranscodeWatchContext,
    events: {} as TranscodeWatchEvent,
    input: {} as { educationId: number },
  },
  // Stryker disable next-line ObjectLiteral: the container always provides both actors
  actors: {
    loadEducation: fromPromise<Education, { id: number }>(() =>
      Promise.reject(new Error('loadEducation is provided by the container')),
    ),
    retryTranscode: fromPromise<Education, { id: number }>(() =>
      Promise.reject(new Error('retryTranscode is provided by the container')),
    ),
  },
  guards: {
    transcoding: ({ context }) => isTranscoding(context.education),
    // Stryker disable next-line OptionalChaining: only 'watching' handles RETRY_TRANSCODE, with the education loaded, and only the retry button sends it, which only a failed stream shows
    failed: ({ context }) => context.education?.stream?.state === 'failed',
  },
  actions: {
    reportError: (_, _error: unknown) => undefined,
    showEducation: assign({
      education: ({ context, event }) =>
        (event as { output?: Education }).output ?? context.education,
    }),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'transcodeWatch',
  context: ({ input }) => ({ educationId: input.educationId, education: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEducation',
        src: 'loadEducation',
        input: ({ context }) => ({ id: context.educationId }),
        onDone: { target: 'watching', actions: 'showEducation' },
        onError: { target: 'loadFailed', actions: reportEventError },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    watching: {
      after: { [TRANSCODE_POLL_MS]: { guard: 'transcoding', target: 'polling' } },
      on: { RETRY_TRANSCODE: { guard: 'failed', target: 'retrying' } },
    },
    // A failed poll is not reported: the next one may succeed, the shown state stays.
    polling: {
      invoke: {
        id: 'pollEducation',
        src: 'loadEducation',
        input: ({ context }) => ({ id: context.educationId }),
        onDone: { target: 'watching', actions: 'showEducation' },
        onError: { target: 'watching' },
      },
    },
    retrying: {
      invoke: {
        id: 'retryTranscode',
        src: 'retryTranscode',
        input: ({ context }) => ({ id: context.educationId }),
        onDone: { target: 'watching', actions: 'showEducation' },
        onError: { target: 'watching', actions: reportEventError },
      },
    },
  },
});

type TranscodeWatchSnapshot = SnapshotFrom<typeof transcodeWatchMachine>;

export const selectTranscodeLoadFailed = (snapshot: TranscodeWatchSnapshot) =>
  snapshot.matches('loadFailed');
export const selectRetryingTranscode = (snapshot: TranscodeWatchSnapshot) =>
  snapshot.matches('retrying');

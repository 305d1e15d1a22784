/**
 * An uploaded education's transcode state on its edit page (issue 27), through the container with
 * fake API calls: the model walks loading, the polling while queued or processing (stopping once
 * ready, silent when a poll fails) and the retry of a failed transcode.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Education } from '../../src/api/contract.ts';
import { transcodeWatchMachine } from '../../src/machines/transcodeWatch.machine.ts';
import { messages } from '../../src/messages.ts';
import {
  fakes,
  renderMediaSection,
  retryTranscodeButton,
  section,
  uploaded,
} from '../support/educationMedia.tsx';
import { testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { connectionLost, refusedWith } from '../support/server-failures.ts';

const text = messages.educationAdmin;
// The polling runs on fake timers; userEvent's own delays advance them.
const user = userEvent.setup({
  advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined),
});

const PROCESSING = uploaded('processing', ['hr'], 42);
const FAILED = uploaded('failed', ['hr']);
const QUEUED = uploaded('queued', ['hr']);
const READY = uploaded('ready', ['hr']);
const { loadEducation, retryTranscode } = fakes;

function expectState(education: Education | null) {
  const shown = section()?.textContent ?? '';
  const stream = education?.stream;
  if (stream?.state === 'processing') expect(shown).toContain('U obradi… 42 %');
  if (stream?.state === 'queued') expect(shown).toContain(text.streamQueued);
  if (stream?.state === 'ready') expect(shown).toContain(text.streamReady);
  if (stream?.state === 'failed') {
    expect(shown).toContain(text.streamFailed(stream.failure ?? ''));
  }
  expect(retryTranscodeButton() !== null).toBe(stream?.state === 'failed');
}

describe('transcode watch model', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());
  testMachineModel(transcodeWatchMachine, {
    inputs: [{ educationId: 7 }],
    // The captions' load (the second) is answered at once; the watch's loads are the fake's.
    render: () => renderMediaSection(1, READY),
    fakes: { loadEducation, pollEducation: loadEducation, retryTranscode },
    sampleEvents: [
      { type: 'xstate.done.actor.loadEducation', output: PROCESSING },
      { type: 'xstate.done.actor.loadEducation', output: FAILED },
      { type: 'xstate.error.actor.loadEducation', error: new TypeError('Failed to fetch') },
      { type: 'xstate.done.actor.pollEducation', output: READY },
      { type: 'xstate.error.actor.pollEducation', error: new TypeError('Failed to fetch') },
      { type: 'xstate.done.actor.retryTranscode', output: QUEUED },
      { type: 'xstate.error.actor.retryTranscode', error: new TypeError('Failed to fetch') },
    ],
    // A failure that leaves the state as it was still counts as a transition to test.
    serializeState: ({ value, context }, event) =>
      JSON.stringify([
        value,
        event?.type.startsWith('xstate.error.') || event?.type === 'RETRY' ? event.type : '',
        context.education?.stream?.state,
      ]),
    states: {
      loading: () => {
        expect(retryTranscodeButton()).toBeNull();
        expect(loadEducation.calls.at(-1)).toBe(7);
      },
      loadFailed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(text.mediaLoadFailed);
        expect(screen.getByRole('button', { name: text.retry })).toBeVisible();
      },
      watching: ({ context }) => {
        expectState(context.education);
        if (retryTranscodeButton()) expect(retryTranscodeButton()).toBeEnabled();
      },
      polling: ({ context }) => {
        expectState(context.education);
        expect(loadEducation.calls.length).toBeGreaterThan(1);
        expect(loadEducation.calls.at(-1)).toBe(7);
      },
      retrying: () => {
        expect(retryTranscode.calls).toEqual([7]);
        expect(retryTranscodeButton()).toBeDisabled();
      },
    },
    events: {
      RETRY: () => user.click(screen.getByRole('button', { name: text.retry })),
      RETRY_TRANSCODE: async () => {
        const button = retryTranscodeButton();
        if (button) await user.click(button);
      },
    },
  });
});

describe('transcode watch pinned by hand', () => {
  // Only the test moves the clock, so the poll's 3 s are exact.
  beforeEach(() => {
    vi.useFakeTimers();
    for (const fake of Object.values(fakes)) fake.reset();
  });
  afterEach(() => vi.useRealTimers());
  const waitMs = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('fetches a processing transcode again every 3 s, and stops once it is ready', async () => {
    renderMediaSection(1, READY);
    await loadEducation.resolve(PROCESSING);
    expect(section()).toHaveTextContent('U obradi… 42 %');
    await waitMs(2999);
    expect(loadEducation.calls).toEqual([7]);
    await waitMs(1);
    expect(loadEducation.calls).toEqual([7, 7]);
    await loadEducation.resolve(READY);
    expect(section()).toHaveTextContent(text.streamReady);
    await waitMs(30_000);
    expect(loadEducation.calls).toEqual([7, 7]);
  });

  it('never fetches a failed transcode again by itself', async () => {
    renderMediaSection(1, READY);
    await loadEducation.resolve(FAILED);
    await waitMs(30_000);
    expect(loadEducation.calls).toEqual([7]);
    expect(retryTranscodeButton()).toBeEnabled();
  });

  it('reports a failed retry and offers the retry again, without fetching the education', async () => {
    const app = renderMediaSection(1, READY);
    await loadEducation.resolve(FAILED);
    fireEvent.click(retryTranscodeButton() as HTMLElement);
    expect(retryTranscode.calls).toEqual([7]);
    expect(retryTranscodeButton()).toBeDisabled();
    await retryTranscode.reject(new TypeError('Failed to fetch'));
    expect(app.notices).toEqual([
      { tone: 'error', text: 'Dogodila se pogreška: {"message":"Failed to fetch"}' },
    ]);
    expect(section()).toHaveTextContent(text.streamFailed(FAILED.stream?.failure ?? ''));
    expect(retryTranscodeButton()).toBeEnabled();
    await waitMs(30_000);
    expect(loadEducation.calls).toEqual([7]);
  });
});

/**
 * Issue 27 on the edit page, as a model: what the server last answered for the education (the
 * state shown), which calls are open, and how long the page has shown a state since its last
 * answer. A state queued or processing is fetched again 3 s after each answer; a failed poll
 * changes nothing a person sees; a failed transcode offers one retry at a time.
 */
interface WatchModel {
  /** The first load: waiting, refused, or answered. */
  phase: 'loading' | 'loadFailed' | 'shown';
  shown: Education | null;
  /** A fetch of the education is open (the first load, its retry or a poll). */
  loadOpen: boolean;
  retryOpen: boolean;
  /** Milliseconds since the last answer while nothing was open. */
  sinceAnswer: number;
  loads: number;
  retries: number;
  notices: { tone: string; text: string }[];
}

let app: ReturnType<typeof renderMediaSection>;

describe('transcode watch random paths', () => {
  afterEach(() => vi.useRealTimers());

  const transcoding = (education: Education | null) =>
    education?.stream?.state === 'queued' || education?.stream?.state === 'processing';
  const withStream = (state: TranscodeStateName, progress = 0) => uploaded(state, ['hr'], progress);
  type TranscodeStateName = 'queued' | 'processing' | 'ready' | 'failed';
  /** What a person reads for each answer, written out rather than taken from the view. */
  const answers: { label: string; education: Education; shown: string }[] = [
    { label: 'u redu čekanja', education: withStream('queued'), shown: 'U redu čekanja' },
    { label: 'u obradi 0 %', education: withStream('processing', 0), shown: 'U obradi… 0 %' },
    {
      label: 'u obradi 37,4 %',
      education: withStream('processing', 37.4),
      shown: 'U obradi… 37 %',
    },
    { label: 'spremno', education: withStream('ready', 100), shown: 'Spremno' },
    {
      label: 'obrada nije uspjela',
      education: withStream('failed'),
      shown: 'Obrada nije uspjela: ffmpeg nije mogao pročitati video.',
    },
  ];
  const shownText = (education: Education | null) =>
    answers.find(
      (answer) =>
        answer.education.stream?.state === education?.stream?.state &&
        answer.education.stream?.progress === education?.stream?.progress,
    )?.shown ?? '';
  const failures = [
    refusedWith(500, 'Internal server error.'),
    refusedWith(404, 'Education not found.'),
    connectionLost(),
  ];
  const retryFailures = [...failures, refusedWith(409, 'Only a failed transcode can be retried.')];

  /** An answer arrived: the 3 s start again from it. */
  const answered = (model: WatchModel) => {
    model.sinceAnswer = 0;
  };
  const waitMs = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  // Listed twice: a path mostly goes on from an answer rather than from a failure.
  const answer = fc.constantFrom(...answers).map(({ label, education }) =>
    step<WatchModel>(
      `poslužitelj šalje edukaciju: ${label}`,
      async (model) => {
        await loadEducation.resolve(education);
        model.loadOpen = false;
        model.phase = 'shown';
        model.shown = education;
        answered(model);
      },
      (model) => model.loadOpen,
    ),
  );
  // Listed twice too, also while the retry is open: the disabled button must not send a second.
  const retryTranscodeStep = fc.constant(
    step<WatchModel>(
      `pritisni '${text.retryTranscodeOf('Protetika')}'`,
      (model) => {
        fireEvent.click(retryTranscodeButton() as HTMLElement);
        if (model.retryOpen) return;
        model.retryOpen = true;
        model.retries += 1;
      },
      (model) =>
        model.phase === 'shown' && !model.loadOpen && model.shown?.stream?.state === 'failed',
    ),
  );

  testRandomPaths<WatchModel>('transcodeWatch', {
    startLabel: 'Otvori uređivanje edukacije s prenesenim videom',
    numRuns: 30,
    maxSteps: 20,
    start: () => {
      // Only the test moves the clock, so that 2999 ms and 3000 ms are told apart.
      vi.useFakeTimers();
      for (const fake of Object.values(fakes)) fake.reset();
      // The captions' load (the second) is answered at once; every fetch of the watch is the fake's.
      app = renderMediaSection(1, READY);
      return {
        phase: 'loading',
        shown: null,
        loadOpen: true,
        retryOpen: false,
        sinceAnswer: 0,
        loads: 1,
        retries: 0,
        notices: [],
      };
    },
    steps: [
      answer,
      answer,
      fc.constantFrom(...failures).map(({ label, error, toast }) =>
        step<WatchModel>(
          label,
          async (model) => {
            await loadEducation.reject(error);
            model.loadOpen = false;
            // The first load's failure is told (and offers a retry); a poll's is silent.
            if (model.phase === 'loading') {
              model.phase = 'loadFailed';
              model.notices.push({ tone: 'error', text: toast });
            }
            answered(model);
          },
          (model) => model.loadOpen,
        ),
      ),
      fc.constantFrom(1, 1000, 2000, 2999, 3000, 10_000).map((ms) =>
        step<WatchModel>(`pričekaj ${ms} ms`, async (model) => {
          await waitMs(ms);
          if (model.loadOpen || model.retryOpen || model.phase !== 'shown') return;
          model.sinceAnswer += ms;
          if (transcoding(model.shown) && model.sinceAnswer >= 3000) {
            model.loads += 1;
            model.loadOpen = true;
            model.sinceAnswer = 0;
          }
        }),
      ),
      fc.constant(
        step<WatchModel>(
          `pritisni '${text.retry}' (učitavanje)`,
          (model) => {
            fireEvent.click(screen.getByRole('button', { name: text.retry }));
            model.phase = 'loading';
            model.loadOpen = true;
            model.loads += 1;
          },
          (model) => model.phase === 'loadFailed',
        ),
      ),
      retryTranscodeStep,
      retryTranscodeStep,
      fc
        .constantFrom(
          answers[0] as (typeof answers)[number],
          answers[1] as (typeof answers)[number],
        )
        .map(({ label, education }) =>
          step<WatchModel>(
            `poslužitelj ponovno pokreće obradu: ${label}`,
            async (model) => {
              await retryTranscode.resolve(education);
              model.retryOpen = false;
              model.shown = education;
              answered(model);
            },
            (model) => model.retryOpen,
          ),
        ),
      fc.constantFrom(...retryFailures).map(({ label, error, toast }) =>
        step<WatchModel>(
          `ponovna obrada: ${label}`,
          async (model) => {
            await retryTranscode.reject(error);
            model.retryOpen = false;
            model.notices.push({ tone: 'error', text: toast });
            answered(model);
          },
          (model) => model.retryOpen,
        ),
      ),
    ],
    invariants: (model) => {
      // Fetched once, then again only 3 s after an answer of a state still queued or processing.
      expect(loadEducation.calls).toEqual(Array.from({ length: model.loads }, () => 7));
      expect(retryTranscode.calls).toEqual(Array.from({ length: model.retries }, () => 7));
      expect(app.notices).toEqual(model.notices);
      if (model.phase === 'loadFailed') {
        expect(screen.getByRole('alert')).toHaveTextContent(text.mediaLoadFailed);
        expect(retryTranscodeButton()).toBeNull();
        return;
      }
      expect(screen.queryByText(text.mediaLoadFailed)).toBeNull();
      if (model.phase === 'loading') {
        expect(retryTranscodeButton()).toBeNull();
        return;
      }
      // The last answer is what is shown, whatever a failed poll did since.
      const words = section()?.querySelector('[aria-live]')?.textContent ?? '';
      expect(words.replace(text.retry, '').trim()).toBe(shownText(model.shown));
      const failed = model.shown?.stream?.state === 'failed';
      expect(retryTranscodeButton() !== null).toBe(failed);
      if (failed) {
        if (model.retryOpen) expect(retryTranscodeButton()).toBeDisabled();
        else expect(retryTranscodeButton()).toBeEnabled();
      }
    },
  });
});

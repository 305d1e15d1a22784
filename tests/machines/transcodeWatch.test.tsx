/**
 * An uploaded education's transcode state on its edit page (issue 27), through the container with
 * fake API calls: the model walks loading, the polling while queued or processing (stopping once
 * ready, silent when a poll fails) and the retry of a failed transcode.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
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

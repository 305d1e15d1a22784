import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Education } from '../../src/api/contract.ts';
import { EducationPickerContainer } from '../../src/app/EducationPickerContainer.tsx';
import { educationPickerMachine } from '../../src/machines/educationPicker.machine.ts';
import { TRANSCODE_POLL_MS } from '../../src/machines/transcodes.ts';
import { messages } from '../../src/messages.ts';
import { anEducation, ADMIN_EDUCATIONS as EDUCATIONS, stream } from '../support/educations.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const text = messages.educationAdmin;
// The transcode polling runs on fake timers; userEvent's own delays advance them.
const user = userEvent.setup({
  advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined),
});

/** Issue 27: one upload being transcoded, one whose transcode failed. */
const TRANSCODING = [
  ...EDUCATIONS,
  anEducation({ id: 7, title: 'Protetika', stream: stream('processing', 42) }),
  anEducation({ id: 8, title: 'Parodontologija', stream: stream('failed') }),
];
const DONE = TRANSCODING.map((e) =>
  e.id === 7
    ? { ...e, stream: stream('ready', 100) }
    : e.id === 8
      ? { ...e, stream: stream('ready', 100) }
      : e,
);
const requeued = { ...(TRANSCODING[3] as Education), stream: stream('queued') };
const retryTranscode = fakePromiseActor<Education, number>();
const streamList = () => screen.queryByRole('region', { name: text.streamStates });
const retryTranscodeButton = () =>
  screen.queryByRole('button', { name: text.retryTranscodeOf('Parodontologija') });

const loadEducations = fakePromiseActor<Education[], undefined>();
let app: ReturnType<typeof renderWithEffects>;

function renderPicker() {
  loadEducations.reset();
  retryTranscode.reset();
  app = renderWithEffects(<EducationPickerContainer />, {
    path: '/admin/educations/update',
    api: {
      educations: {
        listEducations: () => loadEducations.fn(undefined),
        retryTranscode: retryTranscode.fn,
      },
    },
  });
  return app;
}

const picker = () => screen.queryByRole('combobox', { name: text.pickerLabel });

/** Types part of a name and picks the option by its '[#id] title'. */
async function choose(search: string, option: string) {
  const box = picker();
  if (!box) throw new Error('The education select is not shown');
  await user.clear(box);
  await user.type(box, search);
  await user.click(screen.getByRole('option', { name: option }));
}

describe('education picker model', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());
  testMachineModel(educationPickerMachine, {
    render: renderPicker,
    fakes: { loadEducations, pollEducations: loadEducations, retryTranscode },
    sampleEvents: [
      { type: 'xstate.done.actor.loadEducations', output: EDUCATIONS },
      { type: 'xstate.done.actor.loadEducations', output: TRANSCODING },
      { type: 'xstate.done.actor.pollEducations', output: TRANSCODING },
      { type: 'xstate.done.actor.pollEducations', output: DONE },
      { type: 'xstate.error.actor.pollEducations', error: new TypeError('Failed to fetch') },
      { type: 'RETRY_TRANSCODE', id: 8 },
      { type: 'xstate.done.actor.retryTranscode', output: requeued },
      { type: 'xstate.error.actor.retryTranscode', error: new TypeError('Failed to fetch') },
      { type: 'xstate.error.actor.loadEducations', error: new TypeError('Failed to fetch') },
      { type: 'CHOOSE', id: 5 },
    ],
    states: {
      loading: () => {
        expect(screen.getByRole('status')).toHaveTextContent(text.loadingEducations);
        expect(picker()).not.toBeInTheDocument();
      },
      loadFailed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(text.educationsFailed);
        expect(screen.getByRole('button', { name: text.retry })).toBeVisible();
      },
      'choosing.watching': ({ context }) => {
        const shown = streamList()?.textContent ?? '';
        for (const { id, title, stream: s } of context.educations) {
          const line = `[#${id}] ${title}: `;
          if (!s) expect(shown).not.toContain(line);
          else if (s.state === 'processing') expect(shown).toContain(`${line}U obradi… 42 %`);
          else if (s.state === 'queued') expect(shown).toContain(`${line}U redu čekanja`);
          else if (s.state === 'ready') expect(shown).toContain(`${line}Spremno`);
          else expect(shown).toContain(`${line}Obrada nije uspjela: ${s.failure ?? ''}`);
        }
        const failed = context.educations.some((e) => e.stream?.state === 'failed');
        expect(retryTranscodeButton() !== null).toBe(failed);
      },
      'choosing.polling': () => {
        expect(loadEducations.calls.length).toBeGreaterThan(1);
        expect(streamList()).toBeVisible();
      },
      'choosing.retryingTranscode': () => {
        expect(retryTranscode.calls).toEqual([8]);
      },
      choosing: () => {
        expect(screen.getByRole('heading', { level: 1, name: text.pickerTitle })).toBeVisible();
        expect(picker()).toBeVisible();
        expect(app.location()).toBe(
          app.history.length > 1 ? '/admin/educations/update/5' : '/admin/educations/update',
        );
      },
    },
    events: {
      RETRY: () => user.click(screen.getByRole('button', { name: text.retry })),
      CHOOSE: () => choose('endo', '[#5] Endodoncija u praksi'),
      RETRY_TRANSCODE: async () => {
        const button = retryTranscodeButton();
        if (button) await user.click(button);
      },
    },
  });
});

describe('education picker pinned by hand', () => {
  it('finds by part of the title or by the number, and opens the edit route', async () => {
    renderPicker();
    await loadEducations.resolve(EDUCATIONS);
    const box = picker() as HTMLElement;
    await user.type(box, '#12');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '[#12] Implantologija danas',
    ]);
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText(text.noMatches)).toBeVisible();
    // Keyboard: the list opens with the arrow key; Enter chooses the highlighted option.
    await user.clear(box);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(app.history).toEqual(['/admin/educations/update', '/admin/educations/update/5']);
  });

  it('shows the polled states: a finished transcode turns ready (issue 27)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderPicker();
      await loadEducations.resolve(TRANSCODING);
      expect(streamList()).toHaveTextContent('[#7] Protetika: U obradi… 42 %');
      await act(() => vi.advanceTimersByTimeAsync(TRANSCODE_POLL_MS));
      expect(loadEducations.calls).toHaveLength(2);
      await loadEducations.resolve(DONE);
      expect(streamList()).toHaveTextContent('[#7] Protetika: Spremno');
      expect(streamList()).not.toHaveTextContent('U obradi');
      expect(retryTranscodeButton()).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a retried transcode as queued, without its retry button (issue 27)', async () => {
    renderPicker();
    await loadEducations.resolve(TRANSCODING);
    await user.click(retryTranscodeButton() as HTMLElement);
    expect(retryTranscode.calls).toEqual([8]);
    await retryTranscode.resolve(requeued);
    expect(streamList()).toHaveTextContent('[#8] Parodontologija: U redu čekanja');
    expect(streamList()).toHaveTextContent('[#7] Protetika: U obradi… 42 %');
    expect(retryTranscodeButton()).not.toBeInTheDocument();
  });

  it('says so when there is no education yet', async () => {
    renderPicker();
    await loadEducations.resolve([]);
    expect(screen.getByText(text.noEducations)).toBeVisible();
    expect(picker()).not.toBeInTheDocument();
  });
});

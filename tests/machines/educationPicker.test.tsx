import { act, fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Education } from '../../src/api/contract.ts';
import { EducationPickerContainer } from '../../src/app/EducationPickerContainer.tsx';
import { educationPickerMachine } from '../../src/machines/educationPicker.machine.ts';
import { TRANSCODE_POLL_MS } from '../../src/machines/transcodes.ts';
import { messages } from '../../src/messages.ts';
import { anEducation, ADMIN_EDUCATIONS as EDUCATIONS, stream } from '../support/educations.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';
import { connectionLost, refusedWith } from '../support/server-failures.ts';

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

  it('sends one retry for a double click, and shows its answer (issue 27)', async () => {
    // A second retry cancelled the first call: its answer (queued) was never shown, the server
    // refused the second (409) and the list kept the failure without polling (random paths).
    renderPicker();
    await loadEducations.resolve(TRANSCODING);
    await user.dblClick(retryTranscodeButton() as HTMLElement);
    expect(retryTranscode.calls).toEqual([8]);
    await retryTranscode.resolve(requeued);
    expect(streamList()).toHaveTextContent('[#8] Parodontologija: U redu čekanja');
    expect(app.notices).toEqual([]);
  });

  it('says so when there is no education yet', async () => {
    renderPicker();
    await loadEducations.resolve([]);
    expect(screen.getByText(text.noEducations)).toBeVisible();
    expect(picker()).not.toBeInTheDocument();
  });
});

/**
 * SPEC 2 admin screen 6 with issue 27, as a model: the list the server last answered, the calls
 * open, how long the page has shown the list since its last answer, and where the person went.
 * While any upload is queued or processing the list is fetched again 3 s after each answer; a
 * failed poll changes nothing shown; a failed transcode is retried one call at a time.
 */
interface PickerModel {
  phase: 'loading' | 'loadFailed' | 'shown';
  list: Education[];
  /** The first load, its retry, or a poll is open. */
  loadOpen: boolean;
  /** The education whose retry is open. */
  retryOpen: number | null;
  sinceAnswer: number;
  loads: number;
  retries: number[];
  notices: { tone: string; text: string }[];
  history: string[];
}

describe('education picker random paths', () => {
  afterEach(() => vi.useRealTimers());

  type State = 'queued' | 'processing' | 'ready' | 'failed';
  const FAILURE = 'ffmpeg nije mogao pročitati video.';
  /** What a person reads for each state, written out rather than taken from the view. */
  const words: Record<State, (progress: number) => string> = {
    queued: () => 'U redu čekanja',
    processing: (progress) => `U obradi… ${progress === 37.4 ? 37 : progress} %`,
    ready: () => 'Spremno',
    failed: () => `Obrada nije uspjela: ${FAILURE}`,
  };
  const UPLOADS = [
    { id: 7, title: 'Protetika' },
    { id: 8, title: 'Parodontologija' },
    { id: 9, title: 'Čišćenje kanala – Đurđević' },
  ];
  const upload = (id: number, state: State, progress = 0) =>
    anEducation({
      id,
      title: UPLOADS.find((u) => u.id === id)?.title ?? '',
      stream: stream(state, progress),
    });
  const stateArb = fc.constantFrom<[State, number]>(
    ['queued', 0],
    ['processing', 37.4],
    ['processing', 90],
    ['ready', 100],
    ['ready', 100],
    ['failed', 0],
    ['failed', 0],
  );
  /** An answer of GET /educations: a linked education and the three uploads in drawn states. */
  const listArb = fc
    .tuple(stateArb, stateArb, stateArb)
    .map((states) => [
      ...EDUCATIONS,
      ...UPLOADS.map(({ id }, index) => upload(id, ...(states[index] as [State, number]))),
    ]);
  const listLabel = (list: Education[]) =>
    list
      .filter((e) => e.stream)
      .map((e) => `#${e.id} ${e.stream?.state}`)
      .join(', ');
  const transcoding = (list: Education[]) =>
    list.some((e) => e.stream?.state === 'queued' || e.stream?.state === 'processing');
  const failures = [refusedWith(500, 'Internal server error.'), connectionLost()];
  const retryFailures = [...failures, refusedWith(409, 'Only a failed transcode can be retried.')];
  const shownFailed = (model: PickerModel, id: number) =>
    model.list.some((e) => e.id === id && e.stream?.state === 'failed');

  const answer = listArb.map((list) =>
    step<PickerModel>(
      `poslužitelj šalje popis: ${listLabel(list)}`,
      async (model) => {
        await loadEducations.resolve(list);
        Object.assign(model, { loadOpen: false, phase: 'shown', list, sinceAnswer: 0 });
      },
      (model) => model.loadOpen,
    ),
  );
  const retry = fc.constantFrom(...UPLOADS).map(({ id, title }) =>
    step<PickerModel>(
      `pritisni '${text.retryTranscodeOf(title)}'`,
      async (model) => {
        await act(async () => {
          fireEvent.click(screen.getByRole('button', { name: text.retryTranscodeOf(title) }));
        });
        // The retry waits while another runs: a second click sends nothing.
        if (model.retryOpen !== null) return;
        model.retryOpen = id;
        model.retries.push(id);
      },
      (model) => model.phase === 'shown' && !model.loadOpen && shownFailed(model, id),
    ),
  );

  // Listed twice, as the retry is: a path then often reaches what the retry answers.
  const retried = fc
    .constantFrom<[State, number]>(['queued', 0], ['processing', 90])
    .map(([state, progress]) =>
      step<PickerModel>(
        `poslužitelj ponovno pokreće obradu: ${state}`,
        async (model) => {
          const again = upload(model.retryOpen as number, state, progress);
          await retryTranscode.resolve(again);
          model.list = model.list.map((e) => (e.id === again.id ? again : e));
          Object.assign(model, { retryOpen: null, sinceAnswer: 0 });
        },
        (model) => model.retryOpen !== null,
      ),
    );

  testRandomPaths<PickerModel>('educationPicker', {
    startLabel: "Otvori 'Uredi edukaciju' u administraciji",
    numRuns: 25,
    maxSteps: 20,
    start: () => {
      // Only the test moves the clock, so that 2999 ms and 3000 ms are told apart.
      vi.useFakeTimers();
      renderPicker();
      return {
        phase: 'loading',
        list: [],
        loadOpen: true,
        retryOpen: null,
        sinceAnswer: 0,
        loads: 1,
        retries: [],
        notices: [],
        history: ['/admin/educations/update'],
      };
    },
    steps: [
      answer,
      answer,
      fc.constantFrom(...failures).map(({ label, error, toast }) =>
        step<PickerModel>(
          label,
          async (model) => {
            await loadEducations.reject(error);
            model.loadOpen = false;
            model.sinceAnswer = 0;
            // The first load's failure is told, with a retry; a poll's is silent.
            if (model.phase !== 'loading') return;
            model.phase = 'loadFailed';
            model.notices.push({ tone: 'error', text: toast });
          },
          (model) => model.loadOpen,
        ),
      ),
      fc.constantFrom(1, 1000, 2999, 3000, 10_000).map((ms) =>
        step<PickerModel>(`pričekaj ${ms} ms`, async (model) => {
          await act(() => vi.advanceTimersByTimeAsync(ms));
          if (model.loadOpen || model.retryOpen !== null || model.phase !== 'shown') return;
          model.sinceAnswer += ms;
          if (transcoding(model.list) && model.sinceAnswer >= 3000) {
            Object.assign(model, { loadOpen: true, sinceAnswer: 0, loads: model.loads + 1 });
          }
        }),
      ),
      fc.constant(
        step<PickerModel>(
          `pritisni '${text.retry}'`,
          (model) => {
            fireEvent.click(screen.getByRole('button', { name: text.retry }));
            Object.assign(model, { phase: 'loading', loadOpen: true, loads: model.loads + 1 });
          },
          (model) => model.phase === 'loadFailed',
        ),
      ),
      retry,
      retry,
      retried,
      retried,
      fc.constantFrom(...retryFailures).map(({ label, error, toast }) =>
        step<PickerModel>(
          `ponovna obrada: ${label}`,
          async (model) => {
            await retryTranscode.reject(error);
            model.notices.push({ tone: 'error', text: toast });
            Object.assign(model, { retryOpen: null, sinceAnswer: 0 });
          },
          (model) => model.retryOpen !== null,
        ),
      ),
      // Found by part of the title (with its diacritics) or by the number.
      fc
        .constantFrom(
          { search: 'endo', id: 5, title: 'Endodoncija u praksi' },
          { search: '#12', id: 12, title: 'Implantologija danas' },
          { search: 'čišć', id: 9, title: 'Čišćenje kanala – Đurđević' },
        )
        .map(({ search, id, title }) =>
          step<PickerModel>(
            `potraži "${search}" i odaberi [#${id}] ${title}`,
            async (model) => {
              // Typed as a change (no user-event delays under the fake clock), then clicked.
              await act(async () => {
                fireEvent.change(picker() as HTMLElement, { target: { value: search } });
              });
              await act(async () => {
                fireEvent.click(screen.getByRole('option', { name: `[#${id}] ${title}` }));
              });
              model.history.push(`/admin/educations/update/${id}`);
            },
            (model) => model.phase === 'shown' && model.list.some((e) => e.id === id),
          ),
        ),
    ],
    invariants: (model) => {
      // Loaded once, then again only 3 s after an answer while an upload is still transcoding.
      expect(loadEducations.calls).toHaveLength(model.loads);
      expect(retryTranscode.calls).toEqual(model.retries);
      expect(app.notices).toEqual(model.notices);
      expect(app.history).toEqual(model.history);
      if (model.phase === 'loadFailed') {
        expect(screen.getByRole('alert')).toHaveTextContent(text.educationsFailed);
        return;
      }
      if (model.phase === 'loading') {
        expect(screen.getByRole('status')).toHaveTextContent(text.loadingEducations);
        return;
      }
      expect(picker()).toBeVisible();
      // Every upload with the words of its last answered state; no line for a linked video.
      const lines = within(streamList() as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(new RegExp(`\\s*${text.retry}$`), ''));
      expect(lines).toEqual(
        model.list
          .filter((e) => e.stream)
          .map(
            (e) =>
              `[#${e.id}] ${e.title}: ${words[e.stream?.state as State](e.stream?.progress ?? 0)}`,
          ),
      );
      for (const { id, title } of UPLOADS) {
        const button = screen.queryByRole('button', { name: text.retryTranscodeOf(title) });
        expect(button !== null).toBe(shownFailed(model, id));
      }
    },
  });
});

import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NewsletterPreview, NewsletterSummary } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { NewsletterContainer } from '../../src/app/NewsletterContainer.tsx';
import { newsletterListMachine } from '../../src/machines/newsletterList.machine.ts';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const text = messages.newsletterList;
const scheduled: NewsletterSummary = {
  id: 7,
  subject: 'Dentalia Istaknuta ponuda',
  templateName: 't',
  campaignId: 2,
  campaignName: 'Catalogs',
  scheduledAt: '2027-03-12T08:00:00.000Z',
  createdAt: '2026-11-23T10:00:00.000Z',
  status: 'scheduled',
  counts: { pending: 3, sent: 10, failed: 1, skipped: 2, cancelled: 0, uncertain: 1 },
  undeliverable: [],
};
const preview: NewsletterPreview = {
  subject: scheduled.subject,
  html: '<!doctype html><html lang="hr"><body><p>Kompozit A2</p></body></html>',
  text: 'Kompozit A2',
  documentUrl: '/api/v1/newsletters/7/preview/document?user=2&expires=1&signature=s',
};

const loadNewsletters = fakePromiseActor<NewsletterSummary[], undefined>();
const cancelNewsletter = fakePromiseActor<undefined, number>();
const loadPreview = fakePromiseActor<NewsletterPreview, number>();
const sendTest = fakePromiseActor<undefined, number>();

const user = userEvent.setup();
let app: ReturnType<typeof renderWithEffects>;

/** The container that ships; the form above the list waits for its campaigns meanwhile. */
function renderList() {
  for (const fake of [loadNewsletters, cancelNewsletter, loadPreview, sendTest]) fake.reset();
  app = renderWithEffects(<NewsletterContainer />, {
    path: '/admin/newsletter',
    api: {
      campaigns: { campaignIdByName: () => new Promise<number>(() => {}) },
      newsletters: {
        listNewsletters: () => loadNewsletters.fn(undefined),
        cancelNewsletter: async (id) => {
          await cancelNewsletter.fn(id);
        },
        previewNewsletter: loadPreview.fn,
        sendTestNewsletter: async (id) => {
          await sendTest.fn(id);
        },
      },
    },
  });
  return app;
}

const button = (name: string) => screen.queryByRole('button', { name });
const action = (name: string) => button(`${name}: ${scheduled.subject}`);
const frame = () => screen.queryByTitle(text.previewTitle(scheduled.subject));
const dialog = () => screen.queryByRole('alertdialog', { name: text.confirmCancelTitle });

describe('newsletter list model', () => {
  testMachineModel(newsletterListMachine, {
    render: () => renderList(),
    fakes: { loadNewsletters, cancelNewsletter, loadPreview, sendTest },
    sampleEvents: [
      { type: 'xstate.done.actor.loadNewsletters', output: [scheduled] },
      { type: 'xstate.error.actor.loadNewsletters', error: new ApiError(500, null) },
      { type: 'CANCEL', id: scheduled.id },
      { type: 'CONFIRM_CANCEL' },
      { type: 'KEEP' },
      { type: 'PREVIEW', id: scheduled.id },
      { type: 'SEND_TEST', id: scheduled.id },
      { type: 'xstate.done.actor.cancelNewsletter', output: undefined },
      { type: 'xstate.error.actor.cancelNewsletter', error: new ApiError(409, { errors: ['x'] }) },
      { type: 'xstate.done.actor.loadPreview', output: preview },
      { type: 'xstate.error.actor.loadPreview', error: new ApiError(404, { errors: ['x'] }) },
      { type: 'xstate.done.actor.sendTest', output: undefined },
      { type: 'xstate.error.actor.sendTest', error: new ApiError(502, { errors: ['x'] }) },
    ],
    states: {
      loading: () => {
        expect(screen.getByText(text.loading)).toBeInTheDocument();
        expect(action(text.cancel)).not.toBeInTheDocument();
      },
      failed: () => {
        expect(screen.getByText(text.failed)).toBeVisible();
        expect(button(text.retry)).toBeEnabled();
      },
      ready: ({ context }) => {
        expect(screen.getByRole('heading', { level: 3, name: scheduled.subject })).toBeVisible();
        expect(screen.getByText(text.audience('Catalogs'))).toBeVisible();
        expect(
          screen.getByText('Poslano 10 od 16, čeka 3, nije uspjelo 1, odjavili se prije slanja 2'),
        ).toBeVisible();
        expect(screen.getByText('Nesigurno: 1 – možda poslano dvaput')).toBeVisible();
        // An open preview holds no button.
        for (const name of [text.cancel, text.preview, text.sendTest, text.edit]) {
          expect(action(name)).toBeEnabled();
        }
        expect(dialog()).not.toBeInTheDocument();
        if (context.preview) {
          expect(frame()).toHaveAttribute('sandbox', '');
          expect(frame()).toHaveAttribute('src', preview.documentUrl);
        } else {
          expect(frame()).not.toBeInTheDocument();
        }
      },
      confirmingCancel: () => {
        expect(dialog()).toHaveAccessibleDescription(text.confirmCancelText(scheduled.subject));
        expect(button(text.keep)).toBeEnabled();
        expect(cancelNewsletter.calls).toEqual([]);
      },
      cancelling: () => {
        expect(cancelNewsletter.calls.at(-1)).toBe(scheduled.id);
        expect(dialog()).toBeInTheDocument();
        expect(screen.getByText(text.cancelling)).toBeInTheDocument();
        expect(action(text.cancel)).toBeDisabled();
      },
      loadingPreview: () => {
        expect(loadPreview.calls.at(-1)).toBe(scheduled.id);
        expect(action(text.preview)).toBeDisabled();
      },
      sendingTest: () => {
        expect(sendTest.calls.at(-1)).toBe(scheduled.id);
        expect(action(text.sendTest)).toBeDisabled();
      },
    },
    events: {
      RELOAD: () => user.click(button(text.retry) ?? button(text.reload) ?? document.body),
      CANCEL: () => user.click(action(text.cancel) ?? document.body),
      CONFIRM_CANCEL: () => user.click(button(text.confirmCancel) ?? document.body),
      KEEP: () => user.click(button(text.keep) ?? document.body),
      PREVIEW: () => user.click(action(text.preview) ?? document.body),
      SEND_TEST: () => user.click(action(text.sendTest) ?? document.body),
      CLOSE_PREVIEW: () => user.click(button(text.closePreview) ?? document.body),
    },
  });
});

describe('newsletter list journeys pinned by hand', () => {
  it('asks before cancelling: "Ne" keeps it, focus back on its button', async () => {
    renderList();
    await loadNewsletters.resolve([scheduled]);
    await user.click(action(text.cancel) ?? document.body);
    expect(button(text.keep)).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(dialog()).not.toBeInTheDocument();
    expect(action(text.cancel)).toHaveFocus();
    await user.click(action(text.cancel) ?? document.body);
    await user.click(button(text.keep) ?? document.body);
    expect(cancelNewsletter.calls).toEqual([]);
  });

  it('lets the list work while a preview is open', async () => {
    renderList();
    await loadNewsletters.resolve([scheduled]);
    await user.click(action(text.preview) ?? document.body);
    await loadPreview.resolve(preview);
    expect(frame()).toBeInTheDocument();
    expect(screen.queryByText(text.working)).not.toBeInTheDocument();
    await user.click(action(text.sendTest) ?? document.body);
    expect(sendTest.calls).toEqual([scheduled.id]);
    await sendTest.resolve(undefined);
    expect(frame()).toBeInTheDocument();
    await user.click(button(text.closePreview) ?? document.body);
    expect(frame()).not.toBeInTheDocument();
  });

  it('shows no counts before the sending starts, and large counts as Croatians write them', async () => {
    renderList();
    const none = { pending: 0, sent: 0, failed: 0, skipped: 0, cancelled: 0, uncertain: 0 };
    await loadNewsletters.resolve([
      { ...scheduled, counts: none },
      {
        ...scheduled,
        id: 8,
        subject: 'Poslan',
        status: 'sent',
        counts: { ...none, sent: 4980, failed: 20 },
      },
    ]);
    expect(screen.queryByText(/^Poslano 0/)).not.toBeInTheDocument();
    expect(screen.getByText('Poslano 4.980 od 5.000, nije uspjelo 20')).toBeVisible();
    expect(screen.queryByText(/Nesigurno/)).not.toBeInTheDocument();
  });

  it('cancels after the yes, tells so and shows the list again from the server', async () => {
    renderList();
    await loadNewsletters.resolve([scheduled]);
    await user.click(action(text.cancel) ?? document.body);
    await user.click(button(text.confirmCancel) ?? document.body);
    await cancelNewsletter.resolve(undefined);
    expect(app.notices).toContainEqual({ tone: 'success', text: text.cancelled });
    await loadNewsletters.resolve([{ ...scheduled, status: 'cancelled' }]);
    expect(screen.getByText(/^Otkazan/)).toBeVisible();
    expect(action(text.cancel)).not.toBeInTheDocument();
  });

  it('tells the test mail went to the caller', async () => {
    renderList();
    await loadNewsletters.resolve([{ ...scheduled, status: 'sent' }]);
    await user.click(action(text.sendTest) ?? document.body);
    await sendTest.resolve(undefined);
    expect(app.notices).toContainEqual({ tone: 'success', text: text.testSent });
  });

  it('a new test mail or cancel closes the earlier toasts: an old success never stands beside a new failure', async () => {
    renderList();
    await loadNewsletters.resolve([scheduled]);
    await user.click(action(text.sendTest) ?? document.body);
    await sendTest.resolve(undefined);
    expect(app.notices).toEqual([{ tone: 'success', text: text.testSent }]);
    await user.click(action(text.sendTest) ?? document.body);
    expect(app.notices).toEqual([]);
    await sendTest.reject(new ApiError(500, { errors: ['Mail server down.'] }));
    expect(app.notices.map(({ tone }) => tone)).toEqual(['error']);
    await user.click(action(text.cancel) ?? document.body);
    await user.click(button(text.confirmCancel) ?? document.body);
    expect(app.notices).toEqual([]);
  });

  it('loads the list again with the retry button after a failed load', async () => {
    renderList();
    await loadNewsletters.reject(new ApiError(500, null));
    expect(screen.getByText(text.failed)).toBeVisible();
    await user.click(button(text.retry) ?? document.body);
    expect(loadNewsletters.calls).toHaveLength(2);
    await loadNewsletters.resolve([scheduled]);
    expect(screen.getByRole('heading', { level: 3, name: scheduled.subject })).toBeVisible();
    expect(screen.queryByText(text.failed)).not.toBeInTheDocument();
  });

  it('asks about and cancels the newsletter whose button was pressed, not the first', async () => {
    renderList();
    const other = { ...scheduled, id: 8, subject: 'Dentalia Novi katalog' };
    await loadNewsletters.resolve([scheduled, other]);
    await user.click(button(`${text.cancel}: ${other.subject}`) ?? document.body);
    expect(dialog()).toHaveAccessibleDescription(text.confirmCancelText(other.subject));
    await user.click(button(text.confirmCancel) ?? document.body);
    expect(cancelNewsletter.calls).toEqual([other.id]);
  });

  it('a failed cancel is reported, closes the question and frees the buttons', async () => {
    renderList();
    await loadNewsletters.resolve([scheduled]);
    await user.click(action(text.cancel) ?? document.body);
    await user.click(button(text.confirmCancel) ?? document.body);
    await cancelNewsletter.reject(new ApiError(409, { errors: ['Already sent.'] }));
    expect(app.notices).toEqual([
      { tone: 'error', text: 'Dogodila se pogreška: {"errors":["Already sent."]}' },
    ]);
    expect(dialog()).not.toBeInTheDocument();
    expect(action(text.cancel)).toBeEnabled();
    expect(loadNewsletters.calls).toHaveLength(1);
  });

  it('a failed preview is reported and frees the buttons', async () => {
    renderList();
    await loadNewsletters.resolve([scheduled]);
    await user.click(action(text.preview) ?? document.body);
    await loadPreview.reject(new ApiError(404, { errors: ['Not found.'] }));
    expect(app.notices).toEqual([
      { tone: 'error', text: 'Dogodila se pogreška: {"errors":["Not found."]}' },
    ]);
    expect(frame()).not.toBeInTheDocument();
    expect(action(text.preview)).toBeEnabled();
    expect(screen.queryByText(text.working)).not.toBeInTheDocument();
  });
});

describe('newsletter list random paths', () => {
  const catalogue: NewsletterSummary[] = [
    scheduled,
    { ...scheduled, id: 8, subject: 'Akcija: rukavice čćđšž', status: 'sending' },
    { ...scheduled, id: 9, subject: 'Novi katalog – Šibenik', status: 'sent' },
    { ...scheduled, id: 10, subject: 'Tečaj u Đakovu', status: 'cancelled' },
  ];
  const previewOf = (newsletter: NewsletterSummary): NewsletterPreview => ({
    ...preview,
    subject: newsletter.subject,
    documentUrl: `/api/v1/newsletters/${newsletter.id}/preview/document?user=2&expires=1&signature=s`,
  });
  const failure = (status: number) =>
    new ApiError(status, { errors: [status === 409 ? 'Already sent.' : 'Neuspjeh.'] });
  const failureText = (status: number) =>
    `Dogodila se pogreška: {"errors":["${status === 409 ? 'Already sent.' : 'Neuspjeh.'}"]}`;

  interface ListModel {
    phase: 'loading' | 'failed' | 'ready';
    listed: NewsletterSummary[];
    asking: NewsletterSummary | null;
    running: { kind: 'cancel' | 'preview' | 'test'; newsletter: NewsletterSummary } | null;
    preview: NewsletterSummary | null;
    loads: number;
    cancels: number[];
    previews: number[];
    tests: number[];
    notices: { tone: string; text: string }[];
  }
  const idle = (model: ListModel) =>
    model.phase === 'ready' && model.running === null && model.asking === null;
  const actionOn = (kind: 'preview' | 'test' | 'cancel', n: number) =>
    step<ListModel>(
      (model) => {
        const name = { preview: text.preview, test: text.sendTest, cancel: text.cancel }[kind];
        const choices = model.listed.filter(
          ({ status }) => kind !== 'cancel' || status === 'scheduled' || status === 'sending',
        );
        return `pritisni '${name}: ${choices[n % Math.max(choices.length, 1)]?.subject ?? ''}'`;
      },
      async (model) => {
        const choices = model.listed.filter(
          ({ status }) => kind !== 'cancel' || status === 'scheduled' || status === 'sending',
        );
        const newsletter = choices[n % choices.length] as NewsletterSummary;
        const name = { preview: text.preview, test: text.sendTest, cancel: text.cancel }[kind];
        await user.click(button(`${name}: ${newsletter.subject}`) ?? document.body);
        if (kind === 'cancel') {
          model.asking = newsletter;
          return;
        }
        model.running = { kind, newsletter };
        if (kind === 'preview') model.previews.push(newsletter.id);
        else {
          model.tests.push(newsletter.id);
          // A new test mail closes the list's earlier toasts.
          model.notices = [];
        }
      },
      (model) =>
        idle(model) &&
        model.listed.some(
          ({ status }) => kind !== 'cancel' || status === 'scheduled' || status === 'sending',
        ),
    );

  testRandomPaths<ListModel>('newsletterList', {
    startLabel: 'Otvori newslettere u administraciji',
    numRuns: 20,
    maxSteps: 16,
    start: () => {
      renderList();
      return {
        phase: 'loading',
        listed: [],
        asking: null,
        running: null,
        preview: null,
        loads: 1,
        cancels: [],
        previews: [],
        tests: [],
        notices: [],
      };
    },
    steps: [
      fc.subarray(catalogue, { minLength: 1 }).map((listed) =>
        step<ListModel>(
          `poslužitelj šalje popis: ${listed.map(({ subject }) => subject).join('; ')}`,
          async (model) => {
            await loadNewsletters.resolve(listed);
            model.phase = 'ready';
            model.listed = listed;
          },
          (model) => model.phase === 'loading',
        ),
      ),
      fc.constant(
        step<ListModel>(
          'poslužitelj odgovara 500 na popis',
          async (model) => {
            await loadNewsletters.reject(failure(500));
            model.phase = 'failed';
            model.notices.push({ tone: 'error', text: failureText(500) });
          },
          (model) => model.phase === 'loading',
        ),
      ),
      fc.constant(
        step<ListModel>(
          `pritisni '${text.retry}'`,
          async (model) => {
            await user.click(button(text.retry) ?? document.body);
            model.phase = 'loading';
            model.loads += 1;
          },
          (model) => model.phase === 'failed',
        ),
      ),
      fc.constant(
        step<ListModel>(
          `pritisni '${text.reload}'`,
          async (model) => {
            await user.click(button(text.reload) ?? document.body);
            model.phase = 'loading';
            model.loads += 1;
          },
          idle,
        ),
      ),
      fc.nat().map((n) => actionOn('cancel', n)),
      fc.nat().map((n) => actionOn('cancel', n)),
      fc.nat().map((n) => actionOn('preview', n)),
      fc.nat().map((n) => actionOn('test', n)),
      fc.constantFrom('keep', 'escape').map((how) =>
        step<ListModel>(
          how === 'keep' ? `pritisni '${text.keep}'` : 'pritisni Escape',
          async (model) => {
            if (how === 'keep') await user.click(button(text.keep) ?? document.body);
            else await user.keyboard('{Escape}');
            // While the cancel runs, Escape cannot take it back.
            if (model.running === null) model.asking = null;
          },
          (model) => model.asking !== null && (how === 'escape' || model.running === null),
        ),
      ),
      fc.constant(
        step<ListModel>(
          `pritisni '${text.confirmCancel}'`,
          async (model) => {
            await user.click(button(text.confirmCancel) ?? document.body);
            const newsletter = model.asking as NewsletterSummary;
            model.running = { kind: 'cancel', newsletter };
            model.cancels.push(newsletter.id);
            model.notices = [];
          },
          (model) => model.asking !== null && model.running === null,
        ),
      ),
      fc.constant(
        step<ListModel>(
          `pritisni '${text.closePreview}'`,
          async (model) => {
            await user.click(button(text.closePreview) ?? document.body);
            model.preview = null;
          },
          (model) => model.preview !== null && model.asking === null,
        ),
      ),
      fc.constantFrom(0, 404, 409, 500).map((status) =>
        step<ListModel>(
          status === 0 ? 'poslužitelj izvršava radnju' : `poslužitelj odgovara ${status} na radnju`,
          async (model) => {
            const { kind, newsletter } = model.running as NonNullable<ListModel['running']>;
            const fake = { cancel: cancelNewsletter, preview: loadPreview, test: sendTest }[kind];
            model.running = null;
            if (kind === 'cancel') model.asking = null;
            if (status !== 0) {
              await fake.reject(failure(status));
              model.notices.push({ tone: 'error', text: failureText(status) });
              return;
            }
            if (kind === 'preview') {
              await loadPreview.resolve(previewOf(newsletter));
              model.preview = newsletter;
            } else {
              await (kind === 'cancel' ? cancelNewsletter : sendTest).resolve(undefined);
              model.notices.push({
                tone: 'success',
                text: kind === 'cancel' ? text.cancelled : text.testSent,
              });
              // A cancelled newsletter: the list is shown again from the server.
              if (kind === 'cancel') {
                model.phase = 'loading';
                model.loads += 1;
              }
            }
          },
          (model) => model.running !== null,
        ),
      ),
    ],
    invariants: (model) => {
      expect(loadNewsletters.calls).toHaveLength(model.loads);
      // Nothing is cancelled without the yes, and each action goes to the newsletter pressed.
      expect(cancelNewsletter.calls).toEqual(model.cancels);
      expect(loadPreview.calls).toEqual(model.previews);
      expect(sendTest.calls).toEqual(model.tests);
      expect(app.notices).toEqual(model.notices);
      if (model.asking) {
        expect(dialog()).toHaveAccessibleDescription(text.confirmCancelText(model.asking.subject));
      } else {
        expect(dialog()).not.toBeInTheDocument();
      }
      const frames = screen.queryAllByTitle(/^Pregled: /);
      expect(frames.map((shown) => shown.getAttribute('src'))).toEqual(
        model.preview ? [previewOf(model.preview).documentUrl] : [],
      );
      if (model.phase === 'loading') {
        expect(screen.getByText(text.loading)).toBeInTheDocument();
        expect(screen.queryAllByRole('heading', { level: 3, name: /^(?!Pregled)/ })).toEqual([]);
        return;
      }
      if (model.phase === 'failed') {
        expect(screen.getByText(text.failed)).toBeVisible();
        expect(button(text.retry)).toBeEnabled();
        return;
      }
      expect(
        screen
          .getAllByRole('heading', { level: 3 })
          .map((heading) => heading.textContent)
          .filter((subject) => !subject?.startsWith('Pregled: ')),
      ).toEqual(model.listed.map(({ subject }) => subject));
      // One action at a time: while one runs, every button of the list waits.
      const busy = model.running !== null;
      expect(button(text.reload)).toHaveProperty('disabled', busy);
      for (const newsletter of model.listed) {
        expect(button(`${text.preview}: ${newsletter.subject}`)).toHaveProperty('disabled', busy);
        const cancel = button(`${text.cancel}: ${newsletter.subject}`);
        if (newsletter.status === 'scheduled' || newsletter.status === 'sending') {
          expect(cancel).toHaveProperty('disabled', busy);
        } else expect(cancel).not.toBeInTheDocument();
      }
    },
  });
});

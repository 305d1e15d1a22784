/**
 * "Zapisnik" (issue 29): the audit log machine's model drives the real screen (filters, rows,
 * page buttons, retry), and the rules pinned by hand: what a filter and a page ask the server
 * for, Zagreb's days as instants included.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { AuditKind, AuditLogPage } from '../../src/api/contract.ts';
import type { AuditLogRequest } from '../../src/api/auditLog.ts';
import { ApiError } from '../../src/api/errors.ts';
import { AuditLogContainer } from '../../src/app/AuditLogContainer.tsx';
import {
  auditLogMachine,
  auditLogRequest,
  NO_FILTER,
  type AuditLogLoaded,
} from '../../src/machines/auditLog.machine.ts';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const text = messages.auditLog;
const ana = { id: 4, name: 'Ana Anić (ana@dentalia.hr)' };
const page = (pageNumber: number): AuditLogPage => ({
  items: [
    {
      id: 10 + pageNumber,
      at: '2026-11-27T22:30:00.000Z',
      actor: ana,
      address: '198.51.100.4',
      kind: 'product',
      action: 'delete',
      objectId: 7,
      summary: `Kofferdam set ${pageNumber}`,
    },
  ],
  pageNumber,
  pageSize: 20,
  totalPages: 2,
  totalCount: 21,
});
const loaded = (pageNumber: number): AuditLogLoaded => ({ page: page(pageNumber), people: [ana] });

const loadAuditLog = fakePromiseActor<AuditLogLoaded, AuditLogRequest>();
const user = userEvent.setup();

function renderLog() {
  loadAuditLog.reset();
  return renderWithEffects(<AuditLogContainer />, {
    path: '/admin/zapisnik',
    api: {
      auditLog: {
        listAuditLog: async (request) => (await loadAuditLog.fn(request)).page,
        listAuditPeople: async () => [ana],
      },
    },
  });
}

const button = (name: string) => screen.queryByRole('button', { name });
const select = (name: string) => screen.getByRole('combobox', { name });

describe('audit log model', () => {
  testMachineModel(auditLogMachine, {
    render: () => renderLog(),
    fakes: { loadAuditLog },
    sampleEvents: [
      { type: 'xstate.done.actor.loadAuditLog', output: loaded(1) },
      { type: 'xstate.error.actor.loadAuditLog', error: new ApiError(500, null) },
      { type: 'FILTER', change: { kind: 'product' } },
      { type: 'PAGE', pageNumber: 2 },
    ],
    states: {
      loading: () => {
        expect(screen.getByText(text.loading)).toBeInTheDocument();
        expect(loadAuditLog.calls.length).toBeGreaterThan(0);
        expect(button(text.next)).not.toBeInTheDocument();
      },
      failed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(text.failed);
        expect(button(text.retry)).toBeEnabled();
      },
      ready: ({ context }) => {
        const shown = context.page;
        expect(shown).not.toBeNull();
        const row = within(screen.getByRole('listitem'));
        expect(row.getByText(shown?.items[0]?.summary ?? '')).toBeVisible();
        expect(row.getByText('Proizvod')).toBeVisible();
        expect(row.getByText(/obrisano #7/)).toBeVisible();
        expect(row.getByText(text.address('198.51.100.4'))).toBeVisible();
        // Zagreb's time of 22:30 UTC in November, whatever the test machine's zone is.
        expect(row.getByText(/27\. 11\. 2026\. 23:30/)).toBeVisible();
        expect(screen.getByText(text.pages(shown?.pageNumber ?? 0, 2, 21))).toBeVisible();
        expect(button(text.previous)).toHaveProperty('disabled', shown?.pageNumber === 1);
        expect(button(text.next)).toHaveProperty('disabled', shown?.pageNumber === 2);
        expect(screen.getByRole('option', { name: ana.name })).toBeInTheDocument();
      },
    },
    events: {
      // A load the new filter replaces is dropped by the machine: its answer never arrives.
      FILTER: async () => {
        loadAuditLog.reset();
        const kind = select(text.kind) as HTMLSelectElement;
        const other = kind.value === 'product' ? text.kinds.course : text.kinds.product;
        await user.selectOptions(kind, other);
      },
      PAGE: () => user.click(button(text.next) ?? document.body),
      RETRY: () => user.click(button(text.retry) ?? document.body),
    },
  });
});

describe('audit log rules pinned by hand', () => {
  it('asks for Zagreb days: from its midnight, to the midnight after the last day', () => {
    expect(auditLogRequest(NO_FILTER, 1)).toEqual({ pageNumber: 1 });
    expect(
      auditLogRequest({ userId: 4, kind: 'newsletter', from: '2026-03-29', to: '2026-10-24' }, 3),
    ).toEqual({
      pageNumber: 3,
      userId: 4,
      kind: 'newsletter',
      // Winter time before the spring change; summer time until the autumn change.
      from: '2026-03-28T23:00:00.000Z',
      to: '2026-10-24T22:00:00.000Z',
    });
    expect(auditLogRequest({ ...NO_FILTER, to: '2026-12-31' }, 1).to).toBe(
      '2026-12-31T23:00:00.000Z',
    );
  });

  it('starts a changed filter on its first page, and pages only within the log', async () => {
    const requests: AuditLogRequest[] = [];
    const actor = createActor(
      auditLogMachine.provide({
        actors: {
          loadAuditLog: fromPromise(async ({ input }: { input: AuditLogRequest }) => {
            requests.push(input);
            return loaded(input.pageNumber);
          }),
        },
      }),
    ).start();
    const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
    await settled();
    actor.send({ type: 'PAGE', pageNumber: 3 });
    actor.send({ type: 'PAGE', pageNumber: 0 });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'PAGE', pageNumber: 2 });
    await settled();
    actor.send({ type: 'FILTER', change: { userId: 4 } });
    await settled();
    expect(requests).toEqual([{ pageNumber: 1 }, { pageNumber: 2 }, { pageNumber: 1, userId: 4 }]);
  });

  it('goes back to the first page with the previous page button', async () => {
    renderLog();
    await loadAuditLog.resolve(loaded(1));
    await user.click(button(text.next) ?? document.body);
    expect(loadAuditLog.calls.at(-1)).toEqual({ pageNumber: 2 });
    await loadAuditLog.resolve(loaded(2));
    expect(screen.getByText(text.pages(2, 2, 21))).toBeVisible();
    await user.click(button(text.previous) ?? document.body);
    expect(loadAuditLog.calls).toEqual([{ pageNumber: 1 }, { pageNumber: 2 }, { pageNumber: 1 }]);
    await loadAuditLog.resolve(loaded(1));
    expect(screen.getByText(text.pages(1, 2, 21))).toBeVisible();
    expect(screen.getByText('Kofferdam set 1')).toBeVisible();
  });

  it('offers only "every person" in the person filter until the log names its people', async () => {
    renderLog();
    const people = () =>
      within(select(text.person))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(people()).toEqual([text.everyone]);
    await loadAuditLog.resolve(loaded(1));
    expect(people()).toEqual([text.everyone, ana.name]);
  });

  it('shows the server itself as "Sustav" and a log with no rows as empty', async () => {
    renderLog();
    await loadAuditLog.resolve({
      page: {
        ...page(1),
        items: page(1).items.map((item) => ({ ...item, actor: null, address: null })),
        totalPages: 1,
        totalCount: 1,
      },
      people: [],
    });
    expect(screen.getByText(/Sustav/)).toBeVisible();
    expect(screen.queryByText(/Adresa:/)).not.toBeInTheDocument();
    await user.selectOptions(select(text.kind), text.kinds.course);
    await loadAuditLog.resolve({
      page: { items: [], pageNumber: 1, pageSize: 20, totalPages: 0, totalCount: 0 },
      people: [],
    });
    expect(screen.getByText(text.empty)).toBeVisible();
    expect(loadAuditLog.calls.at(-1)).toEqual({ pageNumber: 1, kind: 'course' });
  });
});

describe('audit log random paths', () => {
  const duro = { id: 9, name: 'Đuro Šimić (duro@dentalia.hr)' };
  /** Zagreb's midnight of each day the paths pick, and of the day after: winter and summer time. */
  const MIDNIGHT: Record<string, string> = {
    '2026-03-28': '2026-03-27T23:00:00.000Z',
    '2026-03-29': '2026-03-28T23:00:00.000Z',
    '2026-03-30': '2026-03-29T22:00:00.000Z',
    '2026-10-25': '2026-10-24T22:00:00.000Z',
    '2026-10-26': '2026-10-25T23:00:00.000Z',
    '2026-12-31': '2026-12-30T23:00:00.000Z',
    '2027-01-01': '2026-12-31T23:00:00.000Z',
  };
  const AFTER: Record<string, string> = {
    '2026-03-28': '2026-03-29',
    '2026-03-29': '2026-03-30',
    '2026-10-25': '2026-10-26',
    '2026-12-31': '2027-01-01',
  };
  const DAYS = ['', ...Object.keys(AFTER)];

  interface LogModel {
    userId: number | null;
    kind: AuditKind | null;
    from: string;
    to: string;
    pageNumber: number;
    /** What must have been asked, oldest first. */
    requests: AuditLogRequest[];
    /** Asked and not answered; only the newest one counts. */
    unanswered: number;
    shown: 'loading' | 'failed' | 'ready';
    page: AuditLogPage | null;
    errors: number;
  }
  const ask = (model: LogModel) => {
    model.requests.push({
      pageNumber: model.pageNumber,
      ...(model.userId !== null && { userId: model.userId }),
      ...(model.kind !== null && { kind: model.kind }),
      ...(model.from !== '' && { from: MIDNIGHT[model.from] }),
      ...(model.to !== '' && { to: MIDNIGHT[AFTER[model.to] ?? ''] }),
    });
    model.unanswered += 1;
    model.shown = 'loading';
  };
  /** A filter changed: the log shows its first page (issue 29). */
  const filtered = (model: LogModel, change: Partial<LogModel>) => {
    Object.assign(model, change, { pageNumber: 1 });
    ask(model);
  };
  let app: ReturnType<typeof renderWithEffects>;
  const render = () => {
    loadAuditLog.reset();
    // The people come with the page they were asked with, so a dropped request drops both.
    let people: Promise<AuditLogLoaded['people']> = Promise.resolve([]);
    app = renderWithEffects(<AuditLogContainer />, {
      path: '/admin/zapisnik',
      api: {
        auditLog: {
          listAuditLog: (request) => {
            const answer = loadAuditLog.fn(request);
            people = answer.then(({ people: named }) => named);
            return answer.then(({ page: shown }) => shown);
          },
          listAuditPeople: () => people,
        },
      },
    });
  };
  const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
  const pageOf = (pageNumber: number, totalPages: number): AuditLogPage => ({
    items: Array.from({ length: totalPages === 0 ? 0 : 1 + (pageNumber % 2) }, (_, index) => ({
      ...(page(pageNumber).items[0] as AuditLogPage['items'][number]),
      id: 100 * pageNumber + index,
      summary: `Četkice ${pageNumber}.${index}`,
    })),
    pageNumber,
    pageSize: 20,
    totalPages,
    totalCount: totalPages === 0 ? 0 : 20 * (totalPages - 1) + 1,
  });

  const kinds = [null, 'product', 'newsletter', 'user'] as const;
  testRandomPaths<LogModel>('auditLog', {
    startLabel: 'Otvori zapisnik',
    numRuns: 20,
    maxSteps: 14,
    start: () => {
      render();
      const model: LogModel = {
        ...NO_FILTER,
        pageNumber: 1,
        requests: [],
        unanswered: 0,
        shown: 'loading',
        page: null,
        errors: 0,
      };
      ask(model);
      return model;
    },
    steps: [
      fc.constantFrom(null, ana.id, duro.id).map((userId) =>
        step<LogModel>(
          `odaberi osobu ${userId === null ? text.everyone : userId === ana.id ? ana.name : duro.name}`,
          async (model) => {
            await user.selectOptions(select(text.person), userId === null ? '' : String(userId));
            filtered(model, { userId });
          },
          // The log names its people once a page came; only another choice is a change.
          (model) => model.userId !== userId && (userId === null || model.page !== null),
        ),
      ),
      fc.constantFrom(...kinds).map((kind) =>
        step<LogModel>(
          `odaberi vrstu ${kind === null ? text.everyKind : text.kinds[kind]}`,
          async (model) => {
            await user.selectOptions(select(text.kind), kind ?? '');
            filtered(model, { kind });
          },
          (model) => model.kind !== kind,
        ),
      ),
      ...(['from', 'to'] as const).map((bound) =>
        fc.constantFrom(...DAYS).map((day) =>
          step<LogModel>(
            `upiši ${bound === 'from' ? 'od dana' : 'do dana'} "${day}"`,
            (model) => {
              fireEvent.change(input(bound === 'from' ? text.from : text.to), {
                target: { value: day },
              });
              filtered(model, { [bound]: day });
            },
            (model) => model[bound] !== day,
          ),
        ),
      ),
      // 'Sljedeća' is listed twice: a filter changed on a later page is what resets the page.
      ...([1, 1, -1] as const).map((move) =>
        fc.constant(
          step<LogModel>(
            `pritisni '${move === 1 ? text.next : text.previous}'`,
            async (model) => {
              await user.click(button(move === 1 ? text.next : text.previous) ?? document.body);
              model.pageNumber += move;
              ask(model);
            },
            (model) =>
              model.shown === 'ready' &&
              model.page !== null &&
              (move === 1 ? model.pageNumber < model.page.totalPages : model.pageNumber > 1),
          ),
        ),
      ),
      fc.constant(
        step<LogModel>(
          `pritisni '${text.retry}'`,
          async (model) => {
            await user.click(button(text.retry) ?? document.body);
            ask(model);
          },
          (model) => model.shown === 'failed',
        ),
      ),
      // An answer to a request a later filter replaced: it arrives late and must change nothing.
      fc.constant(
        step<LogModel>(
          'stiže zakašnjeli odgovor na stari filter',
          async (model) => {
            await loadAuditLog.resolve({ page: pageOf(3, 3), people: [] });
            model.unanswered -= 1;
          },
          (model) => model.unanswered > 1,
        ),
      ),
      fc.constantFrom(0, 1, 2, 3, 3, 500).map((answer) =>
        step<LogModel>(
          answer >= 500
            ? `poslužitelj odgovara ${answer}`
            : `poslužitelj šalje stranicu (stranica: ${answer})`,
          async (model) => {
            model.unanswered -= 1;
            if (answer >= 500) {
              model.shown = 'failed';
              model.errors += 1;
              return loadAuditLog.reject(new ApiError(answer, { errors: ['Baza nije dostupna.'] }));
            }
            const shown = pageOf(model.pageNumber, Math.max(answer, model.pageNumber));
            model.shown = 'ready';
            model.page = answer === 0 && model.pageNumber === 1 ? pageOf(1, 0) : shown;
            await loadAuditLog.resolve({ page: model.page, people: [ana, duro] });
          },
          (model) => model.unanswered === 1,
        ),
      ),
    ],
    invariants: (model) => {
      // Each choice asks once: its first page, Zagreb's days as instants, the last day whole.
      expect(loadAuditLog.calls).toEqual(model.requests);
      expect(select(text.person)).toHaveValue(model.userId === null ? '' : String(model.userId));
      expect(select(text.kind)).toHaveValue(model.kind ?? '');
      expect(input(text.from).value).toBe(model.from);
      expect(input(text.to).value).toBe(model.to);
      expect(app.notices.filter(({ tone }) => tone === 'error')).toHaveLength(model.errors);
      if (model.shown === 'loading') {
        expect(screen.getByText(text.loading)).toBeInTheDocument();
        expect(button(text.next)).not.toBeInTheDocument();
        expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
        return;
      }
      if (model.shown === 'failed') {
        expect(screen.getByRole('alert')).toHaveTextContent(text.failed);
        expect(button(text.retry)).toBeEnabled();
        expect(button(text.next)).not.toBeInTheDocument();
        return;
      }
      const shown = model.page as AuditLogPage;
      expect(
        screen
          .queryAllByRole('listitem')
          .map((row) => row.querySelector('.audit-log__summary')?.textContent),
      ).toEqual(shown.items.map(({ summary }) => summary));
      if (shown.items.length === 0) expect(screen.getByText(text.empty)).toBeVisible();
      expect(
        screen.getByText(
          `Stranica ${model.pageNumber} od ${Math.max(shown.totalPages, 1)} (zapisa: ${shown.totalCount})`,
        ),
      ).toBeVisible();
      expect(button(text.previous)).toHaveProperty('disabled', model.pageNumber <= 1);
      expect(button(text.next)).toHaveProperty('disabled', model.pageNumber >= shown.totalPages);
    },
  });
});

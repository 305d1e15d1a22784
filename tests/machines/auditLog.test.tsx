/**
 * "Zapisnik" (issue 29): the audit log machine's model drives the real screen (filters, rows,
 * page buttons, retry), and the rules pinned by hand: what a filter and a page ask the server
 * for, Zagreb's days as instants included.
 */
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { AuditLogPage } from '../../src/api/contract.ts';
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

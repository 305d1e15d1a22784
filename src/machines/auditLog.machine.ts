/**
 * "Zapisnik", the audit log for administrators (issue 29): a page of rows, newest first, with the
 * people the log names for the person filter; changing a filter shows its first page, the page
 * buttons move through the rest. A failed load offers a retry of the same page. Injected:
 * `loadAuditLog` (the page and the people) and `reportError`.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AuditActor, AuditKind, AuditLogPage } from '../api/contract.ts';
import type { AuditLogRequest } from '../api/auditLog.ts';
import { zagrebInstant } from '../lib/wallTime.ts';
import { reportEventError } from './form.ts';

export interface AuditFilter {
  userId: number | null;
  kind: AuditKind | null;
  /** 'YYYY-MM-DD' of Zagreb, or '' for no bound. */
  from: string;
  /** 'YYYY-MM-DD' of Zagreb, the last day shown, or ''. */
  to: string;
}

export interface AuditLogContext {
  filter: AuditFilter;
  pageNumber: number;
  page: AuditLogPage | null;
  people: AuditActor[];
}

export interface AuditLogLoaded {
  page: AuditLogPage;
  people: AuditActor[];
}

export type AuditLogEvent =
  | { type: 'FILTER'; change: Partial<AuditFilter> }
  | { type: 'PAGE'; pageNumber: number }
  | { type: 'RETRY' };

// Stryker disable next-line ObjectLiteral: from {} every filter is undefined: the request leaves out undefined as it does null and '', and the view shows undefined as no choice and an empty date
export const NO_FILTER: AuditFilter = { userId: null, kind: null, from: '', to: '' };

/** The day after a 'YYYY-MM-DD' (calendar arithmetic, so no clock change is crossed). */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The request of a filter and page: Zagreb's days as instants, the `to` day included whole. */
export function auditLogRequest(filter: AuditFilter, pageNumber: number): AuditLogRequest {
  const from = filter.from && zagrebInstant(`${filter.from}T00:00`);
  const to = filter.to && zagrebInstant(`${nextDay(filter.to)}T00:00`);
  return {
    pageNumber,
    ...(filter.userId !== null && { userId: filter.userId }),
    ...(filter.kind !== null && { kind: filter.kind }),
    ...(from && { from: from.toISOString() }),
    ...(to && { to: to.toISOString() }),
  };
}

export const auditLogMachine = setup({
  types: {
    context: {} as AuditLogContext,
    events: {} as AuditLogEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container always provides loadAuditLog
  actors: {
    loadAuditLog: fromPromise<AuditLogLoaded, AuditLogRequest>(() =>
      Promise.reject(new Error('loadAuditLog is provided by the container')),
    ),
  },
  // Stryker disable next-line ObjectLiteral: the container always provides reportError
  actions: {
    reportError: (_, _error: unknown) => undefined,
  },
  guards: {
    pageExists: ({ context }, pageNumber: number) =>
      // Stryker disable next-line OptionalChaining: PAGE is handled only in 'ready', which the loaded page always reaches with the page set
      pageNumber >= 1 && pageNumber <= (context.page?.totalPages ?? 0),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'auditLog',
  context: { filter: NO_FILTER, pageNumber: 1, page: null, people: [] },
  initial: 'loading',
  // A filter changed while a page loads replaces that load: the newest choice wins.
  on: {
    FILTER: {
      target: '.loading',
      // Stryker disable next-line BooleanLiteral: a transition of the root exits and enters its active child either way, so 'loading' starts a new load with or without reenter
      reenter: true,
      actions: assign({
        filter: ({ context, event }) => ({ ...context.filter, ...event.change }),
        pageNumber: 1,
      }),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadAuditLog',
        src: 'loadAuditLog',
        input: ({ context }) => auditLogRequest(context.filter, context.pageNumber),
        onDone: {
          target: 'ready',
          actions: assign({
            page: ({ event }) => event.output.page,
            people: ({ event }) => event.output.people,
          }),
        },
        onError: { target: 'failed', actions: reportEventError },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        PAGE: {
          guard: { type: 'pageExists', params: ({ event }) => event.pageNumber },
          target: 'loading',
          actions: assign({ pageNumber: ({ event }) => event.pageNumber }),
        },
      },
    },
  },
});

type AuditLogSnapshot = SnapshotFrom<typeof auditLogMachine>;

export const selectAuditLogStatus = (snapshot: AuditLogSnapshot) =>
  snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready';

/**
 * `/audit-log` (issue 29): the audit log for administrators, newest first, filtered by person,
 * kind and time, paged; and the people it names, for the screen's person filter. Employees are
 * refused: the log says what each of them did.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditLogPageSchema,
  auditLogQuerySchema,
  auditPeopleSchema,
  type AuditEntry,
  type AuditLogPage,
  type AuditLogQuery,
} from '../../src/api/contract.ts';
import type { AuthGuards } from '../auth/guards.ts';
import type { Db } from '../db/database.ts';
import { auditPeople, countAuditRows, listAuditRows, type AuditRow } from './store.ts';

export function auditRoutes(deps: { db: Db; auth: AuthGuards }): FastifyPluginAsyncZod {
  const { db, auth } = deps;
  return async (app) => {
    app.get(
      '/audit-log',
      {
        schema: { querystring: auditLogQuerySchema, response: { 200: auditLogPageSchema } },
        onRequest: auth.requireRole('administrator'),
      },
      async (request) => auditPage(db, request.query),
    );
    app.get(
      '/audit-log/people',
      {
        schema: { response: { 200: auditPeopleSchema } },
        onRequest: auth.requireRole('administrator'),
      },
      async () => auditPeople(db),
    );
  };
}

async function auditPage(db: Db, query: AuditLogQuery): Promise<AuditLogPage> {
  const { pageSize, pageNumber } = query;
  const filter = {
    userId: query.userId,
    kind: query.kind,
    from: query.from && new Date(query.from).toISOString(),
    to: query.to && new Date(query.to).toISOString(),
  };
  const totalCount = await countAuditRows(db, filter);
  const offset = (pageNumber - 1) * pageSize;
  const rows =
    offset >= totalCount ? [] : await listAuditRows(db, filter, { limit: pageSize, offset });
  return {
    items: rows.map(auditEntry),
    pageNumber,
    pageSize,
    totalPages: Math.ceil(totalCount / pageSize),
    totalCount,
  };
}

function auditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    actor: row.user_id === null ? null : { id: row.user_id, name: row.actor_name ?? '' },
    address: row.address,
    kind: row.kind,
    action: row.action,
    objectId: row.object_id,
    summary: row.summary,
  };
}

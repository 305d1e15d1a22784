/**
 * The `audit_log` table (migration 0020). Rows are only ever inserted, read, and deleted by
 * the retention job once older than `AUDIT_LOG_DAYS`: nothing here updates one.
 */
import type { AuditKind } from '../../src/api/contract.ts';
import type { Db } from '../db/database.ts';
import type { AuditLogTable } from '../db/schema.ts';
import type { Insertable, Selectable } from 'kysely';

export type AuditRow = Selectable<AuditLogTable>;

export interface AuditFilter {
  userId?: number | undefined;
  kind?: AuditKind | undefined;
  /** Inclusive, ISO 8601 UTC. */
  from?: string | undefined;
  /** Exclusive, ISO 8601 UTC. */
  to?: string | undefined;
}

export async function insertAuditRow(db: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** The actor's name as the row keeps it: "Ana Anić (ana@dentalia.hr)". */
export async function actorName(db: Db, userId: number): Promise<string | null> {
  const user = await db
    .selectFrom('users')
    .select(['name', 'surname', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user === undefined ? null : `${user.name} ${user.surname} (${user.email})`;
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  return query;
}

export async function countAuditRows(db: Db, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Newest first; rows of one millisecond by id, so pages never repeat or skip one. */
export function listAuditRows(
  db: Db,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditRow[]> {
  return filtered(db, filter)
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Everyone the log names, by the name of their newest row, sorted by it. */
export async function auditPeople(db: Db): Promise<{ id: number; name: string }[]> {
  const newest = db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('user_id', 'is not', null)
    .groupBy('user_id');
  const rows = await db
    .selectFrom('audit_log')
    .select(['user_id', 'actor_name'])
    .where('id', 'in', newest)
    .execute();
  return rows
    .map((row) => ({ id: Number(row.user_id), name: row.actor_name ?? `#${row.user_id}` }))
    .sort((a, b) => a.name.localeCompare(b.name, 'hr'));
}

/** The retention: rows written before `before` (ISO 8601 UTC) go; answers how many. */
export async function deleteAuditRowsBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

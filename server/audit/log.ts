/**
 * The audit log's one way in (issue 29; docs/decisions/0055-audit-log.md). A staff write adds
 * its row in its own transaction, in one line:
 *
 *   // inside a transaction the write already has
 *   await recordAudit(trx, { kind: 'course', action: 'delete', objectId: id, summary: title });
 *
 *   // around a write that has none: the write and its row commit together or not at all
 *   const row = await audited(db, (trx) => insertProduct(trx, values), (row) => ({
 *     kind: 'product', action: 'create', objectId: row.id, summary: row.name }));
 *
 * Who acted and from which address come from the request being handled (request-context.ts);
 * outside a request (a job) the row names nobody: the server itself.
 */
import type { AuditAction, AuditKind } from '../../src/api/contract.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transactions.ts';
import { cleanLine } from '../../src/api/text.ts';
import { currentRequest } from './request-context.ts';
import { actorName, insertAuditRow } from './store.ts';

export interface AuditEntry {
  kind: AuditKind;
  action: AuditAction;
  /** The changed object's id; null when it has none (yet). */
  objectId: number | null;
  /** A short Croatian line: the object's name and what changed. */
  summary: string;
}

/** Longer summaries are cut: the row says what changed, the object holds the rest. */
export const AUDIT_SUMMARY_MAX_LENGTH = 300;

/** Appends `entry` in `trx`, the transaction of the write it describes. */
export async function recordAudit(trx: Db, entry: AuditEntry): Promise<void> {
  const context = currentRequest();
  const userId = context?.request.authenticatedUser?.userId ?? null;
  await insertAuditRow(trx, {
    at: (context?.now() ?? new Date()).toISOString(),
    user_id: userId,
    actor_name: userId === null ? null : await actorName(trx, userId),
    address: context?.request.ip ?? null,
    kind: entry.kind,
    action: entry.action,
    object_id: entry.objectId,
    summary: shortLine(entry.summary),
  });
}

/**
 * Runs `write` in a transaction (the caller's, when `db` is one) and appends the row
 * `describe` makes of its result; `describe` answering undefined records nothing (the write
 * changed nothing, and its caller answers 404 or 409).
 */
export function audited<T>(
  db: Db,
  write: (trx: Db) => Promise<T>,
  describe: (result: T) => AuditEntry | undefined,
): Promise<T> {
  return inTransaction(db, async (trx) => {
    const result = await write(trx);
    const entry = describe(result);
    if (entry !== undefined) await recordAudit(trx, entry);
    return result;
  });
}

/** One clean line (fuzzed free-text is quoted in summaries), cut by characters, not halves. */
function shortLine(text: string): string {
  const characters = Array.from(cleanLine(text));
  return characters.length <= AUDIT_SUMMARY_MAX_LENGTH
    ? characters.join('')
    : `${characters.slice(0, AUDIT_SUMMARY_MAX_LENGTH - 1).join('')}…`;
}

/**
 * The audit log (issue 29): one row per staff write, appended in the write's own transaction.
 * Rows are never updated; only the retention job deletes them (`AUDIT_LOG_DAYS`). The actor's
 * name is copied in, and `user_id` has no foreign key, so a row still says who acted after the
 * account is gone. Indexed for the screen's newest-first pages, whole or by person or kind.
 */
import type { Kysely } from 'kysely';
import { generatedId } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('actor_name', 'text')
    .addColumn('address', 'text')
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('object_id', 'integer')
    .addColumn('summary', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema
    .createIndex('audit_log_user_at')
    .on('audit_log')
    .columns(['user_id', 'at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_kind_at')
    .on('audit_log')
    .columns(['kind', 'at', 'id'])
    .execute();
}

/**
 * ALTCHA solutions already accepted. A solution is good once: the challenge id is recorded
 * until its challenge expires. In the database rather than in memory, so several server
 * processes behind one load balancer still accept each solution only once.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spent_robot_checks')
    .addColumn('challenge_id', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('spent_robot_checks_expiry')
    .on('spent_robot_checks')
    .column('expires_at')
    .execute();
}

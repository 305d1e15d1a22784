/**
 * People and their invitations (issue 29): an invitation can be revoked (its link stops working,
 * the row stays so staff see what happened); an account can be deactivated (its sessions end, its
 * login is refused, its row and everything it made stay); and the last login is kept for the list
 * of users. Nullable columns added in place on both databases.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invitations').addColumn('revoked_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('deactivated_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('last_login_at', 'text').execute();
}

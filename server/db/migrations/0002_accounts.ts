/**
 * Invitations, refresh tokens and password-reset tokens. Every token is stored only as its
 * SHA-256 hash: a leaked database (or backup) gives nobody a usable link or session.
 */
import { sql, type Kysely } from 'kysely';
import { caseInsensitiveText, generatedId, ignoringCase } from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('email', caseInsensitiveText(db), (column) => ignoringCase(db)(column.notNull()))
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('gender', 'text', (column) => column.check(sql`gender in ('male', 'female')`))
    // A JSON array of roles: an invitation is read and spent whole, never queried by role.
    .addColumn('roles', 'text', (column) => column.notNull())
    // Null for the invitations the admin:create command prints.
    .addColumn('invited_by', 'integer', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('invitations_email').on('invitations').column('email').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    // Every token rotated from one login shares the family of that login.
    .addColumn('family_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('replaced_by', 'integer', (column) => column.references('refresh_tokens.id'))
    .execute();
  await db.schema
    .createIndex('refresh_tokens_family')
    .on('refresh_tokens')
    .column('family_id')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_user')
    .on('refresh_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user')
    .on('password_reset_tokens')
    .column('user_id')
    .execute();
}

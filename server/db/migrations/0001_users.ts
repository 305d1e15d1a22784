/**
 * Users and their roles. Migrations are history: never edit one that has shipped, add the
 * next number instead. The role list is spelled out here (not imported) for the same reason.
 */
import { sql, type Kysely } from 'kysely';
import {
  caseInsensitiveText,
  enableCaseInsensitiveText,
  generatedId,
  ignoringCase,
} from '../dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await enableCaseInsensitiveText(db);
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('email', caseInsensitiveText(db), (column) =>
      ignoringCase(db)(column.notNull().unique()),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('surname', 'text', (column) => column.notNull())
    .addColumn('gender', 'text', (column) => column.check(sql`gender in ('male', 'female')`))
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (column) =>
      column.notNull().check(sql`role in ('user', 'employee', 'administrator')`),
    )
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();
}

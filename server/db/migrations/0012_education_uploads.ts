/**
 * Education writes (issue 13).
 *
 * `video_uploads`: one row per tus upload of an education video (server/uploads), bound to the
 * administrator who created it; `used_at` is set when an education claims it, so a second use is
 * told apart from an unknown upload until the sweeper removes the row (decision 0019).
 *
 * Access rights now follow their user: deleting a user deletes the user's rights (cascade). So
 * that this cannot open a restricted education to everyone, whether an education is restricted
 * is its own column instead of "it has rights": one whose last user is gone stays visible to
 * administrators only (decision 0019 supersedes that point of decision 0018).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('educations')
    .addColumn('restricted', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`restricted in (0, 1)`),
    )
    .execute();
  await sql`update educations set restricted = 1 where exists (
    select 1 from education_access_rights where education_access_rights.education_id = educations.id
  )`.execute(db);

  // SQLite cannot change a foreign key in place: the table is rebuilt with the cascade.
  await db.schema
    .createTable('education_access_rights_next')
    .addColumn('education_id', 'integer', (column) =>
      column.notNull().references('educations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('education_access_rights_next_pair', ['education_id', 'user_id'])
    .execute();
  await sql`insert into education_access_rights_next (education_id, user_id)
    select education_id, user_id from education_access_rights`.execute(db);
  await db.schema.dropTable('education_access_rights').execute();
  await db.schema
    .alterTable('education_access_rights_next')
    .renameTo('education_access_rights')
    .execute();
  await db.schema
    .createIndex('education_access_rights_user_id')
    .on('education_access_rights')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('video_uploads')
    // The tus upload id (32 hex characters), which is also its file name.
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('administrator_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();
  // The sweeper looks for the old ones.
  await db.schema
    .createIndex('video_uploads_created_at')
    .on('video_uploads')
    .column('created_at')
    .execute();
}

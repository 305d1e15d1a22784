import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../server/db/database.ts';
import { useTempDir } from './support/temp-dir.ts';
import { testDatabase } from './support/test-database.ts';

const tempDir = useTempDir();

async function pragma(db: ReturnType<typeof openDatabase>, name: string): Promise<unknown> {
  const { rows } = await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(db);
  return Object.values(rows[0] ?? {})[0];
}

describe('the database', () => {
  it('SQLite runs in WAL mode with synchronous=FULL, foreign keys and a busy timeout', async () => {
    const db = openDatabase({ dataDir: tempDir() });
    try {
      expect(await pragma(db, 'journal_mode')).toBe('wal');
      expect(await pragma(db, 'synchronous')).toBe(2); // FULL
      expect(await pragma(db, 'foreign_keys')).toBe(1);
      expect(await pragma(db, 'busy_timeout')).toBe(5000);
    } finally {
      await db.destroy();
    }
  });

  it('migrates a fresh database, and a second run changes nothing', async () => {
    const location = await testDatabase(tempDir(), { unmigrated: true });
    const db = openDatabase(location);
    await migrateToLatest(db);
    await db
      .insertInto('users')
      .values({ email: 'a@example.com', name: 'A', surname: 'B', created_at: 'now' })
      .execute();
    await db.destroy();

    const reopened = openDatabase(location);
    try {
      await migrateToLatest(reopened);
      const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(
        reopened,
      );
      expect(migrations.rows.map((row) => row.name)).toEqual([
        '0001_users',
        '0002_accounts',
        '0003_spent_robot_checks',
        '0004_campaigns',
        '0005_products',
        '0006_courses',
        '0007_product_uploads',
        '0008_partners',
        '0009_newsletters',
        '0011_educations',
        '0012_education_uploads',
        '0013_newsletter_deliveries_cancelled',
        '0014_rate_limit_counters',
        '0015_unfinished_video_uploads',
        '0016_video_transcodes',
        '0017_newsletter_prices_and_free_subjects',
        '0018_undeliverable_subscriptions',
        '0019_people_and_invitations',
        '0020_audit_log',
      ]);
      expect(await reopened.selectFrom('users').select('email').execute()).toEqual([
        { email: 'a@example.com' },
      ]);
    } finally {
      await reopened.destroy();
    }
  });

  it('enforces the schema: unique e-mail regardless of case, known roles, cascading deletes', async () => {
    const db = openDatabase(await testDatabase(tempDir(), { unmigrated: true }));
    try {
      await migrateToLatest(db);
      const { id } = await db
        .insertInto('users')
        .values({ email: 'Ana@Example.com', name: 'Ana', surname: 'B', created_at: 'now' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await expect(
        db
          .insertInto('users')
          .values({ email: 'ana@example.COM', name: 'X', surname: 'Y', created_at: 'now' })
          .execute(),
      ).rejects.toThrow(/unique/i);
      await expect(
        sql`insert into user_roles (user_id, role) values (${id}, 'superuser')`.execute(db),
      ).rejects.toThrow(/check/i);
      await expect(
        db
          .insertInto('user_roles')
          .values({ user_id: id + 1, role: 'user' })
          .execute(),
      ).rejects.toThrow(/foreign key/i);

      await db.insertInto('user_roles').values({ user_id: id, role: 'employee' }).execute();
      await db.deleteFrom('users').where('id', '=', id).execute();
      expect(await db.selectFrom('user_roles').selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});

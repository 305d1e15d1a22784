import { readFileSync } from 'node:fs';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { migrationProvider } from '../../server/db/migrations/index.ts';
import { useTempDir } from './support/temp-dir.ts';

const tempDir = useTempDir();

/** Tables of migrations written after that change (0014 on), which the fixture predates. */
const ADDED_SINCE = [
  'rate_limit_counters',
  'unfinished_video_uploads',
  'video_transcodes',
  'education_captions',
];

/**
 * Migrations 0001–0013 shipped on SQLite before they were made portable to PostgreSQL: the
 * fixture is `sqlite_master` as those migrations left it, taken before the change, so an
 * installation migrated then and one migrated now hold the same schema. It is compared before
 * 0017, which changed two of those tables on purpose (tests/server/newsletter-prices-migration).
 */
const shippedSchema: unknown = JSON.parse(
  readFileSync(new URL('fixtures/sqlite-schema.json', import.meta.url), 'utf8'),
);

describe('the SQLite schema', () => {
  it('is exactly what the shipped migrations created', async () => {
    const db = openDatabase({ dataDir: tempDir() });
    try {
      const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(
        '0016_video_transcodes',
      );
      expect(error).toBeUndefined();
      const { rows } = await sql<{ tbl_name: string }>`
        select type, name, tbl_name, sql from sqlite_master order by type, name
      `.execute(db);
      expect(rows.filter((row) => !ADDED_SINCE.includes(row.tbl_name))).toEqual(shippedSchema);
      expect(rows.filter((row) => ADDED_SINCE.includes(row.tbl_name))).not.toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});

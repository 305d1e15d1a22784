import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../server/db/database.ts';
import { useTempDir } from './support/temp-dir.ts';

const tempDir = useTempDir();

/** Tables of migrations written after that change (0014 on), which the fixture predates. */
const ADDED_SINCE = [
  'rate_limit_counters',
  'unfinished_video_uploads',
  'video_transcodes',
  'education_captions',
];

/** Columns later migrations added to the fixture's tables, as SQLite appends them to its text. */
const COLUMNS_ADDED_SINCE: Record<string, string> = {
  // 0018: hard bounces (issue 28).
  campaign_subscriptions: ', "undeliverable_at" text, "undeliverable_reason" text',
};

/**
 * Migrations 0001–0013 shipped on SQLite before they were made portable to PostgreSQL: the
 * fixture is `sqlite_master` as those migrations left it, taken before the change, so an
 * installation migrated then and one migrated now hold the same schema.
 */
const shippedSchema = (
  JSON.parse(readFileSync(new URL('fixtures/sqlite-schema.json', import.meta.url), 'utf8')) as {
    type: string;
    tbl_name: string;
    sql: string | null;
  }[]
).map((row) => {
  const added = row.type === 'table' ? COLUMNS_ADDED_SINCE[row.tbl_name] : undefined;
  return added === undefined ? row : { ...row, sql: `${row.sql?.replace(/\)$/, '')}${added})` };
});

describe('the SQLite schema', () => {
  it('is exactly what the shipped migrations created', async () => {
    const db = openDatabase({ dataDir: tempDir() });
    try {
      await migrateToLatest(db);
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

/** The PostgreSQL pool (server/db/database.ts) when the server ends its connections. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { testDatabase } from '../server/support/test-database.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'dental-connections-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('survives its idle connections being ended, and reconnects for the next query', async () => {
  const location = await testDatabase(dataDir);
  const db = openDatabase(location);
  try {
    const one = async () => (await sql<{ one: number }>`select 1 as one`.execute(db)).rows;
    expect(await one()).toEqual([{ one: 1 }]);
    const admin = new pg.Client({ connectionString: location.databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The ended connection's error arrives while it idles in the pool.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await one()).toEqual([{ one: 1 }]);
  } finally {
    await db.destroy();
  }
});

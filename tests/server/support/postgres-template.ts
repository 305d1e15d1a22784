/**
 * Vitest global setup of the server tests: with `DATABASE_URL` set, migrates the template every
 * test database is cloned from (test-database.ts), once per run; without it, does nothing.
 */
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../../../server/db/database.ts';
import { TEMPLATE_DATABASE, databaseUrl } from './test-database.ts';

export async function setup(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl === undefined || serverUrl === '') return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const db = openDatabase({ dataDir: '', databaseUrl: databaseUrl(serverUrl, TEMPLATE_DATABASE) });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

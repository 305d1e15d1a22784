/**
 * `npm run db:copy` (server/cli/db-copy.ts, server/cli/copy-database.ts): an installation on SQLite, used
 * by a real server and given a row in every table, moved to an empty PostgreSQL database.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopyRefused, copySqliteToPostgres } from '../../server/cli/copy-database.ts';
import { DATABASE_FILE, openDatabase } from '../../server/db/database.ts';
import { ADMIN, DEMO_PASSWORD, USER } from '../server/support/accounts.ts';
import {
  NODE_24,
  PROJECT_ROOT,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../server/support/server-process.ts';
import { testDatabase } from '../server/support/test-database.ts';
import { call, logIn, refresh, solvedRobotCheck } from './http-client.ts';

const folders: string[] = [];
const folder = (prefix: string) => {
  const made = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(made);
  return made;
};
afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

/** An empty PostgreSQL database of its own (not even migrated). */
async function emptyDatabase(): Promise<string> {
  const { databaseUrl } = await testDatabase(folder('dental-copy-target-'), { unmigrated: true });
  if (databaseUrl === undefined) throw new Error('tests/postgres runs with DATABASE_URL');
  return databaseUrl;
}

async function stopped(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

let dataDir = '';
let sqliteCourses: unknown;

/** A server on SQLite used as a site is: sessions, a reset request, the demo content. */
beforeAll(async () => {
  dataDir = folder('dental-copy-source-');
  const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', DEMO_PASSWORD });
  try {
    await waitForHealth(server, 60_000);
  } catch (error) {
    await stopped(server);
    throw error;
  }
  try {
    const session = await logIn(server, USER);
    expect((await refresh(server, session.refreshToken)).status).toBe(200);
    const reset = await call(server, 'POST', '/users/request-password-reset', {
      json: { email: ADMIN, recaptchaToken: await solvedRobotCheck(server) },
    });
    expect(reset.status).toBe(204);
    sqliteCourses = await (await call(server, 'GET', '/courses')).json();
  } finally {
    await stopped(server);
  }
  fillEveryTable(path.join(dataDir, DATABASE_FILE));
}, 120_000);

/** A row in each table the demo and the calls above leave empty, files included. */
function fillEveryTable(file: string) {
  const db = new DatabaseSync(file);
  const now = new Date().toISOString();
  const image = (name: string) => {
    mkdirSync(path.join(dataDir, 'media', 'newsletters'), { recursive: true });
    writeFileSync(path.join(dataDir, 'media', 'newsletters', name), 'webp');
    return `newsletters/${name}`;
  };
  const admin = (db.prepare('select id from users where email = ?').get(ADMIN) as { id: number })
    .id;
  const campaign = (db.prepare('select id from campaigns limit 1').get() as { id: number }).id;
  db.prepare(
    `insert into invitations (token_hash, email, roles, invited_by, created_at, expires_at)
     values ('h1', 'nova@example.com', '["user"]', ?, ?, ?)`,
  ).run(admin, now, now);
  db.prepare(
    `insert into campaign_subscriptions (id, campaign_id, email, unsubscribe_token, subscribed_at, ip_address)
     values (7, ?, 'Pretplatnik@Example.com', 't1', ?, '127.0.0.1')`,
  ).run(campaign, now);
  db.prepare(
    `insert into newsletter_images (id, image_key, image_2x_key, title, uploaded_by, created_at)
     values (3, ?, ?, 'Kompozit', ?, ?)`,
  ).run(image('AAAAAAAAAAAAAAAAAAAAAA.webp'), image('AAAAAAAAAAAAAAAAAAAAAA-2x.webp'), admin, now);
  db.prepare(
    `insert into newsletters (id, subject, template_name, campaign_id, heading, body, scheduled_at, status, created_by, created_at)
     values (5, 'Ponuda', 'ponuda', ?, 'Ponuda', 'Tekst: čćžšđ\n"navodnici"', ?, 'sent', ?, ?)`,
  ).run(campaign, now, admin, now);
  db.prepare(
    `insert into newsletter_products (newsletter_id, position, title, price_cents, image_id)
     values (5, 0, 'Kompozit', 1050, 3)`,
  ).run();
  db.prepare(
    `insert into newsletter_deliveries (newsletter_id, subscription_id, email, state, next_attempt_at, sent_at)
     values (5, 7, 'Pretplatnik@Example.com', 'sent', ?, ?)`,
  ).run(now, now);
  db.prepare(
    `insert into video_uploads (id, administrator_id, created_at) values ('u1', ?, ?)`,
  ).run(admin, now);
  db.prepare(
    `insert into unfinished_video_uploads (upload_id, declared_bytes) values ('u1', 5000000000)`,
  ).run();
  db.prepare(
    `insert into rate_limit_counters (key, count, window_ends_ms) values ('reset:ip:x', 2, ?)`,
  ).run(Date.now() + 3_600_000);
  db.prepare(
    `insert into audit_log (at, user_id, actor_name, address, kind, action, object_id, summary)
     values (?, ?, 'Ana Horvat <admin@dentalia.hr>', '127.0.0.1', 'product', 'update', 1, 'Kompozit: čćžšđ')`,
  ).run(now, admin);
  const education = (db.prepare('select id from educations limit 1').get() as { id: number }).id;
  mkdirSync(path.join(dataDir, 'captions'), { recursive: true });
  writeFileSync(path.join(dataDir, 'captions', 'CCCCCCCCCCCCCCCCCCCCCC.vtt'), 'WEBVTT\n');
  db.prepare(
    `insert into education_captions (education_id, language, caption_key, created_at)
     values (?, 'hr', 'CCCCCCCCCCCCCCCCCCCCCC.vtt', ?)`,
  ).run(education, now);
  const empty = (
    db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]
  )
    .map(({ name }) => name)
    .filter((name) => !name.startsWith('sqlite_'))
    .filter(
      (name) => (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n === 0,
    );
  db.close();
  // A table added later must get a row here too, or its copy would go unchecked.
  expect(empty).toEqual([]);
}

function runCopy(to: string, from = dataDir) {
  return spawnSync(NODE_24, ['server/cli/db-copy.ts', '--from', from, '--to', to], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

async function rows(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

describe('npm run db:copy', () => {
  let target = '';
  beforeAll(async () => {
    target = await emptyDatabase();
  });

  it('copies every row of every table, checked by count and checksum', async () => {
    const copy = runCopy(target);
    expect(copy.status, `${copy.stdout}\n${copy.stderr}`).toBe(0);
    expect(copy.stdout).toMatch(/Every table matches/);
    expect(copy.stdout).not.toMatch(/DIFFERENT/);
    const source = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
    try {
      for (const table of ['users', 'refresh_tokens', 'newsletters', 'campaign_subscriptions']) {
        const expected = source.prepare(`select * from ${table} order by id`).all();
        expect(await rows(target, `select * from ${table} order by id`)).toEqual(
          expected.map((row) => ({ ...row })),
        );
      }
    } finally {
      source.close();
    }
  });

  it('numbers new rows after the copied ones', async () => {
    const [highest] = await rows(target, 'select max(id) as id from campaigns');
    const [added] = await rows(
      target,
      `insert into campaigns (name, created_at) values ('Nova', '2026-11-24') returning id`,
    );
    expect(added?.id).toBe(Number(highest?.id) + 1);
  });

  it('serves the site from the copy: the same accounts and courses', async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: target });
    try {
      await waitForHealth(server, 60_000);
      await logIn(server, ADMIN);
      expect(await (await call(server, 'GET', '/courses')).json()).toEqual(sqliteCourses);
    } finally {
      await stopped(server);
    }
  }, 60_000);

  it('refuses a database that holds rows, writing nothing', async () => {
    const [before] = await rows(target, 'select count(*)::int as n from users');
    const copy = runCopy(target);
    expect(copy.status).toBe(1);
    expect(copy.stderr).toMatch(/holds rows already, in .*users/);
    expect(await rows(target, 'select count(*)::int as n from users')).toEqual([before]);
  });
});

describe('what the copy refuses before writing', () => {
  /** A copy of the source database to break, and an empty target. */
  async function broken(change: (db: DatabaseSync) => void) {
    const copyDir = folder('dental-copy-broken-');
    copyFileSync(path.join(dataDir, DATABASE_FILE), path.join(copyDir, DATABASE_FILE));
    const db = new DatabaseSync(path.join(copyDir, DATABASE_FILE));
    change(db);
    db.close();
    const url = await emptyDatabase();
    const target = openDatabase({ dataDir: copyDir, databaseUrl: url });
    const source = new DatabaseSync(path.join(copyDir, DATABASE_FILE), { readOnly: true });
    try {
      // The files are the original folder's: only what `change` did may be missing.
      return await copySqliteToPostgres({ source, target, dataDir }).catch(
        (error: unknown) => error,
      );
    } finally {
      source.close();
      await target.destroy();
    }
  }

  it('a source whose migrations are not all applied', async () => {
    const error = await broken((db) =>
      db.exec('delete from kysely_migration where name = (select max(name) from kysely_migration)'),
    );
    expect(error).toBeInstanceOf(CopyRefused);
    expect((error as Error).message).toMatch(/lacks migrations 00\d\d_/);
  });

  it('a source with a table PostgreSQL does not have', async () => {
    const error = await broken((db) => db.exec('create table notes (id integer primary key)'));
    expect(error).toBeInstanceOf(CopyRefused);
    expect((error as Error).message).toMatch(/table notes is not in PostgreSQL/);
  });

  it('a source with a column PostgreSQL does not have', async () => {
    const error = await broken((db) => db.exec('alter table partners add column note text'));
    expect(error).toBeInstanceOf(CopyRefused);
    expect((error as Error).message).toMatch(/partners has columns/);
  });

  it('reports a file a row names that is not in the data folder', async () => {
    const report = await broken((db) =>
      db.exec("update newsletter_images set image_key = 'newsletters/BBBBBBBBBBBBBBBBBBBBBB.webp'"),
    );
    expect(report).toMatchObject({ missingFiles: ['newsletters/BBBBBBBBBBBBBBBBBBBBBB.webp'] });
  });
});

/**
 * Backups (server/backup): a drill (writes acknowledged while a backup runs, restored into a
 * fresh folder and served again) and the refusals of damaged archives and non-empty targets.
 * Under `npm run test:postgres` the same runs through pg_dump and pg_restore.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Migrator } from 'kysely';
import * as tar from 'tar-stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { courseListSchema } from '../../src/api/contract.ts';
import { BackupRefused, readArchive, type Manifest } from '../../server/backup/archive.ts';
import { takeBackup } from '../../server/backup/backup.ts';
import { restoreBackup } from '../../server/backup/restore.ts';
import { latestMigration } from '../../server/backup/store.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrationProvider } from '../../server/db/migrations/index.ts';
import { systemClock } from '../../server/clock.ts';
import { imageFile, postForm } from './media-fixtures.ts';
import { ADMIN, login, seedAccounts, solveRobotCheck } from './support/accounts.ts';
import { NODE_24 } from './support/server-process.ts';
import { dropTestDatabases, testDatabase } from './support/test-database.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { useTempDir } from './support/temp-dir.ts';
import { mp4Of } from './support/videos.ts';

const tempDir = useTempDir('dental-backup-');
const BACKUP_SCRIPT = fileURLToPath(new URL('../../server/cli/backup.ts', import.meta.url));
const execFileAsync = promisify(execFile);
const runNode = (args: string[], env: NodeJS.ProcessEnv) => execFileAsync(NODE_24, args, { env });
afterAll(() => dropTestDatabases());

/** The configuration of a restore target: an empty folder, and an empty database on PostgreSQL. */
async function restoreTarget(dataDir: string): Promise<Config> {
  const { databaseUrl } = await testDatabase(dataDir, { unmigrated: true });
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(databaseUrl !== undefined && { DATABASE_URL: databaseUrl }),
  });
}

const VIDEO = mp4Of({ size: 3 * 1024 * 1024 });

/** A data folder with the demo accounts and a stored video, its app running. */
async function sourceApp(dataDir: string): Promise<TestApp> {
  await mkdir(dataDir, { recursive: true });
  const source = await createTestApp(dataDir);
  await seedAccounts(source.db, dataDir, systemClock);
  await mkdir(path.join(dataDir, 'videos'), { recursive: true });
  await writeFile(path.join(dataDir, 'videos', 'abcdefghijklmnopqrstuv.mp4'), VIDEO);
  return source;
}

async function backupOf(dataDir: string, outDir: string) {
  const source = await sourceApp(dataDir);
  try {
    return await takeBackup({ config: source.config, db: source.db, outDir, at: new Date() });
  } finally {
    await source.close();
  }
}

describe('a backup taken while the server writes', () => {
  it('restores every acknowledged write into a fresh folder, and the site serves it the same', async () => {
    const root = tempDir();
    const source = await sourceApp(path.join(root, 'source'));
    const { accessToken } = await login(source.app, ADMIN);
    const png = await imageFile('png', 400, 300);
    let created = 0;
    const acknowledged: { title: string; at: number }[] = [];
    const createCourse = async () => {
      created += 1;
      const title = `Tečaj ${created}`;
      const response = await postForm(
        source.app,
        '/api/v1/courses',
        {
          Title: title,
          Description: 'Opis.',
          CountryIsoCode: 'HR',
          Lecturer: 'dr. Ana Anić',
          Location: 'Osijek',
          StartDate: new Date(Date.now() + 10 * 86_400_000).toISOString(),
          EndDate: new Date(Date.now() + 11 * 86_400_000).toISOString(),
          Price: '100',
          Image: { bytes: png, filename: 'slika.png', type: 'image/png' },
        },
        accessToken,
      );
      expect(response.statusCode, response.body).toBe(201);
      acknowledged.push({ title, at: performance.now() });
    };
    for (let i = 0; i < 3; i += 1) await createCourse();
    const campaign = await source.app.inject({ url: '/api/v1/campaigns/by-name/Courses' });
    const subscribed = await source.app.inject({
      method: 'POST',
      url: '/api/v1/campaigns/subscriptions',
      payload: {
        email: 'pretplata@example.com',
        campaignId: campaign.json<{ id: number }>().id,
        recaptchaToken: await solveRobotCheck(source.app),
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(204);

    let writing = true;
    const writer = (async () => {
      while (writing) await createCourse();
    })();
    // Some writes acknowledged before the snapshot, however loaded the machine is.
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThan(3), { timeout: 15_000 });
    const started = performance.now();
    const { file } = await takeBackup({
      config: source.config,
      db: source.db,
      outDir: path.join(root, 'backups'),
      at: new Date(),
    });
    writing = false;
    await writer;
    const before = acknowledged.filter((write) => write.at < started).map((write) => write.title);
    expect(before.length).toBeGreaterThan(3);

    const restoredDir = path.join(root, 'restored');
    await restoreBackup(file, await restoreTarget(restoredDir));
    const restored = await createTestApp(restoredDir);
    try {
      await login(restored.app, ADMIN);
      const list = async (app: TestApp) =>
        courseListSchema.parse((await app.app.inject({ url: '/api/v1/courses' })).json());
      const restoredCourses = await list(restored);
      const titles = restoredCourses.map((course) => course.title);
      for (const title of before) expect(titles).toContain(title);
      // Nothing the snapshot did not hold whole: every course restored was acknowledged.
      const all = acknowledged.map((write) => write.title);
      for (const title of titles.filter((t) => t.startsWith('Tečaj ')))
        expect(all).toContain(title);
      for (const course of restoredCourses) {
        const served = await restored.app.inject({ url: course.imagePath });
        const original = await source.app.inject({ url: course.imagePath });
        expect(served.statusCode, course.imagePath).toBe(200);
        expect(served.rawPayload.equals(original.rawPayload)).toBe(true);
      }
      expect(readFileSync(path.join(restoredDir, 'videos', 'abcdefghijklmnopqrstuv.mp4'))).toEqual(
        VIDEO,
      );
      const subscriptions = await restored.db
        .selectFrom('campaign_subscriptions')
        .select('email')
        .execute();
      expect(subscriptions.map((row) => row.email)).toContain('pretplata@example.com');
    } finally {
      await restored.close();
      await source.close();
    }
  }, 60_000);

  it('migrates the restored database when the archive is older than this version', async () => {
    const root = tempDir();
    const dataDir = path.join(root, 'source');
    await mkdir(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir });
    const location = await testDatabase(dataDir, { unmigrated: true });
    const db = openDatabase(location);
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const [previous = ''] = names.slice(-2, -1);
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(previous);
    expect(error).toBeUndefined();
    const { file, manifest } = await takeBackup({
      config: { ...config, databaseUrl: location.databaseUrl },
      db,
      outDir: path.join(root, 'backups'),
      at: new Date(),
    });
    await db.destroy();
    expect(manifest.database.schemaVersion).toBe(previous);

    const restoredDir = path.join(root, 'restored');
    const target = await restoreTarget(restoredDir);
    const report = await restoreBackup(file, target);
    expect(report.schemaVersion).toBe(names.at(-1));
    const restored = openDatabase(target);
    expect(await latestMigration(restored)).toBe(names.at(-1));
    await restored.destroy();
  }, 30_000);
});

/** The archive rewritten with `change` applied to its entries (in order, the manifest last). */
async function rewritten(
  file: string,
  change: (name: string, bytes: Buffer) => Buffer | undefined,
  extra?: { name: string; bytes: Buffer },
): Promise<string> {
  const entries: { name: string; bytes: Buffer }[] = [];
  const extract = tar.extract();
  const done = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
      entries.push({ name: entry.header.name, bytes: Buffer.concat(chunks) });
    }
  })();
  extract.end(await readFile(file));
  await done;
  const pack = tar.pack();
  if (extra) pack.entry({ name: extra.name, size: extra.bytes.length }, extra.bytes);
  for (const { name, bytes } of entries) {
    const changed = change(name, bytes);
    if (changed !== undefined) pack.entry({ name, size: changed.length }, changed);
  }
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack as AsyncIterable<Buffer>) chunks.push(chunk);
  const damaged = `${file}.damaged.tar`;
  writeFileSync(damaged, Buffer.concat(chunks));
  return damaged;
}

describe('a damaged archive', () => {
  const VIDEO_ENTRY = 'files/videos/abcdefghijklmnopqrstuv.mp4';

  const refusals: [string, (file: string, manifest: Manifest) => Promise<string>, RegExp][] = [
    [
      'one flipped byte in a video',
      (file) =>
        rewritten(file, (name, bytes) => {
          if (name !== VIDEO_ENTRY) return bytes;
          const flipped = Buffer.from(bytes);
          flipped.writeUInt8(flipped.readUInt8(1_000_000) ^ 0x01, 1_000_000);
          return flipped;
        }),
      /entry files\/videos\/abcdefghijklmnopqrstuv\.mp4 differs from its checksum/,
    ],
    [
      'a missing entry',
      (file) => rewritten(file, (name, bytes) => (name === VIDEO_ENTRY ? undefined : bytes)),
      /entry files\/videos\/abcdefghijklmnopqrstuv\.mp4 is missing/,
    ],
    [
      'a truncated file',
      async (file) => {
        const cut = `${file}.cut.tar`;
        writeFileSync(cut, readFileSync(file));
        // Within the video, which the database and the secrets precede.
        truncateSync(cut, readFileSync(file).indexOf(VIDEO.subarray(0, 64)) + 1_000_000);
        return cut;
      },
      /truncated or damaged in entry files\/videos\/abcdefghijklmnopqrstuv\.mp4/,
    ],
  ];

  it.each(refusals)(
    'is refused by --verify and by restore, naming the entry, when it has %s',
    async (_case, damage, reason) => {
      const root = tempDir();
      const { file, manifest } = await backupOf(path.join(root, 'source'), path.join(root, 'out'));
      await expect(readArchive(file)).resolves.toEqual(manifest);
      const damaged = await damage(file, manifest);

      await expect(readArchive(damaged)).rejects.toThrow(reason);
      const target = path.join(root, 'restored');
      const refused = restoreBackup(damaged, await restoreTarget(target));
      await expect(refused).rejects.toThrow(BackupRefused);
      await expect(refused).rejects.toThrow(reason);
      // Nothing half-written: no target, no staging folder left beside it.
      expect(existsSync(target)).toBe(false);
      expect(readdirSync(root).sort()).toEqual(['out', 'source']);
    },
    30_000,
  );
});

describe('a backup pointed at the wrong place', () => {
  it('refuses a database no server has migrated, writing no archive', async () => {
    const root = tempDir();
    const config = await restoreTarget(path.join(root, 'data'));
    await mkdir(config.dataDir);
    const db = openDatabase(config);
    try {
      const outDir = path.join(root, 'out');
      await expect(takeBackup({ config, db, outDir, at: new Date() })).rejects.toThrow(
        "the database holds no site (no migration applied): DATA_DIR or DATABASE_URL must be the server's",
      );
      expect(existsSync(outDir)).toBe(false);
    } finally {
      await db.destroy();
    }
  });

  it('npm run backup refuses a data folder with no database, creating none there', async () => {
    const root = tempDir();
    const dataDir = path.join(root, 'data');
    await mkdir(dataDir);
    const { databaseUrl } = await testDatabase(dataDir, { unmigrated: true });
    const outDir = path.join(root, 'out');
    const result = await runNode([BACKUP_SCRIPT, '--out', outDir], {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
    }).catch((error: unknown) => error as { code: number; stderr: string });
    expect(result).toMatchObject({ code: 1 });
    expect((result as { stderr: string }).stderr).toContain(
      databaseUrl === undefined
        ? `Refused: ${dataDir} holds no app.db: DATA_DIR must be the server's data folder`
        : 'Refused: the database holds no site (no migration applied)',
    );
    expect(readdirSync(dataDir)).toEqual([]);
    expect(existsSync(outDir)).toBe(false);
  }, 30_000);
});

describe('restore', () => {
  it('refuses a data folder that is not empty, and leaves it as it was', async () => {
    const root = tempDir();
    const { file } = await backupOf(path.join(root, 'source'), path.join(root, 'out'));
    const target = path.join(root, 'restored');
    await mkdir(target);
    await writeFile(path.join(target, 'notes.txt'), 'mine');
    await expect(restoreBackup(file, await restoreTarget(target))).rejects.toThrow(/is not empty/);
    expect(readdirSync(target)).toEqual(['notes.txt']);
    expect(readdirSync(root).sort()).toEqual(['out', 'restored', 'source']);
  }, 30_000);

  it('refuses an archive entry outside what a backup holds, writing nothing', async () => {
    const root = tempDir();
    const { file } = await backupOf(path.join(root, 'source'), path.join(root, 'out'));
    const escaping = await rewritten(file, (_name, bytes) => bytes, {
      name: 'files/../../escaped.txt',
      bytes: Buffer.from('outside'),
    });
    const target = path.join(root, 'restored');
    await expect(restoreBackup(escaping, await restoreTarget(target))).rejects.toThrow(
      'entry files/../../escaped.txt: not one a backup holds',
    );
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(root).sort()).toEqual(['out', 'source']);
  }, 30_000);
});

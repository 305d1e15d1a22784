/**
 * The tus locker of several processes (server/uploads/postgres-locker.ts, decision 0027): two
 * lockers on one database stand for two server processes.
 */
import { ERRORS } from '@tus/utils';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postgresLocker, type PostgresLocker } from '../../server/uploads/postgres-locker.ts';
import { useTempDir } from '../server/support/temp-dir.ts';
import { testDatabase } from '../server/support/test-database.ts';

const tempDir = useTempDir();
const lockers: PostgresLocker[] = [];
afterEach(async () => {
  await Promise.all(lockers.splice(0).map((locker) => locker.close()));
});

async function twoProcesses(acquireLockTimeoutMs = 2_000) {
  const { databaseUrl } = await testDatabase(tempDir());
  if (databaseUrl === undefined) throw new Error('tests/postgres runs with DATABASE_URL');
  const made = [1, 2].map(() => postgresLocker({ databaseUrl, acquireLockTimeoutMs }));
  lockers.push(...made);
  return { databaseUrl, first: made[0] as PostgresLocker, second: made[1] as PostgresLocker };
}

const signal = () => new AbortController().signal;
const nothing = () => undefined;

describe('the upload lock across processes', () => {
  it('lets one process hold an upload; the other waits, asks it to let go, and times out', async () => {
    const { first, second } = await twoProcesses(400);
    const stalled = vi.fn();
    await first.newLock('upload-a').lock(signal(), stalled);
    const started = Date.now();
    await expect(second.newLock('upload-a').lock(signal(), nothing)).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    // Asked through PostgreSQL's NOTIFY, on every try.
    expect(stalled.mock.calls.length).toBeGreaterThan(1);
  });

  it('hands the upload over when the holder lets go on request', async () => {
    const { first, second } = await twoProcesses();
    const held = first.newLock('upload-b');
    const release = vi.fn(() => held.unlock());
    await held.lock(signal(), release);
    await second.newLock('upload-b').lock(signal(), nothing);
    expect(release).toHaveBeenCalled();
    // Now the first process is the one that waits.
    await expect(first.newLock('upload-b').lock(AbortSignal.timeout(100), nothing)).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
  });

  it('gives a released upload to the next at once, and never locks another upload', async () => {
    const { first, second } = await twoProcesses(300);
    const lock = first.newLock('upload-c');
    await lock.lock(signal(), nothing);
    await second.newLock('upload-d').lock(signal(), nothing);
    await lock.unlock();
    await second.newLock('upload-c').lock(signal(), nothing);
  });

  it('keeps two requests of one process apart, as one session could take its lock twice', async () => {
    const { first } = await twoProcesses(300);
    const held = first.newLock('upload-e');
    const release = vi.fn(() => held.unlock());
    await held.lock(signal(), release);
    await first.newLock('upload-e').lock(signal(), nothing);
    expect(release).toHaveBeenCalledTimes(1);
    await expect(first.newLock('upload-e').lock(signal(), nothing)).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
  });

  it('frees the locks of a process whose connection died, and tells its holders', async () => {
    const { databaseUrl, first, second } = await twoProcesses();
    const told = vi.fn();
    await first.newLock('upload-f').lock(signal(), told);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
    } finally {
      await admin.end();
    }
    await second.newLock('upload-f').lock(signal(), nothing);
    await vi.waitFor(() => expect(told).toHaveBeenCalled());
  });

  it('stops waiting when the request is gone', async () => {
    const { first, second } = await twoProcesses(5_000);
    await first.newLock('upload-g').lock(signal(), nothing);
    const gone = new AbortController();
    const waiting = second.newLock('upload-g').lock(gone.signal, nothing);
    gone.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  });
});

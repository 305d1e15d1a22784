/**
 * The disk guard (issue 31, point 4) on a real, small filesystem: a tmpfs of a few MiB holds the
 * data folder, `MIN_FREE_DISK_MIB` is set inside it, and the disk is filled step by step. Uploads
 * that would go below the minimum get 507 before a byte is written, and readiness turns 503 once
 * the minimum is reached, while liveness stays 200. Mounting needs root (CI runs as root).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDUCATION_SERVER_MESSAGES as M } from '../../src/api/serverMessages.ts';
import { MESSAGES } from '../../server/http/errors.ts';
import { EMPLOYEE, login, seedAccounts, testClock } from './support/accounts.ts';
import { imageFile } from './media-fixtures.ts';
import { postImageForm } from './support/newsletters.ts';
import { readPrometheusText } from './support/prometheus-text.ts';
import { mediaFilesIn, uploadTempFilesIn } from './support/stored.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const MIB = 2 ** 20;
const DISK_MIB = 48;
const MIN_FREE_MIB = 16;

let mountPoint: string;
let testApp: TestApp;
let token: string;

const freeBytes = () => {
  const { bavail, bsize } = statfsSync(mountPoint);
  return bavail * bsize;
};

/** Writes a file that leaves `leftBytes` free on the small disk. */
function fillUntil(leftBytes: number, name: string) {
  const size = freeBytes() - leftBytes;
  expect(size, 'the disk already holds less than asked').toBeGreaterThan(0);
  writeFileSync(path.join(mountPoint, name), Buffer.alloc(size));
}

function run(command: string, args: string[]) {
  const root = process.getuid?.() === 0;
  execFileSync(root ? command : 'sudo', root ? args : ['-n', command, ...args]);
}

beforeAll(async () => {
  mountPoint = mkdtempSync(path.join(tmpdir(), 'dental-small-disk-'));
  run('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MIB}m`, 'tmpfs', mountPoint]);
  const clock = testClock();
  const dataDir = path.join(mountPoint, 'var');
  mkdirSync(dataDir);
  testApp = await createTestApp(dataDir, {
    env: { MIN_FREE_DISK_MIB: String(MIN_FREE_MIB) },
    now: clock.now,
  });
  await seedAccounts(testApp.db, dataDir, clock.now);
  token = (await login(testApp.app, EMPLOYEE)).accessToken;
});

afterAll(async () => {
  await testApp?.close();
  if (mountPoint !== undefined) {
    run('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  }
});

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

async function uploadImage(width: number, height: number) {
  const bytes = await imageFile('png', width, height);
  return {
    bytes: bytes.length,
    response: await postImageForm(testApp.app, token, {
      ProductTitle: 'Kompozit A2',
      ProductImage: { bytes, filename: 'proizvod.png', type: 'image/png' },
    }),
  };
}

describe('a small data disk', () => {
  it('is ready with room to spare and says how much is free', async () => {
    const ready = await get('/api/v1/health/ready');
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', disk: { minFreeMiB: MIN_FREE_MIB } });
    expect(ready.json().disk.freeMiB).toBeGreaterThan(MIN_FREE_MIB);
    const scraped = readPrometheusText((await get('/metrics')).body);
    const gauge = (name: string) => scraped.find((family) => family.name === name)?.samples[0];
    const free = gauge('data_disk_free_bytes')?.value ?? Number.NaN;
    expect(Math.abs(free - freeBytes())).toBeLessThan(MIB);
    expect(gauge('data_disk_min_free_bytes')?.value).toBe(MIN_FREE_MIB * MIB);
    const { response } = await uploadImage(400, 250);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses with 507 an upload that would go below the minimum, before writing a byte', async () => {
    const media = mediaFilesIn(testApp.config.dataDir);
    fillUntil(MIN_FREE_MIB * MIB + 8 * 1024, 'filler-1');
    const before = freeBytes();
    const { bytes, response } = await uploadImage(1600, 1000);
    expect(bytes, 'the image must be larger than the room left').toBeGreaterThan(8 * 1024);
    expect(response.statusCode, response.body).toBe(507);
    expect(response.json()).toEqual({ errors: [M.uploadDiskFull] });
    expect(mediaFilesIn(testApp.config.dataDir)).toEqual(media);
    expect(uploadTempFilesIn(testApp.config.dataDir)).toEqual([]);
    expect(freeBytes()).toBe(before);
    // Still ready: the minimum itself is free.
    expect((await get('/api/v1/health/ready')).statusCode).toBe(200);
  });

  it('turns not ready once the disk is down to its minimum, while liveness stays ok', async () => {
    fillUntil(MIN_FREE_MIB * MIB - 1024 * 1024, 'filler-2');
    const ready = await get('/api/v1/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ errors: [MESSAGES.notReadyDisk] });
    expect((await get('/api/v1/health')).statusCode).toBe(200);
    const { response } = await uploadImage(40, 25);
    expect(response.statusCode, response.body).toBe(507);
  });

  it('is ready again once space is freed', async () => {
    rmSync(path.join(mountPoint, 'filler-2'));
    rmSync(path.join(mountPoint, 'filler-1'));
    expect((await get('/api/v1/health/ready')).statusCode).toBe(200);
    const { response } = await uploadImage(400, 250);
    expect(response.statusCode, response.body).toBe(201);
  });
});

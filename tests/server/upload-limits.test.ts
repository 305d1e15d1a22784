/**
 * What one administrator's tus uploads may hold back (issue 25, point 6): at most
 * `EDUCATION_UNFINISHED_UPLOADS_MAX` unfinished uploads each (429 past it), and never more
 * declared bytes of unfinished uploads than the uploads' disk has free beyond its reserve (507),
 * both refused before any file is made, both counted from the database rows so that every
 * process sharing the database sees the same counts.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EDUCATION_SERVER_MESSAGES as M } from '../../src/api/serverMessages.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { UPLOADS_FOLDER } from '../../server/uploads/video-uploads.ts';
import { createUser } from '../../server/users/store.ts';
import { ADMIN, DEMO_PASSWORD, login } from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';
import { createTestApp } from './support/test-app.ts';

const MAX = 5;
/** The disk the app sees: what `freeDiskBytes` answers, set per test. */
const disk = { freeBytes: Number.MAX_SAFE_INTEGER };
const server = useServer({
  seedAccounts: true,
  // One app for the file: a new one per test would be made and removed while @tus/file-store
  // still creates its folder in the background. Each test starts without uploads instead.
  perFile: true,
  env: { EDUCATION_UNFINISHED_UPLOADS_MAX: String(MAX) },
  freeDiskBytes: async () => disk.freeBytes,
});
const SECOND_ADMIN = 'druga.administratorica@dentalia.hr';
const tokens = { first: '', second: '' };

beforeAll(async () => {
  await createUser(server.db, {
    email: SECOND_ADMIN,
    name: 'Druga',
    surname: 'Administratorica',
    gender: 'female',
    roles: ['administrator'],
    passwordHash: await hashPassword(DEMO_PASSWORD),
    createdAt: new Date(),
  });
  tokens.first = (await login(server.app, ADMIN)).accessToken;
  tokens.second = (await login(server.app, SECOND_ADMIN)).accessToken;
}, 60_000);

beforeEach(async () => {
  disk.freeBytes = Number.MAX_SAFE_INTEGER;
  await server.db.deleteFrom('video_uploads').execute();
  rmSync(uploadsFolder(), { recursive: true, force: true });
  mkdirSync(uploadsFolder());
});

function tus(
  app: FastifyInstance,
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  headers: Record<string, string>,
  payload?: Buffer,
) {
  return app.inject({
    method,
    url,
    headers: {
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${token}`,
      ...(payload && { 'content-type': 'application/offset+octet-stream' }),
      ...headers,
    },
    ...(payload && { payload }),
  });
}

/** The first bytes of an MP4: a first PATCH must begin like a video (issue 27). */
const VIDEO_HEAD = Buffer.from('00000018667479706d703432', 'hex');

const create = (length: number, token = tokens.first, app = server.app) =>
  tus(app, 'POST', '/api/v1/uploads', token, { 'upload-length': String(length) });

async function created(length: number, token = tokens.first) {
  const response = await create(length, token);
  expect(response.statusCode, response.body).toBe(201);
  return String(response.headers.location);
}

const uploadsFolder = () => path.join(server.dataDir, UPLOADS_FOLDER);
const filesInUploads = () => (existsSync(uploadsFolder()) ? readdirSync(uploadsFolder()) : []);

describe('the cap on unfinished uploads', () => {
  it('refuses the sixth unfinished upload with 429, and makes no file for it', async () => {
    for (let index = 0; index < MAX; index += 1) await created(10);
    const files = filesInUploads();
    const refused = await create(10);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: [M.tooManyUnfinishedUploads(MAX)] });
    expect(filesInUploads()).toEqual(files);
  });

  it('takes a new one once an unfinished upload finishes', async () => {
    const first = await created(VIDEO_HEAD.length);
    for (let index = 1; index < MAX; index += 1) await created(VIDEO_HEAD.length);
    expect((await create(VIDEO_HEAD.length)).statusCode).toBe(429);
    const sent = await tus(
      server.app,
      'PATCH',
      first,
      tokens.first,
      { 'upload-offset': '0' },
      VIDEO_HEAD,
    );
    expect(sent.statusCode, sent.body).toBe(204);
    await created(VIDEO_HEAD.length);
    expect((await create(VIDEO_HEAD.length)).statusCode).toBe(429);
  });

  it('takes a new one once an unfinished upload is deleted', async () => {
    const first = await created(10);
    for (let index = 1; index < MAX; index += 1) await created(10);
    expect((await create(10)).statusCode).toBe(429);
    expect((await tus(server.app, 'DELETE', first, tokens.first, {})).statusCode).toBe(204);
    await created(10);
  });

  it('counts each administrator on their own', async () => {
    for (let index = 0; index < MAX; index += 1) await created(10);
    expect((await create(10)).statusCode).toBe(429);
    for (let index = 0; index < MAX; index += 1) await created(10, tokens.second);
    expect((await create(10, tokens.second)).statusCode).toBe(429);
  });

  it('holds for creations at once through two apps on one database, as two processes', async () => {
    const other = await createTestApp(server.dataDir, {
      env: { EDUCATION_UNFINISHED_UPLOADS_MAX: String(MAX) },
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 4 * MAX }, (_, index) =>
          create(10, tokens.first, index % 2 === 0 ? server.app : other.app),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(MAX);
      expect(statuses.filter((status) => status === 429)).toHaveLength(3 * MAX);
    } finally {
      await other.close();
    }
  });
});

describe('the free disk space', () => {
  it('refuses with 507 an upload whose declared length, with the unfinished ones, would not fit', async () => {
    disk.freeBytes = server.config.minFreeDiskBytes + 1000;
    await created(600);
    const files = filesInUploads();
    const refused = await create(401, tokens.second);
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({ errors: [M.uploadDiskFull] });
    expect(filesInUploads()).toEqual(files);
    await created(400, tokens.second);
  });

  it('refuses before the uploads folder holds any file of it', async () => {
    disk.freeBytes = server.config.minFreeDiskBytes + 5;
    const refused = await create(6);
    expect(refused.statusCode, refused.body).toBe(507);
    expect(filesInUploads()).toEqual([]);
  });

  it('no longer counts an upload once it finished: its bytes are on the disk', async () => {
    disk.freeBytes = server.config.minFreeDiskBytes + 20;
    const first = await created(VIDEO_HEAD.length);
    expect((await create(VIDEO_HEAD.length)).statusCode).toBe(507);
    const sent = await tus(
      server.app,
      'PATCH',
      first,
      tokens.first,
      { 'upload-offset': '0' },
      VIDEO_HEAD,
    );
    expect(sent.statusCode, sent.body).toBe(204);
    await created(VIDEO_HEAD.length);
  });
});

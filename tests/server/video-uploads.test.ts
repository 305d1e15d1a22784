/**
 * Resumable uploads of education videos (tus at /api/v1/uploads, issue 13, decision 0019): who
 * may talk to the endpoint, the size cap at creation, an upload bound to its creator and used
 * once by an education, and the sweeper removing expired uploads (with the test clock).
 */
import { diskSpace } from '../../server/disk-space.ts';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { educationSchema } from '../../src/api/contract.ts';
import { EDUCATION_SERVER_MESSAGES as M } from '../../src/api/serverMessages.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { VIDEO_FOLDER } from '../../server/educations/videos.ts';
import { UPLOADS_FOLDER, videoUploads } from '../../server/uploads/video-uploads.ts';
import { sweepExpiredUploads } from '../../server/uploads/sweeper.ts';
import { createUser } from '../../server/users/store.ts';
import { multipart, type FormValue } from './media-fixtures.ts';
import { ADMIN, DEMO_PASSWORD, EMPLOYEE, USER, login } from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';
import { rowCount } from './support/stored.ts';
import { corpusClip } from './support/video-corpus.ts';
import { mp4Of } from './support/videos.ts';

const VIDEO_CAP = 400_000;
const server = useServer({
  seedAccounts: true,
  perFile: true,
  env: {
    EDUCATION_VIDEO_MAX_BYTES: String(VIDEO_CAP),
    EDUCATION_UPLOAD_EXPIRY_HOURS: '24',
    // One administrator leaves many uploads unfinished here; the cap has its tests in upload-limits.
    EDUCATION_UNFINISHED_UPLOADS_MAX: '1000',
  },
});
const DEMO_VIDEO = readFileSync(
  new URL('../../server/seed/educations/demo-education.mp4', import.meta.url),
);
const SECOND_ADMIN = 'druga.administratorica@dentalia.hr';
const tokens = { administrator: '', secondAdministrator: '', employee: '', user: '' };
let partnerId: number;

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
  tokens.administrator = (await login(server.app, ADMIN)).accessToken;
  tokens.secondAdministrator = (await login(server.app, SECOND_ADMIN)).accessToken;
  tokens.employee = (await login(server.app, EMPLOYEE)).accessToken;
  tokens.user = (await login(server.app, USER)).accessToken;
  const partners = await server.app.inject({ method: 'GET', url: '/api/v1/partners' });
  partnerId = partners.json<{ id: number }[]>()[0]?.id ?? 0;
}, 60_000);

type Method = 'POST' | 'PATCH' | 'HEAD' | 'DELETE' | 'OPTIONS';

function tus(
  method: Method,
  url: string,
  token: string | null,
  headers: Record<string, string> = {},
  payload?: Buffer,
) {
  return server.app.inject({
    method,
    url,
    headers: {
      'tus-resumable': '1.0.0',
      ...(token !== null && { authorization: `Bearer ${token}` }),
      ...(payload && { 'content-type': 'application/offset+octet-stream' }),
      ...headers,
    },
    ...(payload && { payload }),
  });
}

/** Creates an upload of `length` bytes; answers its URL and id. */
async function createUpload(length: number, token = tokens.administrator) {
  const response = await tus('POST', '/api/v1/uploads', token, { 'upload-length': String(length) });
  expect(response.statusCode, response.body).toBe(201);
  const url = String(response.headers.location);
  return { url, id: url.split('/').pop() ?? '' };
}

async function send(url: string, bytes: Buffer, offset = 0, token = tokens.administrator) {
  const response = await tus('PATCH', url, token, { 'upload-offset': String(offset) }, bytes);
  expect(response.statusCode, response.body).toBe(204);
  return Number(response.headers['upload-offset']);
}

/** A finished upload of `bytes`. */
async function uploaded(bytes: Buffer, token = tokens.administrator) {
  const upload = await createUpload(bytes.length, token);
  expect(await send(upload.url, bytes, 0, token)).toBe(bytes.length);
  return upload;
}

async function createEducation(uploadId: string, overrides: Record<string, FormValue> = {}) {
  const body = await multipart({
    Title: 'Protetika na implantatima',
    Description: 'Predavanje snimljeno u Zagrebu.',
    Lecturer: 'dr. Ivo Ivić',
    CountryIsoCode: 'HR',
    PartnerId: String(partnerId),
    VideoUploadId: uploadId,
    ...overrides,
  });
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/educations',
    headers: { ...body.headers, authorization: `Bearer ${tokens.administrator}` },
    payload: body.payload,
  });
}

const uploadFile = (id: string) => path.join(server.dataDir, UPLOADS_FOLDER, id);

describe('the tus endpoint', () => {
  it('refuses creation, PATCH, HEAD, DELETE and OPTIONS without an administrator token', async () => {
    const { url } = await createUpload(10);
    const requests: [Method, string][] = [
      ['POST', '/api/v1/uploads'],
      ['OPTIONS', '/api/v1/uploads'],
      ['PATCH', url],
      ['HEAD', url],
      ['DELETE', url],
      ['OPTIONS', url],
    ];
    for (const [method, target] of requests) {
      const headers = { 'upload-length': '10', 'upload-offset': '0' };
      const payload = method === 'PATCH' ? Buffer.from('0123456789') : undefined;
      expect((await tus(method, target, null, headers, payload)).statusCode).toBe(401);
      for (const token of [tokens.user, tokens.employee]) {
        const response = await tus(method, target, token, headers, payload);
        expect(response.statusCode, `${method} ${target}`).toBe(403);
      }
    }
    // Nothing of it reached the upload.
    const head = await tus('HEAD', url, tokens.administrator);
    expect(head.headers['upload-offset']).toBe('0');
  });

  it('refuses an upload longer than the cap at creation with 413 and the contract message', async () => {
    const before = await rowCount(server.db, 'video_uploads');
    const response = await tus('POST', '/api/v1/uploads', tokens.administrator, {
      'upload-length': String(VIDEO_CAP + 1),
    });
    expect(response.statusCode).toBe(413);
    expect(M.videoTooLarge.match(response.json<{ errors: string[] }>().errors[0])).toEqual({
      field: 'Video',
      size: '390.625 KB',
    });
    expect(await rowCount(server.db, 'video_uploads')).toBe(before);
    await createUpload(VIDEO_CAP);
  });

  it('resumes from the offset the server reports', async () => {
    const { url } = await createUpload(DEMO_VIDEO.length);
    const half = Math.floor(DEMO_VIDEO.length / 2);
    await send(url, DEMO_VIDEO.subarray(0, half));
    const head = await tus('HEAD', url, tokens.administrator);
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['upload-offset'])).toBe(half);
    expect(await send(url, DEMO_VIDEO.subarray(half), half)).toBe(DEMO_VIDEO.length);
  });

  it('answers errors in the domain-error shape', async () => {
    const response = await tus('POST', '/api/v1/uploads', tokens.administrator);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [expect.any(String)] });
  });

  it('refuses a creation with data, which could fail after the upload exists', async () => {
    const before = await rowCount(server.db, 'video_uploads');
    const response = await tus(
      'POST',
      '/api/v1/uploads',
      tokens.administrator,
      { 'upload-length': '0' },
      Buffer.from([0]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [expect.stringContaining('send its bytes with PATCH')],
    });
    expect(await rowCount(server.db, 'video_uploads')).toBe(before);
  });

  it('keeps an upload to the administrator who created it', async () => {
    const { url, id } = await uploaded(DEMO_VIDEO, tokens.secondAdministrator);
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      const response = await tus(method, url, tokens.administrator, { 'upload-offset': '0' });
      expect(response.statusCode, method).toBe(404);
    }
    const education = await createEducation(id);
    expect(education.json()).toEqual({ errors: { VideoUploadId: [M.uploadNotFound] } });
    expect(existsSync(uploadFile(id))).toBe(true);
  });

  it('terminates an upload on DELETE: files and row are gone', async () => {
    const { url, id } = await createUpload(10);
    expect((await tus('DELETE', url, tokens.administrator)).statusCode).toBe(204);
    expect(existsSync(uploadFile(id))).toBe(false);
    expect(
      await server.db.selectFrom('video_uploads').where('id', '=', id).select('id').execute(),
    ).toEqual([]);
  });
});

/**
 * Issue 25: the route checks the `:id` it parsed, and tus must act on that id and no other. The
 * last `/`-segment of the whole URL (tus's default) named another administrator's upload when the
 * query string ended in one; each of these suffixes did.
 */
describe('an upload named in the query string', () => {
  const suffixes = (victim: string) => [
    `?x=/${victim}`,
    `?/${victim}`,
    `?a=b&c=/${victim}`,
    `?x=/${victim}/`,
    `?x=/${victim}&y=/${victim}/`,
  ];
  const cases = suffixes('<victim>').map((suffix) => ({ suffix }));

  /**
   * The victim's upload: 24 bytes long, its first 12 written; the attacker's: 12 long, empty. A
   * first PATCH must begin like a video (issue 27): both begin with an MP4's first bytes.
   */
  const VICTIM_BYTES = DEMO_VIDEO.subarray(0, 12);
  const OWN_BYTES = mp4Of({ brand: 'mp42' }).subarray(0, 12);
  async function victimAndOwn() {
    const victim = await createUpload(24, tokens.secondAdministrator);
    await send(victim.url, VICTIM_BYTES, 0, tokens.secondAdministrator);
    const own = await createUpload(12);
    return { victim, own };
  }

  async function expectVictimUntouched(victim: { url: string; id: string }) {
    expect(readFileSync(uploadFile(victim.id))).toEqual(VICTIM_BYTES);
    const head = await tus('HEAD', victim.url, tokens.secondAdministrator);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('12');
  }

  const attack = (own: string, victim: string, suffix: string) =>
    `${own}${suffix.replaceAll('<victim>', victim)}`;

  it.each(cases)('PATCH with $suffix writes the own upload only', async ({ suffix }) => {
    const { victim, own } = await victimAndOwn();
    const response = await tus(
      'PATCH',
      attack(own.url, victim.id, suffix),
      tokens.administrator,
      { 'upload-offset': '12' },
      Buffer.from('EVIL'),
    );
    // At offset 12 the victim's upload would take the bytes; the own one is at 0 and refuses them.
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({ errors: [expect.any(String)] });
    await expectVictimUntouched(victim);
    const atZero = await tus(
      'PATCH',
      attack(own.url, victim.id, suffix),
      tokens.administrator,
      { 'upload-offset': '0' },
      OWN_BYTES,
    );
    expect(atZero.statusCode, atZero.body).toBe(204);
    expect(readFileSync(uploadFile(own.id))).toEqual(OWN_BYTES);
    await expectVictimUntouched(victim);
  });

  it.each(cases)('HEAD with $suffix shows the own upload only', async ({ suffix }) => {
    const { victim, own } = await victimAndOwn();
    const response = await tus('HEAD', attack(own.url, victim.id, suffix), tokens.administrator);
    expect(response.statusCode).toBe(200);
    expect(response.headers['upload-offset']).toBe('0');
    expect(response.headers['upload-length']).toBe('12');
  });

  it.each(cases)('DELETE with $suffix removes the own upload only', async ({ suffix }) => {
    const { victim, own } = await victimAndOwn();
    const response = await tus('DELETE', attack(own.url, victim.id, suffix), tokens.administrator);
    expect(response.statusCode, response.body).toBe(204);
    expect(existsSync(uploadFile(own.id))).toBe(false);
    await expectVictimUntouched(victim);
    const rows = await server.db
      .selectFrom('video_uploads')
      .where('id', '=', victim.id)
      .select('id')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 404 in the contract shape when the path names a foreign upload and the query the own', async () => {
    const { victim, own } = await victimAndOwn();
    for (const method of ['PATCH', 'HEAD', 'DELETE'] as const) {
      const response = await tus(
        method,
        `${victim.url}?x=/${own.id}`,
        tokens.administrator,
        { 'upload-offset': '4' },
        method === 'PATCH' ? Buffer.from('EVIL') : undefined,
      );
      expect(response.statusCode, method).toBe(404);
      if (method !== 'HEAD') expect(response.json()).toEqual({ errors: [M.uploadNotFound] });
    }
    await expectVictimUntouched(victim);
  });
});

/**
 * The PATCH body flows from the Node request to the file store (node-streaming-tus-server.ts);
 * over a real socket, what a dropped connection or an overlong chunked body does to it.
 */
describe('PATCH bodies over a socket', () => {
  let origin = '';
  beforeAll(async () => {
    origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** A PATCH at offset 0 whose body is written by `feed`; answers its response, if any. */
  function patchOverSocket(
    url: string,
    headers: Record<string, string>,
    feed: (request: ClientRequest) => Promise<void>,
  ): Promise<IncomingMessage | undefined> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(new URL(url, origin), {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${tokens.administrator}`,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          ...headers,
        },
      });
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response));
      });
      request.on('error', () => resolve(undefined));
      feed(request).catch(reject);
    });
  }

  async function eventually(check: () => boolean) {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('keeps what arrived before the connection dropped, and resumes from there', async () => {
    const { url, id } = await createUpload(DEMO_VIDEO.length);
    const half = Math.floor(DEMO_VIDEO.length / 2);
    await patchOverSocket(url, { 'content-length': String(DEMO_VIDEO.length) }, async (request) => {
      request.write(DEMO_VIDEO.subarray(0, half));
      await eventually(() => existsSync(uploadFile(id)) && statSync(uploadFile(id)).size === half);
      request.destroy();
    });
    const head = await tus('HEAD', url, tokens.administrator);
    expect(Number(head.headers['upload-offset'])).toBe(half);
    expect(await send(url, DEMO_VIDEO.subarray(half), half)).toBe(DEMO_VIDEO.length);
    expect(readFileSync(uploadFile(id))).toEqual(DEMO_VIDEO);
  });

  it('refuses a chunked body longer than the upload with 413 and stores no byte beyond it', async () => {
    const { url, id } = await createUpload(1000);
    const response = await patchOverSocket(url, {}, async (request) => {
      request.end(Buffer.concat([DEMO_VIDEO.subarray(0, 12), Buffer.alloc(4988, 1)]));
    });
    expect(response?.statusCode).toBe(413);
    expect(statSync(uploadFile(id)).size).toBeLessThanOrEqual(1000);
  });
});

describe('an education from a finished upload', () => {
  it('moves the upload into the videos, once: a second use is refused', async () => {
    const { id } = await uploaded(DEMO_VIDEO);
    const response = await createEducation(id);
    expect(response.statusCode, response.body).toBe(201);
    const education = educationSchema.parse(response.json());
    // Queued for its transcode: no address to play yet (decision 0049).
    expect(education).toMatchObject({
      videoUrl: '',
      stream: { state: 'queued', playlistUrl: null },
    });
    expect(existsSync(uploadFile(id))).toBe(false);
    expect(existsSync(`${uploadFile(id)}.json`)).toBe(false);
    const { video_key } = await server.db
      .selectFrom('educations')
      .select('video_key')
      .where('id', '=', education.id)
      .executeTakeFirstOrThrow();
    expect(readFileSync(path.join(server.dataDir, VIDEO_FOLDER, video_key ?? ''))).toEqual(
      DEMO_VIDEO,
    );

    const again = await createEducation(id);
    expect(again.json()).toEqual({ errors: { VideoUploadId: [M.uploadAlreadyUsed] } });
  });

  it('lets exactly one of two racing creates claim an upload', async () => {
    const { id } = await uploaded(DEMO_VIDEO);
    const educations = await rowCount(server.db, 'educations');
    const answers = await Promise.all([createEducation(id), createEducation(id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const loser = answers.find((answer) => answer.statusCode === 400);
    expect(loser?.json()).toEqual({ errors: { VideoUploadId: [M.uploadAlreadyUsed] } });
    expect(await rowCount(server.db, 'educations')).toBe(educations + 1);
  });

  it('refuses an unfinished upload and one that is no video, and keeps both usable', async () => {
    const unfinished = await createUpload(DEMO_VIDEO.length);
    await send(unfinished.url, DEMO_VIDEO.subarray(0, 1000));
    expect((await createEducation(unfinished.id)).json()).toEqual({
      errors: { VideoUploadId: [M.uploadNotFinished] },
    });
    // A video container whose streams ffprobe finds no picture in (issue 27).
    const soundOnly = await uploaded(readFileSync(corpusClip('audio-only.mp4')));
    expect((await createEducation(soundOnly.id)).json()).toEqual({
      errors: { VideoUploadId: [M.videoAudioOnly('VideoUploadId')] },
    });
    const incomplete = await uploaded(mp4Of({ moov: false }));
    expect((await createEducation(incomplete.id)).json()).toEqual({
      errors: { VideoUploadId: [M.videoIncomplete('VideoUploadId')] },
    });
    expect(existsSync(uploadFile(soundOnly.id))).toBe(true);
  });

  it('ends an upload whose first PATCH does not begin like a video container, at once', async () => {
    const pdf = Buffer.from('%PDF-1.7 not a video at all, and many bytes would follow');
    const upload = await createUpload(pdf.length * 1000);
    const refused = await tus(
      'PATCH',
      upload.url,
      tokens.administrator,
      { 'upload-offset': '0' },
      pdf,
    );
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ errors: [M.uploadNotAVideo] });
    expect(existsSync(uploadFile(upload.id))).toBe(false);
    expect(
      await server.db
        .selectFrom('video_uploads')
        .select('id')
        .where('id', '=', upload.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    const head = await tus('HEAD', upload.url, tokens.administrator);
    expect(head.statusCode).toBe(404);
    // Every container of the corpus passes the same check, a QuickTime, Matroska and AVI file too.
    for (const clip of ['h264.mov', 'vp9.webm', 'mpeg4.avi'] as const) {
      await uploaded(readFileSync(corpusClip(clip)));
    }
  }, 30_000);

  it('leaves the upload in place after a refused form, for the corrected one', async () => {
    const { id } = await uploaded(DEMO_VIDEO);
    const educations = await rowCount(server.db, 'educations');
    const refused = await createEducation(id, { Title: 'ab' });
    expect(refused.statusCode).toBe(400);
    expect(await rowCount(server.db, 'educations')).toBe(educations);
    expect(readFileSync(uploadFile(id))).toEqual(DEMO_VIDEO);
    expect((await createEducation(id)).statusCode).toBe(201);
  });
});

describe('the sweeper', () => {
  it('removes unused uploads older than the expiry, files and rows, and keeps younger ones', async () => {
    const HOUR = 60 * 60 * 1000;
    /** One sweep at the server's time moved on by `hours`. */
    const sweepAfter = (hours: number) => {
      const now = () => new Date(server.clock.now().getTime() + hours * HOUR);
      return sweepExpiredUploads({
        db: server.db,
        now,
        expiryHours: 24,
        uploads: videoUploads({
          db: server.db,
          dataDir: server.dataDir,
          now,
          videoMaxBytes: VIDEO_CAP,
          expiryHours: 24,
          unfinishedMax: 5,
          disk: diskSpace({ dataDir: server.dataDir, minFreeBytes: 0 }),
          path: '/api/v1/uploads',
        }),
      });
    };
    const old = await createUpload(DEMO_VIDEO.length);
    await send(old.url, DEMO_VIDEO.subarray(0, 1000));
    const used = await uploaded(DEMO_VIDEO);
    expect((await createEducation(used.id)).statusCode).toBe(201);
    server.clock.advance(2 * HOUR);
    tokens.administrator = (await login(server.app, ADMIN)).accessToken;
    const young = await createUpload(10);

    expect(await sweepAfter(22 - 1 / 3600_000)).toBe(0);
    // These two, and those the tests above left at the same time.
    expect(await sweepAfter(22 + 1 / 3600_000)).toBeGreaterThanOrEqual(2);
    expect(existsSync(uploadFile(old.id))).toBe(false);
    expect(existsSync(`${uploadFile(old.id)}.json`)).toBe(false);
    const left = await server.db.selectFrom('video_uploads').select('id').execute();
    expect(left.map((row) => row.id)).toEqual([young.id]);
    expect((await tus('HEAD', old.url, tokens.administrator)).statusCode).toBe(404);
    // The used one's video belongs to its education now; only the row went.
    expect((await createEducation(used.id)).json()).toEqual({
      errors: { VideoUploadId: [M.uploadNotFound] },
    });
    expect(existsSync(uploadFile(young.id))).toBe(true);
  });
});

/**
 * Educations (issue 12): who sees which education in the list and the detail, the access rights,
 * and the signed video bytes (ranges, HEAD, refusals). The demo seed gives the cast: an open
 * uploaded video with a thumbnail, one for the demo user, one for the demo administrator alone
 * and one on the video-sharing site.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accessRightListSchema,
  educationListSchema,
  educationSchema,
  videoSiteVideoId,
  type Education,
} from '../../src/api/contract.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { insertEducation } from '../../server/educations/store.ts';
import { VIDEO_PIECE_BYTES } from '../../server/educations/video-body.ts';
import { videoUrls } from '../../server/educations/video-urls.ts';
import { VIDEO_FOLDER } from '../../server/educations/videos.ts';
import { insertTranscode } from '../../server/transcodes/store.ts';
import { newStreamKey } from '../../server/transcodes/streams.ts';
import { loadSecrets } from '../../server/secrets.ts';
import { createUser } from '../../server/users/store.ts';
import { ADMIN, DEMO_PASSWORD, EMPLOYEE, USER, login } from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';

const server = useServer({ seedAccounts: true, perFile: true });
const DEMO_VIDEO = readFileSync(
  new URL('../../server/seed/educations/demo-education.mp4', import.meta.url),
);
const OTHER_USER = 'druga.korisnica@example.com';
const CALLERS = ['user', 'otherUser', 'employee', 'administrator'] as const;
type Caller = (typeof CALLERS)[number];
const tokens = {} as Record<Caller, string>;
const userIds = {} as Record<Caller, number>;

const TITLES = {
  open: 'Adhezivno cementiranje keramičkih ljuskica',
  forUser: 'Planiranje implantata na CBCT snimci',
  forAdministrator: 'Interni pregled: nova linija kompozita',
  videoSite: 'Ergonomija u ordinaciji',
};
const ids = {} as Record<keyof typeof TITLES, number>;

beforeAll(async () => {
  await createUser(server.db, {
    email: OTHER_USER,
    name: 'Druga',
    surname: 'Korisnica',
    gender: 'female',
    roles: ['user'],
    passwordHash: await hashPassword(DEMO_PASSWORD),
    createdAt: new Date(),
  });
  const emails: Record<Caller, string> = {
    user: USER,
    otherUser: OTHER_USER,
    employee: EMPLOYEE,
    administrator: ADMIN,
  };
  for (const caller of CALLERS) {
    const session = await login(server.app, emails[caller]);
    tokens[caller] = session.accessToken;
    userIds[caller] = session.id;
  }
  const all = await list('administrator');
  for (const [name, title] of Object.entries(TITLES)) {
    const education = all.find((candidate) => candidate.title === title);
    if (education === undefined) throw new Error(`the seed has no education "${title}"`);
    ids[name as keyof typeof TITLES] = education.id;
  }
}, 60_000);

const get = (url: string, caller?: Caller, headers: InjectOptions['headers'] = {}) =>
  server.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(caller && { authorization: `Bearer ${tokens[caller]}` }) },
  });

async function list(caller: Caller): Promise<Education[]> {
  const response = await get('/api/v1/educations', caller);
  expect(response.statusCode, response.body).toBe(200);
  return educationListSchema.parse(response.json());
}

async function detail(caller: Caller, id: number): Promise<Education> {
  const response = await get(`/api/v1/educations/${id}`, caller);
  expect(response.statusCode, response.body).toBe(200);
  return educationSchema.parse(response.json());
}

/** The server listening on loopback, for tests that need real connections. */
async function origin(): Promise<string> {
  if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}

/** The stored key of an education's uploaded video. */
async function videoKeyOf(id: number): Promise<string> {
  const row = await server.db
    .selectFrom('educations')
    .select('video_key')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.video_key ?? '';
}

/** The signed video URL the detail gives `caller`. */
const videoUrlOf = async (caller: Caller, id: number) => (await detail(caller, id)).videoUrl;

describe('the list and the detail', () => {
  it('answers anonymous callers 401', async () => {
    for (const url of ['/api/v1/educations', `/api/v1/educations/${ids.open}`]) {
      const response = await get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errors: ['Authentication is required.'] });
    }
  });

  it('lists the open educations to everyone, the restricted ones only to their users and administrators', async () => {
    const titles = async (caller: Caller) => (await list(caller)).map((e) => e.title);
    const open = [TITLES.open, TITLES.videoSite];
    expect(await titles('user')).toEqual([TITLES.open, TITLES.forUser, TITLES.videoSite]);
    expect(await titles('otherUser')).toEqual(open);
    expect(await titles('employee')).toEqual(open);
    expect(await titles('administrator')).toEqual([
      TITLES.open,
      TITLES.forUser,
      TITLES.forAdministrator,
      TITLES.videoSite,
    ]);
  });

  it('answers a hidden education exactly like a missing one (no existence leak)', async () => {
    const missing = await get('/api/v1/educations/999999', 'otherUser');
    const hidden = await get(`/api/v1/educations/${ids.forUser}`, 'otherUser');
    const hiddenFromStaff = await get(`/api/v1/educations/${ids.forAdministrator}`, 'employee');
    expect(missing.statusCode).toBe(404);
    for (const response of [hidden, hiddenFromStaff]) {
      expect(response.statusCode).toBe(missing.statusCode);
      expect(response.body).toBe(missing.body);
    }
    expect((await detail('user', ids.forUser)).title).toBe(TITLES.forUser);
    expect((await detail('administrator', ids.forAdministrator)).title).toBe(
      TITLES.forAdministrator,
    );
  });

  it('answers the SPEC 3 shape: partner, country, thumbnail, and a video URL of the right kind', async () => {
    const open = await detail('user', ids.open);
    expect(open).toMatchObject({
      lecturer: 'dr. sc. Ivana Marić',
      dateOfRecording: '2025-03',
      country: { isoCode: 'HR' },
      subtitleLanguage: null,
      partner: { name: 'Nordentis', logoUrl: expect.stringMatching(/^\/media\/partners\//) },
    });
    expect(open.thumbnailUrl).toMatch(/^\/media\/educations\/[\w-]{22}-card\.webp$/);
    expect((await get(open.thumbnailUrl ?? '')).statusCode).toBe(200);
    expect(open.videoUrl).toMatch(
      new RegExp(
        `^/api/v1/educations/${ids.open}/video\\?video=[\\w-]{22}\\.mp4&user=${userIds.user}&expires=\\d+&signature=[\\w-]{43}$`,
      ),
    );

    const videoSite = await detail('user', ids.videoSite);
    expect(videoSiteVideoId(videoSite.videoUrl)).toBe('aqz-KE-bpKQ');
    expect(videoSite.thumbnailUrl).toBeNull();
    expect((await detail('user', ids.forUser)).subtitleLanguage).toBe('hrvatski');
  });

  it('makes video URLs that expire after the configured 4 hours', async () => {
    const url = new URL(await videoUrlOf('user', ids.open), 'http://x');
    const nowSeconds = Math.floor(server.clock.now().getTime() / 1000);
    expect(Number(url.searchParams.get('expires'))).toBe(nowSeconds + 4 * 3600);
  });
});

describe('access rights', () => {
  it('lists the users of a restricted education to administrators, none for an open one', async () => {
    const rights = async (id: number) => {
      const response = await get(`/api/v1/educations/${id}/access-rights`, 'administrator');
      expect(response.statusCode, response.body).toBe(200);
      return accessRightListSchema.parse(response.json());
    };
    expect(await rights(ids.forUser)).toEqual([{ user: { id: userIds.user } }]);
    expect(await rights(ids.forAdministrator)).toEqual([{ user: { id: userIds.administrator } }]);
    expect(await rights(ids.open)).toEqual([]);
    expect((await get('/api/v1/educations/999999/access-rights', 'administrator')).statusCode).toBe(
      404,
    );
  });

  it('refuses everyone else', async () => {
    const url = `/api/v1/educations/${ids.forUser}/access-rights`;
    expect((await get(url)).statusCode).toBe(401);
    for (const caller of ['user', 'otherUser', 'employee'] as const) {
      expect((await get(url, caller)).statusCode).toBe(403);
    }
  });
});

describe('the video bytes', () => {
  it('ships a demo video under 1 MB that can start playing before it is loaded (moov first)', () => {
    expect(DEMO_VIDEO.length).toBeLessThan(1024 * 1024);
    expect(DEMO_VIDEO.subarray(4, 8).toString()).toBe('ftyp');
    expect(DEMO_VIDEO.indexOf('moov')).toBeLessThan(DEMO_VIDEO.indexOf('mdat'));
    expect(DEMO_VIDEO.indexOf('avc1')).toBeGreaterThan(0);
    expect(DEMO_VIDEO.indexOf('mp4a')).toBeGreaterThan(0);
  });

  it('serves the whole file with Accept-Ranges, a private cache and the video type', async () => {
    const response = await get(await videoUrlOf('user', ids.open), undefined, {
      'accept-encoding': 'gzip, br',
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(DEMO_VIDEO)).toBe(true);
    expect(response.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-cache',
      'content-type': 'video/mp4',
      'content-length': String(DEMO_VIDEO.length),
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers['x-request-id']).toMatch(/\S/);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('over real connections, sends exact bytes and closes the file of every answer, abandoned ones too', async () => {
    const url = (await origin()) + (await videoUrlOf('user', ids.open));
    const videoFolder = path.join(server.dataDir, VIDEO_FOLDER);
    const videoFilesOpen = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(videoFolder);
        } catch {
          return false; // closed while listed
        }
      }).length;
    const ranged = (start: number, abandon: boolean) =>
      new Promise<Buffer>((resolve, reject) => {
        const request = http.get(url, { agent: false, headers: { range: `bytes=${start}-` } });
        request.on('response', (response) => {
          expect(response.statusCode).toBe(206);
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            if (abandon) request.destroy();
          });
          response.on('end', () => resolve(Buffer.concat(chunks)));
          response.on('error', reject);
        });
        request.on('error', () => resolve(Buffer.alloc(0)));
        request.on('close', () => resolve(Buffer.alloc(0)));
      });
    for (let round = 0; round < 20; round += 1) {
      const start = (round * 7919) % DEMO_VIDEO.length;
      expect((await ranged(start, false)).equals(DEMO_VIDEO.subarray(start))).toBe(true);
      await ranged(start, true);
    }
    await expect.poll(videoFilesOpen, { timeout: 2000 }).toBe(0);
  });

  it('answers any satisfiable range with 206 and exactly the bytes of that slice', async () => {
    const url = await videoUrlOf('user', ids.open);
    const size = DEMO_VIDEO.length;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: size - 1 }),
        fc.integer({ min: 1, max: size }),
        fc.boolean(),
        async (start, length, openEnded) => {
          const end = Math.min(start + length, size) - 1;
          const range = openEnded ? `bytes=${start}-` : `bytes=${start}-${start + length - 1}`;
          const last = openEnded ? size - 1 : end;
          const response = await get(url, undefined, { range });
          expect(response.statusCode).toBe(206);
          expect(response.headers['content-range']).toBe(`bytes ${start}-${last}/${size}`);
          expect(response.rawPayload.equals(DEMO_VIDEO.subarray(start, last + 1))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers suffix ranges with the last bytes of the file', async () => {
    const url = await videoUrlOf('user', ids.open);
    const size = DEMO_VIDEO.length;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: size + 1000 }), async (suffix) => {
        const response = await get(url, undefined, { range: `bytes=-${suffix}` });
        const first = Math.max(0, size - suffix);
        expect(response.statusCode).toBe(206);
        expect(response.headers['content-range']).toBe(`bytes ${first}-${size - 1}/${size}`);
        expect(response.rawPayload.equals(DEMO_VIDEO.subarray(first))).toBe(true);
      }),
      { numRuns: 20 },
    );
  });

  it('answers an unsatisfiable range with 416, the size and the error shape', async () => {
    const url = await videoUrlOf('user', ids.open);
    const size = DEMO_VIDEO.length;
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const response = await get(url, undefined, { range });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${size}`);
      expect(response.json()).toEqual({ errors: ['The requested range lies outside the file.'] });
    }
  });

  it('answers HEAD with the headers and no body (the SPEC 7 reachability check)', async () => {
    const url = await videoUrlOf('user', ids.open);
    const response = await server.app.inject({ method: 'HEAD', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(DEMO_VIDEO.length));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.body).toBe('');
    const ranged = await server.app.inject({
      method: 'HEAD',
      url,
      headers: { range: 'bytes=0-9' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-length']).toBe('10');
  });

  it('answers a conditional request for unchanged bytes with 304', async () => {
    const url = await videoUrlOf('user', ids.open);
    const first = await get(url);
    const etag = String(first.headers.etag);
    const again = await get(url, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it('serves a restricted video to its user and to administrators through their own URLs', async () => {
    expect((await get(await videoUrlOf('user', ids.forUser))).statusCode).toBe(200);
    expect((await get(await videoUrlOf('administrator', ids.forUser))).statusCode).toBe(200);
    expect((await get(await videoUrlOf('administrator', ids.forAdministrator))).statusCode).toBe(
      200,
    );
  });
});

describe('refused video links', () => {
  const refusal = { errors: ['The video link is invalid or has expired.'] };
  const withQuery = (url: string, change: (query: URLSearchParams) => void) => {
    const parsed = new URL(url, 'http://x');
    change(parsed.searchParams);
    return `${parsed.pathname}?${parsed.searchParams}`;
  };

  it('refuses an expired link, and accepts it up to its last second', async () => {
    const url = await videoUrlOf('user', ids.open);
    server.clock.advance(4 * 3600 * 1000 - 1000);
    try {
      expect((await get(url)).statusCode).toBe(200);
      server.clock.advance(1000);
      const response = await get(url);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refusal);
    } finally {
      server.clock.advance(-4 * 3600 * 1000);
    }
  });

  it('refuses a tampered signature, expiry, user or education', async () => {
    const url = await videoUrlOf('user', ids.forUser);
    const signature = new URL(url, 'http://x').searchParams.get('signature') ?? '';
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const openKey = await videoKeyOf(ids.open);
    const tampered = [
      withQuery(url, (query) => query.set('signature', flipped)),
      withQuery(url, (query) => query.set('expires', String(Number(query.get('expires')) + 3600))),
      withQuery(url, (query) => query.set('user', String(userIds.otherUser))),
      withQuery(url, (query) => query.set('video', openKey)),
      url.replace(`/educations/${ids.forUser}/`, `/educations/${ids.open}/`),
    ];
    for (const candidate of tampered) {
      const response = await get(candidate);
      expect(response.statusCode, candidate).toBe(403);
      expect(response.json()).toEqual(refusal);
    }
  });

  it('refuses a link made for another user of the same education (a foreign signature)', async () => {
    const userUrl = await videoUrlOf('user', ids.open);
    const otherUrl = await videoUrlOf('otherUser', ids.open);
    const otherSignature = new URL(otherUrl, 'http://x').searchParams.get('signature') ?? '';
    const foreign = withQuery(userUrl, (query) => query.set('signature', otherSignature));
    expect((await get(foreign)).statusCode).toBe(403);
  });

  it('refuses a link without its query, or with a malformed one, as a validation error', async () => {
    for (const query of ['', '?user=1&expires=1', '?user=x&expires=1&signature=abc']) {
      const response = await get(`/api/v1/educations/${ids.open}/video${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ errors: expect.any(Object) });
    }
  });

  it('refuses a still valid link once its user has lost access, and serves it again when regained', async () => {
    const url = await videoUrlOf('user', ids.forUser);
    await server.db
      .deleteFrom('education_access_rights')
      .where('education_id', '=', ids.forUser)
      .execute();
    await server.db
      .insertInto('education_access_rights')
      .values({ education_id: ids.forUser, user_id: userIds.otherUser })
      .execute();
    try {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errors: ['Education not found.'] });
      expect((await get(`/api/v1/educations/${ids.forUser}`, 'user')).statusCode).toBe(404);
    } finally {
      await server.db
        .updateTable('education_access_rights')
        .set({ user_id: userIds.user })
        .where('education_id', '=', ids.forUser)
        .execute();
    }
    expect((await get(url)).statusCode).toBe(200);
  });

  it('has no bytes for a video-site education, nor for an account that no longer exists', async () => {
    const urls = videoUrls({
      jwtSecret: loadSecrets(server.config).jwtSecret,
      lifetimeHours: 1,
      basePath: '/api/v1',
      now: server.clock.now,
    });
    const openKey = await videoKeyOf(ids.open);
    expect((await get(urls.sign(ids.open, openKey, userIds.user))).statusCode).toBe(200);
    expect((await get(urls.sign(ids.videoSite, openKey, userIds.user))).statusCode).toBe(404);
    const response = await get(urls.sign(ids.open, openKey, 999_999));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refusal);
  });
});

describe('a long video in pieces', () => {
  const PIECE = VIDEO_PIECE_BYTES;
  // Several pieces and a short last one; larger than loopback's socket buffers, so that a reader
  // that pauses holds the server back.
  const LONG_VIDEO = randomBytes(5 * PIECE + 12_345);
  const SIZE = LONG_VIDEO.length;
  let administrator: string;

  beforeAll(() => {
    administrator = tokens.administrator;
  });

  /** A restricted education of the demo user whose video is LONG_VIDEO; answers its id. */
  async function longEducation(): Promise<number> {
    const seeded = await server.db
      .selectFrom('educations')
      .select([
        'description',
        'lecturer',
        'recording_month',
        'country_iso_code',
        'subtitle_language',
        'partner_id',
        'video_site_url',
        'created_at',
      ])
      .where('id', '=', ids.open)
      .executeTakeFirstOrThrow();
    const key = `${randomBytes(16).toString('base64url')}.mp4`;
    writeFileSync(path.join(server.dataDir, VIDEO_FOLDER, key), LONG_VIDEO);
    const id = await insertEducation(
      server.db,
      {
        ...seeded,
        title: 'Dugo predavanje',
        video_key: key,
        thumbnail_key: null,
        thumbnail_card_key: null,
      },
      [userIds.user],
    );
    // Users see an uploaded video once it is playable (issue 27).
    const at = new Date();
    await insertTranscode(server.db, {
      educationId: id,
      videoKey: key,
      streamKey: newStreamKey(),
      at,
      published: [360],
    });
    return id;
  }

  const asAdministrator = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${administrator}` },
      ...(payload && { payload }),
    });

  const revokeAccess = async (id: number) => {
    const response = await asAdministrator('PUT', `/api/v1/educations/${id}/access-rights`, {
      userIds: [userIds.otherUser],
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const deleteEducation = async (id: number) => {
    const response = await asAdministrator('DELETE', `/api/v1/educations/${id}`);
    expect(response.statusCode, response.body).toBe(204);
  };

  interface Reading {
    status: number;
    contentRange: string | undefined;
    body: number;
    complete: boolean;
    /** What the server wrote to the connection once `meanwhile` had finished. */
    writtenAfterwards: number;
  }

  /**
   * Asks for `url` over a real connection, reads 1 MiB of the body, stops reading until
   * `meanwhile` has finished (the socket buffers fill, the server waits), then reads on to the
   * end or until the server cuts the answer.
   */
  async function readAcross(
    url: string,
    headers: http.OutgoingHttpHeaders,
    meanwhile: () => Promise<void>,
  ): Promise<Reading> {
    const address = (await origin()) + url;
    let serverSide: Socket | undefined;
    server.app.server.once('request', (request: http.IncomingMessage) => {
      serverSide = request.socket;
    });
    return new Promise((resolve, reject) => {
      http
        .get(address, { agent: false, headers }, (response) => {
          let body = 0;
          let writtenBefore: number | undefined;
          response.on('data', (chunk: Buffer) => {
            body += chunk.length;
            if (writtenBefore === undefined && body >= 1024 * 1024) {
              writtenBefore = -1;
              response.pause();
              meanwhile().then(() => {
                writtenBefore = serverSide?.bytesWritten ?? 0;
                response.resume();
              }, reject);
            }
          });
          response.on('error', () => undefined);
          response.on('close', () => {
            resolve({
              status: response.statusCode ?? 0,
              contentRange: response.headers['content-range'],
              body,
              complete: response.complete,
              writtenAfterwards: (serverSide?.bytesWritten ?? 0) - (writtenBefore ?? 0),
            });
          });
        })
        .on('error', reject);
    });
  }

  it('answers an open-ended range with one piece and its place in the whole; the pieces make up the file', async () => {
    const id = await longEducation();
    const url = await videoUrlOf('user', id);
    const address = (await origin()) + url;
    const pieces: Buffer[] = [];
    for (let start = 0; start < SIZE;) {
      const response = await fetch(address, { headers: { range: `bytes=${start}-` } });
      const last = Math.min(start + PIECE, SIZE) - 1;
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${last}/${SIZE}`);
      expect(response.headers.get('content-length')).toBe(String(last - start + 1));
      pieces.push(Buffer.from(await response.arrayBuffer()));
      start = last + 1;
    }
    expect(pieces).toHaveLength(Math.ceil(SIZE / PIECE));
    expect(Buffer.concat(pieces).equals(LONG_VIDEO)).toBe(true);

    const suffix = await fetch(address, { headers: { range: `bytes=-${PIECE + 10}` } });
    expect(suffix.headers.get('content-range')).toBe(
      `bytes ${SIZE - PIECE - 10}-${SIZE - 11}/${SIZE}`,
    );
    const suffixBytes = Buffer.from(await suffix.arrayBuffer());
    expect(suffixBytes.equals(LONG_VIDEO.subarray(SIZE - PIECE - 10, SIZE - 10))).toBe(true);
  }, 30_000);

  for (const [change, act] of [
    ['its access is removed', revokeAccess],
    ['the education is deleted', deleteEducation],
  ] as const) {
    it(`stops a range reader within one piece once ${change}, and refuses the next piece`, async () => {
      const id = await longEducation();
      const url = await videoUrlOf('user', id);
      const reading = await readAcross(url, { range: 'bytes=0-' }, () => act(id));
      expect(reading.writtenAfterwards).toBeLessThanOrEqual(PIECE);
      expect(reading.status).toBe(206);
      expect(reading.contentRange).toBe(`bytes 0-${PIECE - 1}/${SIZE}`);
      expect(reading.body).toBe(PIECE);
      // What a browser asks next.
      const next = await get(url, undefined, { range: `bytes=${reading.body}-` });
      expect(next.statusCode).toBe(404);
      expect(next.json()).toEqual({ errors: ['Education not found.'] });
    }, 20_000);

    it(`cuts a whole-file answer within one piece once ${change}`, async () => {
      const id = await longEducation();
      const url = await videoUrlOf('user', id);
      const reading = await readAcross(url, {}, () => act(id));
      expect(reading.writtenAfterwards).toBeLessThanOrEqual(PIECE);
      expect(reading.status).toBe(200);
      expect(reading.complete).toBe(false);
      expect(reading.body).toBeLessThan(SIZE);
      expect((await get(url)).statusCode).toBe(404);
    }, 20_000);
  }

  it('sends a whole file to the end while its reader may see it', async () => {
    const id = await longEducation();
    const url = await videoUrlOf('user', id);
    const reading = await readAcross(url, {}, () => Promise.resolve());
    expect(reading).toMatchObject({ status: 200, complete: true, body: SIZE });
  }, 20_000);
});

/**
 * Educations (issue 12): who sees which education in the list and the detail, the access rights,
 * and the signed video bytes (ranges, HEAD, refusals). The demo seed gives the cast: an open
 * uploaded video with a thumbnail, one for the demo user, one for the demo administrator alone
 * and one on the video-sharing site.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
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
import { videoUrls } from '../../server/educations/video-urls.ts';
import { VIDEO_FOLDER } from '../../server/educations/videos.ts';
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
        `^/api/v1/educations/${ids.open}/video\\?user=${userIds.user}&expires=\\d+&signature=[\\w-]{43}$`,
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
    const origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const url = origin + (await videoUrlOf('user', ids.open));
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
    const tampered = [
      withQuery(url, (query) => query.set('signature', flipped)),
      withQuery(url, (query) => query.set('expires', String(Number(query.get('expires')) + 3600))),
      withQuery(url, (query) => query.set('user', String(userIds.otherUser))),
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
    expect((await get(urls.sign(ids.open, userIds.user))).statusCode).toBe(200);
    expect((await get(urls.sign(ids.videoSite, userIds.user))).statusCode).toBe(404);
    const response = await get(urls.sign(ids.open, 999_999));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refusal);
  });
});

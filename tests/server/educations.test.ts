/**
 * Educations (issue 12): who sees which education in the list and the detail and the access
 * rights; an upload plays only as its signed HLS stream (video-transcodes.test.ts serves and
 * refuses its files), never as the original (decision 0049). The demo seed gives the cast: an open
 * uploaded video with a thumbnail, one for the demo user, one for the demo administrator alone
 * and one on the video-sharing site.
 */
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
import { createUser } from '../../server/users/store.ts';
import { ADMIN, DEMO_PASSWORD, EMPLOYEE, USER, login } from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';

const server = useServer({ seedAccounts: true, perFile: true });
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
    // An upload's one address is its stream's signed master playlist, made for the caller.
    expect(open.videoUrl).toBe(open.stream?.playlistUrl);
    expect(open.videoUrl).toMatch(
      new RegExp(
        `^/api/v1/educations/${ids.open}/stream/[\\w-]{22}/${userIds.user}/\\d+/[\\w-]{43}/master\\.m3u8$`,
      ),
    );
    expect((await get(open.videoUrl, undefined, {})).statusCode).toBe(200);

    const videoSite = await detail('user', ids.videoSite);
    expect(videoSiteVideoId(videoSite.videoUrl)).toBe('aqz-KE-bpKQ');
    expect(videoSite.thumbnailUrl).toBeNull();
    expect((await detail('user', ids.forUser)).subtitleLanguage).toBe('hrvatski');
  });

  it('makes video URLs that expire after the configured 4 hours', async () => {
    // …/stream/{key}/{user}/{expires}/{signature}/master.m3u8
    const expires = (await videoUrlOf('user', ids.open)).split('/').at(-3);
    const nowSeconds = Math.floor(server.clock.now().getTime() / 1000);
    expect(Number(expires)).toBe(nowSeconds + 4 * 3600);
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

describe('the uploaded original', () => {
  it('is never served: the address of the retired video route answers 404 to a once valid query', async () => {
    const key = await videoKeyOf(ids.open);
    const query = `video=${key}&user=${userIds.user}&expires=${2 ** 31}&signature=${'a'.repeat(43)}`;
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await server.app.inject({
        method,
        url: `/api/v1/educations/${ids.open}/video?${query}`,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

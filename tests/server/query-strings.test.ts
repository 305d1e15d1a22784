/**
 * Every route with an arbitrary query string appended (issue 25): the tus endpoint took the upload
 * id from the whole URL, so `/uploads/<own>?x=/<foreign>` acted on another administrator's upload
 * the route never checked. The property, for every route the app registers (learnt from Fastify's
 * `onRoute` hook) and the authorization matrix's sample request for it: appending query keys the
 * route does not read (`/`, `..`, encoded slashes, repeated and empty keys, another caller's
 * upload id, a trailing `/`) does not change the answer in kind. The same status class as the
 * matrix expects without them, never a 5xx, and nothing of another administrator's upload.
 *
 * One fixed hostile query per route in the normal suite (every feature at once, from the caller
 * whose request succeeds), random callers and queries besides with `FUZZ_RUNS`: `FUZZ_RUNS / 100`
 * per route (10 in `npm run test:fuzz`); `FUZZ_SEED` replays the run a failure names.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password.ts';
import { UPLOADS_FOLDER } from '../../server/uploads/video-uploads.ts';
import { createUser } from '../../server/users/store.ts';
import { DEMO_PASSWORD, login } from './support/accounts.ts';
import { PROTOTYPE_KEYS } from './support/contract-arbitraries.ts';
import { UNLIMITED_RATE_LIMITS } from './support/rate-limits.ts';
import {
  CALLERS,
  FALLBACKS,
  ROWS,
  noteAnswer,
  useRouteTable,
  withCaller,
  type Caller,
  type Row,
} from './support/route-table.ts';

/** Random queries per route, after the fixed one: none in the normal suite, which stays quick. */
const RUNS =
  process.env.FUZZ_RUNS === undefined ? 0 : Math.ceil(Number(process.env.FUZZ_RUNS) / 100);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

// Load shedding by event-loop delay is off: a newsletter preview renders on the event loop, and
// on a busy machine its lag turned the answers after it into 503s, which would hide what this
// test looks for (load shedding has tests of its own).
const table = useRouteTable({
  rateLimits: UNLIMITED_RATE_LIMITS,
  env: { PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0' },
});

/** Another administrator's unfinished upload, which no answer may show, change or remove. */
/** Begins like an MP4, as a tus upload's first PATCH must (issue 27). */
const VICTIM_BYTES = '\0\0\0\x18ftypmp42VICTIM!';
const VICTIM_LENGTH = 4099;
let victim: { id: string; url: string; token: string };

beforeAll(async () => {
  const email = 'druga.administratorica@dentalia.hr';
  await createUser(table.db, {
    email,
    name: 'Druga',
    surname: 'Administratorica',
    gender: 'female',
    roles: ['administrator'],
    passwordHash: await hashPassword(DEMO_PASSWORD),
    createdAt: new Date(),
  });
  const token = (await login(table.app, email)).accessToken;
  const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` };
  const created = await table.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...tus, 'upload-length': String(VICTIM_LENGTH) },
  });
  const url = String(created.headers.location);
  const written = await table.app.inject({
    method: 'PATCH',
    url,
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: VICTIM_BYTES,
  });
  expect(written.statusCode, written.body).toBe(204);
  victim = { id: url.split('/').pop() ?? '', url, token };
}, 60_000);

/** Pieces of a hostile query value: path syntax, its encodings, and the victim's upload. */
const fragment = (victimId: string) =>
  fc.oneof(
    fc.constantFrom(
      '/',
      '..',
      '../',
      '/..',
      '.',
      '//',
      '%2F',
      '%2f..%2f',
      '%2E%2E%2F',
      '%5C',
      ';',
      `/${victimId}`,
      `../${victimId}`,
      `%2F${victimId}`,
      `/${victimId}/`,
      `..%2F${victimId}`,
      '/api/v1/users',
    ),
    fc.stringMatching(/^[\w.~-]{0,8}$/),
  );

type Query = { pairs: [name: string, value: string | undefined][]; trailingSlash: boolean };

/** `key=value`, `key`, `=value` pairs; keys repeat and may be empty; maybe a trailing `/`. */
function appendedQuery(victimId: string): fc.Arbitrary<Query> {
  const value = fc.array(fragment(victimId), { maxLength: 3 }).map((parts) => parts.join(''));
  const key = fc.oneof(fc.constantFrom('', 'x', 'id', 'a', ...PROTOTYPE_KEYS), value);
  const pair = fc.tuple(key, fc.option(value, { nil: undefined }));
  return fc.record({
    pairs: fc.array(pair, { minLength: 1, maxLength: 5 }),
    trailingSlash: fc.boolean(),
  });
}

/**
 * The request with the query's pairs appended, but for keys the request already has: a second
 * signature or unsubscribe token is a different request, rightly answered differently.
 */
function withQuery(options: InjectOptions, query: Query): InjectOptions {
  const url = String(options.url);
  const ownKeys = new Set(new URL(url, 'http://localhost').searchParams.keys());
  const appended = query.pairs
    .filter(([name]) => !ownKeys.has(decodeOr(name)))
    .map(([name, text]) => (text === undefined ? name : `${name}=${text}`))
    .join('&');
  const separator = url.includes('?') ? '&' : '?';
  return { ...options, url: `${url}${separator}${appended}${query.trailingSlash ? '/' : ''}` };
}

/** Every feature at once: the query that reached the foreign upload, and its relatives. */
const HOSTILE = (victimId: string): Query => ({
  pairs: [
    ['x', `/${victimId}`],
    ['x', '..'],
    ['', `%2F${victimId}`],
    ['a', 'b'],
    ['c', `/../${victimId}`],
    ['__proto__', 'x'],
    [`/${victimId}`, undefined],
  ],
  trailingSlash: true,
});

function decodeOr(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The caller whose sample request succeeds, so that the handler itself sees the query. */
const succeeding = (row: Row): Caller =>
  row.expected.administrator < 300
    ? 'administrator'
    : (CALLERS.find((caller) => row.expected[caller] < 300) ?? 'administrator');

function expectSameKind(route: string, caller: Caller, row: Row, response: LightMyRequestResponse) {
  const context = `${route} as ${caller}: ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  expect(Math.floor(response.statusCode / 100), context).toBe(
    Math.floor(row.expected[caller] / 100),
  );
  const answer = `${JSON.stringify(response.headers)}${response.body}`;
  expect(answer.includes(victim.id), context).toBe(false);
  // A tus answer names no upload, only its length: the victim's is one no other upload has.
  expect(response.headers['upload-length'], context).not.toBe(String(VICTIM_LENGTH));
}

describe('an appended query string', () => {
  it('has a row for every registered route', () => {
    expect([...table.registered].filter((route) => !(route in ROWS))).toEqual([]);
  });

  it.each(Object.keys({ ...ROWS, ...FALLBACKS }))(
    'does not change what %s answers',
    async (route) => {
      const row = ROWS[route] ?? FALLBACKS[route];
      if (row === undefined) throw new Error(`no row for ${route}`);
      const property = fc.asyncProperty(
        fc.constantFrom(...CALLERS),
        appendedQuery(victim.id),
        async (caller, query) => {
          const request = withQuery(await row.request(caller), query);
          const response = await table.app.inject(withCaller(request, caller));
          noteAnswer(route, response);
          expectSameKind(route, caller, row, response);
        },
      );
      await fc.assert(property, {
        numRuns: 1 + RUNS,
        examples: [[succeeding(row), HOSTILE(victim.id)]],
        ...(SEED !== undefined && { seed: SEED }),
      });
    },
    60_000 + RUNS * 5_000,
  );

  it("leaves the other administrator's upload as it was", async () => {
    const file = path.join(table.dataDir, UPLOADS_FOLDER, victim.id);
    expect(readFileSync(file, 'utf8')).toBe(VICTIM_BYTES);
    const head = await table.app.inject({
      method: 'HEAD',
      url: victim.url,
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${victim.token}` },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(VICTIM_BYTES.length));
  });
});

import fastifyRateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../../server/db/database.ts';
import {
  databaseRateLimitStore,
  memoryCounters,
  rateLimitCounters,
  type RateLimitCounters,
} from '../../server/http/rate-limit-store.ts';
import { useTempDir } from './support/temp-dir.ts';
import { testDatabase } from './support/test-database.ts';

const tempDir = useTempDir();
const WINDOW = 60_000;
let db: Db | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

async function migratedDatabase(): Promise<Db> {
  db = openDatabase(await testDatabase(tempDir()));
  await migrateToLatest(db);
  return db;
}

function manualClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const implementations: [string, (now: () => number) => Promise<RateLimitCounters>][] = [
  ['in the database', async (now) => rateLimitCounters(await migratedDatabase(), now)],
  ['in the process', (now) => Promise.resolve(memoryCounters({ now }))],
];

describe.each(implementations)('rate-limit counters %s', (_, countersAt) => {
  it('count each key within its window and start afresh once it ended', async () => {
    const clock = manualClock();
    const counters = await countersAt(clock.now);
    expect(await counters.increment('a', WINDOW)).toEqual({ current: 1, ttl: WINDOW });
    clock.advance(1_000);
    expect(await counters.increment('a', WINDOW)).toEqual({ current: 2, ttl: WINDOW - 1_000 });
    expect(await counters.increment('b', WINDOW)).toEqual({ current: 1, ttl: WINDOW });
    clock.advance(WINDOW - 1_000);
    expect(await counters.increment('a', WINDOW)).toEqual({ current: 1, ttl: WINDOW });
    expect(await counters.increment('b', WINDOW)).toEqual({ current: 2, ttl: 1_000 });
  });

  it('read a window without counting', async () => {
    const clock = manualClock();
    const counters = await countersAt(clock.now);
    expect(await counters.read('a', WINDOW)).toEqual({ current: 0, ttl: 0 });
    await counters.increment('a', WINDOW);
    clock.advance(10);
    expect(await counters.read('a', WINDOW)).toEqual({ current: 1, ttl: WINDOW - 10 });
    expect(await counters.read('a', WINDOW)).toEqual({ current: 1, ttl: WINDOW - 10 });
    clock.advance(WINDOW);
    expect(await counters.read('a', WINDOW)).toEqual({ current: 0, ttl: 0 });
  });
});

describe('the rate-limit counters in the process', () => {
  it('forget the oldest key past their capacity', async () => {
    const counters = memoryCounters({ capacity: 2 });
    for (const key of ['a', 'b', 'c']) await counters.increment(key, WINDOW);
    expect((await counters.read('a', WINDOW)).current).toBe(0);
    expect((await counters.read('c', WINDOW)).current).toBe(1);
  });
});

describe('the rate-limit counters in the database', () => {
  it('lose no increment when many arrive at once (one statement each)', async () => {
    const database = await migratedDatabase();
    const clock = manualClock();
    // Two counters over one database: two processes' views of the same table.
    const [first, second] = [
      rateLimitCounters(database, clock.now),
      rateLimitCounters(database, clock.now),
    ];
    const counts = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        (index % 2 === 0 ? first : second).increment('shared', WINDOW),
      ),
    );
    expect(counts.map(({ current }) => current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, index) => index + 1),
    );
  });

  it('delete windows that have ended, at most once a minute', async () => {
    const database = await migratedDatabase();
    const clock = manualClock();
    const counters = rateLimitCounters(database, clock.now);
    await counters.increment('short', 1_000);
    await counters.increment('long', 10 * WINDOW);
    clock.advance(WINDOW);
    await counters.increment('other', WINDOW);
    const keys = await database.selectFrom('rate_limit_counters').select('key').execute();
    expect(keys.map(({ key }) => key).sort()).toEqual(['long', 'other']);
  });
});

describe('the database store in @fastify/rate-limit', () => {
  it('refuses the request past the limit, counted by every instance together', async () => {
    const counters = rateLimitCounters(await migratedDatabase());
    const apps = [Fastify(), Fastify()];
    for (const app of apps) {
      await app.register(fastifyRateLimit, {
        global: false,
        store: databaseRateLimitStore(counters),
      });
      app.get('/limited', { config: { rateLimit: { max: 3, timeWindow: WINDOW } } }, () => 'ok');
    }
    const statuses = [];
    for (const app of [...apps, ...apps]) {
      statuses.push((await app.inject({ url: '/limited' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    await Promise.all(apps.map((app) => app.close()));
  });
});

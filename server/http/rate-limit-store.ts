/**
 * A store for @fastify/rate-limit in the database, so that all server processes on one
 * PostgreSQL count together (issue 16): a per-process counter would multiply a limit by the
 * number of processes. One statement per request increments the key's window or starts a new
 * one, atomically: an insert that, on a conflicting key, updates the row it conflicts with.
 *
 * Plain fixed windows, as the plugin's memory store counts them without its `continueExceeding`
 * and `exponentialBackoff` options, which this project does not use.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The callback the plugin passes to `incr`: the key's count in its window and the ms left. */
type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** How often a process deletes windows that have ended (their keys start afresh anyway). */
const SWEEP_INTERVAL_MS = 60_000;

export interface RateLimitCounters {
  /** Counts one request for `key` and answers its count and window's remaining time. */
  increment(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
  /** The count and remaining time of `key`'s window, without counting. */
  read(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
}

export function rateLimitCounters(db: Db, now: () => number = Date.now): RateLimitCounters {
  let sweptAt = 0;

  async function sweep(at: number) {
    if (at - sweptAt < SWEEP_INTERVAL_MS) return;
    sweptAt = at;
    await db.deleteFrom('rate_limit_counters').where('window_ends_ms', '<=', at).execute();
  }

  return {
    async increment(key, windowMs) {
      const at = now();
      await sweep(at);
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ key, count: 1, window_ends_ms: at + windowMs })
        .onConflict((conflict) => {
          // The row as it was, qualified by its table: both databases read it so in an upsert.
          const ended = sql<boolean>`rate_limit_counters.window_ends_ms <= ${at}`;
          return conflict.column('key').doUpdateSet({
            count: sql<number>`case when ${ended} then 1 else rate_limit_counters.count + 1 end`,
            window_ends_ms: sql<number>`case when ${ended} then ${at + windowMs}
              else rate_limit_counters.window_ends_ms end`,
          });
        })
        .returning(['count', 'window_ends_ms'])
        .executeTakeFirstOrThrow();
      return { current: row.count, ttl: Number(row.window_ends_ms) - at };
    },

    async read(key) {
      const at = now();
      const row = await db
        .selectFrom('rate_limit_counters')
        .select(['count', 'window_ends_ms'])
        .where('key', '=', key)
        .where('window_ends_ms', '>', at)
        .executeTakeFirst();
      return row === undefined
        ? { current: 0, ttl: 0 }
        : { current: row.count, ttl: Number(row.window_ends_ms) - at };
    },
  };
}

/** Counters in the process, for one process (SQLite): at most `capacity` keys. */
export function memoryCounters(
  options: { now?: () => number; capacity?: number } = {},
): RateLimitCounters {
  const now = options.now ?? Date.now;
  const capacity = options.capacity ?? 5_000;
  const windows = new Map<string, { count: number; endsAt: number }>();

  function current(key: string) {
    const entry = windows.get(key);
    if (entry === undefined || entry.endsAt > now()) return entry;
    windows.delete(key);
    return undefined;
  }

  return {
    read(key) {
      const entry = current(key);
      return Promise.resolve(
        entry === undefined
          ? { current: 0, ttl: 0 }
          : { current: entry.count, ttl: entry.endsAt - now() },
      );
    },
    increment(key, windowMs) {
      let entry = current(key);
      if (entry === undefined) {
        const oldest = windows.keys().next();
        if (windows.size >= capacity && !oldest.done) windows.delete(oldest.value);
        entry = { count: 0, endsAt: now() + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return Promise.resolve({ current: entry.count, ttl: entry.endsAt - now() });
    },
  };
}

/**
 * The class the plugin's `store` option wants (it constructs it, then asks `child` for each
 * route's store): every instance counts in the same table; keys already carry their scope.
 */
export function databaseRateLimitStore(counters: RateLimitCounters) {
  return class DatabaseRateLimitStore {
    incr(key: string, answer: Answer, windowMs: number): void {
      settle(counters.increment(key, windowMs), answer);
    }

    read(key: string, answer: Answer, windowMs: number): void {
      settle(counters.read(key, windowMs), answer);
    }

    child(): DatabaseRateLimitStore {
      return this;
    }
  };
}

function settle(result: Promise<{ current: number; ttl: number }>, answer: Answer): void {
  result.then(
    (value) => answer(null, value),
    (error: unknown) => answer(error instanceof Error ? error : new Error(String(error))),
  );
}

/**
 * A limit on failures per key (a login's e-mail): once `max` failures fall in the window,
 * further attempts are refused with the 429 of the other limits. Unlike @fastify/rate-limit's
 * counters, a check reads without counting, so that successes and requests refused earlier
 * (without a solved robot check) never count against the person whose e-mail was sent.
 *
 * The counts live where the rate limits' do (`sharedCounters`): in the process on SQLite, at
 * most `capacity` keys, oldest forgotten first; in the database on PostgreSQL, so that all
 * processes count together. Keys are digests, so a key's size never depends on what a client
 * sent.
 */
import type { FastifyReply } from 'fastify';
import { DomainError, MESSAGES } from './errors.ts';
import type { RateLimitCounters } from './rate-limit-store.ts';
import { limiterKey, type RateLimit } from './rate-limits.ts';

export interface FailureLimit {
  /** Throws the 429 (with Retry-After) when `key` has used up its failures. */
  assertAllowed(key: string, reply: FastifyReply): Promise<void>;
  recordFailure(key: string): Promise<void>;
}

export function failureLimit(
  scope: string,
  limit: RateLimit,
  counters: RateLimitCounters,
): FailureLimit {
  return {
    async assertAllowed(key, reply) {
      const { current, ttl } = await counters.read(limiterKey(scope, key), limit.windowMs);
      if (current < limit.max) return;
      reply.header('retry-after', String(Math.ceil(ttl / 1000)));
      throw new DomainError(429, MESSAGES.tooManyRequests);
    },
    async recordFailure(key) {
      await counters.increment(limiterKey(scope, key), limit.windowMs);
    },
  };
}

/**
 * A limit on failures per key (a login's e-mail): once `max` failures fall in the window,
 * further attempts are refused with the 429 of the other limits. Unlike @fastify/rate-limit's
 * counters, a check reads without counting, so that successes and requests refused earlier
 * (without a solved robot check) never count against the person whose e-mail was sent.
 *
 * In the process, like the plugin's store, at most `capacity` keys, oldest forgotten first;
 * keys are digests, so a key's size never depends on what a client sent.
 */
import type { FastifyReply } from 'fastify';
import { DomainError, MESSAGES } from './errors.ts';
import { limiterKey, type RateLimit } from './rate-limits.ts';

export interface FailureLimit {
  /** Throws the 429 (with Retry-After) when `key` has used up its failures. */
  assertAllowed(key: string, reply: FastifyReply): void;
  recordFailure(key: string): void;
}

export function failureLimit(
  scope: string,
  limit: RateLimit,
  options: { now?: () => number; capacity?: number } = {},
): FailureLimit {
  const now = options.now ?? Date.now;
  const capacity = options.capacity ?? 5_000;
  const failures = new Map<string, { count: number; resetsAt: number }>();

  function current(digest: string) {
    const entry = failures.get(digest);
    if (entry === undefined || entry.resetsAt > now()) return entry;
    failures.delete(digest);
    return undefined;
  }

  return {
    assertAllowed(key, reply) {
      const entry = current(limiterKey(scope, key));
      if (entry === undefined || entry.count < limit.max) return;
      reply.header('retry-after', String(Math.ceil((entry.resetsAt - now()) / 1000)));
      throw new DomainError(429, MESSAGES.tooManyRequests);
    },
    recordFailure(key) {
      const digest = limiterKey(scope, key);
      const entry = current(digest);
      if (entry !== undefined) {
        entry.count += 1;
        return;
      }
      const oldest = failures.keys().next();
      if (failures.size >= capacity && !oldest.done) failures.delete(oldest.value);
      failures.set(digest, { count: 1, resetsAt: now() + limit.windowMs });
    },
  };
}

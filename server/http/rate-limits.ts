/**
 * Rate limits of the account routes, per client address and per e-mail address, on top of
 * @fastify/rate-limit's counters. An exceeded limit is a 429 in the domain-error shape with
 * a Retry-After header (seconds).
 *
 * On SQLite (one process) the counters live in the process (the plugin's LRU store); on
 * PostgreSQL, where several processes serve one site, in the database, so that all processes
 * count together (rate-limit-store.ts, docs/decisions/0025-shared-state-across-processes.md).
 */
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { isPostgres } from '../db/dialect.ts';
import {
  databaseRateLimitStore,
  memoryCounters,
  rateLimitCounters,
  type RateLimitCounters,
} from './rate-limit-store.ts';
import { DomainError, MESSAGES } from './errors.ts';

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  login: { perIp: RateLimit; perEmail: RateLimit };
  /** A refresh request carries no e-mail: per address only. */
  refreshToken: { perIp: RateLimit };
  passwordResetRequest: { perIp: RateLimit; perEmail: RateLimit };
  /** Per inviting address and per invited e-mail. */
  invite: { perIp: RateLimit; perEmail: RateLimit };
  /** Newsletter subscriptions: each also needs a robot check (decision 0007). */
  subscribe: { perIp: RateLimit };
  unsubscribe: { perIp: RateLimit };
  /** RFC 8058 one-click: mail providers post these from a few shared addresses. */
  oneClickUnsubscribe: { perIp: RateLimit };
  /** A newsletter's test mail to the caller: each is a real mail sent (issue 25). */
  newsletterTestMail: { perStaffMember: RateLimit };
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Generous per address (a clinic's staff share one), tight per e-mail (one person guesses
 * slowly). A password guesser gets 10 tries per account per 15 minutes.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: {
    perIp: { max: 50, windowMs: 15 * MINUTE },
    perEmail: { max: 10, windowMs: 15 * MINUTE },
  },
  refreshToken: { perIp: { max: 300, windowMs: 15 * MINUTE } },
  passwordResetRequest: {
    perIp: { max: 20, windowMs: HOUR },
    perEmail: { max: 3, windowMs: HOUR },
  },
  invite: { perIp: { max: 100, windowMs: HOUR }, perEmail: { max: 5, windowMs: HOUR } },
  subscribe: { perIp: { max: 20, windowMs: HOUR } },
  unsubscribe: { perIp: { max: 30, windowMs: 15 * MINUTE } },
  oneClickUnsubscribe: { perIp: { max: 300, windowMs: 15 * MINUTE } },
  newsletterTestMail: { perStaffMember: { max: 10, windowMs: HOUR } },
};

export async function registerRateLimiting(app: FastifyInstance, db: Db): Promise<void> {
  // Not global: only the routes that ask are limited, each with its own counters.
  await app.register(fastifyRateLimit, {
    global: false,
    ...(isPostgres(db) && { store: databaseRateLimitStore(rateLimitCounters(db)) }),
  });
}

/**
 * Counters of the limits this module's plugin does not count (failure-limits.ts): shared by
 * all processes on PostgreSQL, in the process on SQLite, like the plugin's.
 */
export function sharedCounters(db: Db): RateLimitCounters {
  return isPostgres(db) ? rateLimitCounters(db) : memoryCounters();
}

/**
 * Counts one request against `limit` under `scope` and the key `key(request)` returns: a
 * preHandler hook (after validation, so the body is known), or called by a handler once the
 * request has proven itself (a solved robot check). The store keeps a digest of the key,
 * so that its size never depends on what a client sent.
 */
export function rateLimited(
  app: FastifyInstance,
  scope: string,
  limit: RateLimit,
  key: (request: FastifyRequest) => string,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => limiterKey(scope, key(request)),
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new DomainError(429, MESSAGES.tooManyRequests);
  };
}

export const byIp = (request: FastifyRequest) => addressGroup(request.ip);

/**
 * The unit a per-address limit counts: an IPv4 address, or the /64 network of an IPv6 one,
 * since one subscriber usually gets a whole /64 and picks addresses in it at will.
 */
export function addressGroup(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!isIPv6(address)) return address;
  const hextets = expandIPv6(address);
  const mappedIPv4 = hextets.slice(0, 5).every((hextet) => hextet === 0) && hextets[5] === 0xffff;
  if (mappedIPv4) {
    const [high = 0, low = 0] = hextets.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${hextets
    .slice(0, 4)
    .map((hextet) => hextet.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` and a dotted IPv4 tail expanded. */
function expandIPv6(address: string): number[] {
  const groups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!isIPv4(group)) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const start = groups(head);
  if (tail === undefined) return start;
  const end = groups(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

export function limiterKey(scope: string, value: string): string {
  return `${scope}:${createHash('sha256').update(value).digest('base64url')}`;
}

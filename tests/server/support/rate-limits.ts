/**
 * The app's rate limits with every maximum raised out of reach: for tests that send many
 * requests per route, so that they reach the handlers rather than the 429. The limits stay on.
 */
import {
  DEFAULT_RATE_LIMITS,
  type RateLimit,
  type RateLimits,
} from '../../../server/http/rate-limits.ts';

export const UNLIMITED_RATE_LIMITS = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([route, limits]) => [
    route,
    Object.fromEntries(
      Object.entries(limits as Record<string, RateLimit>).map(([scope, limit]) => [
        scope,
        { ...limit, max: 1_000_000 },
      ]),
    ),
  ]),
) as unknown as RateLimits;

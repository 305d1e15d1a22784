/**
 * Load shedding (@fastify/under-pressure): while the event loop lags or memory runs short,
 * every request, the health check included, is answered at once with 503, Retry-After and
 * the domain-error shape, instead of queueing until clients time out. A load balancer polling
 * the health route then sends traffic to another process until this one has caught up.
 */
import { getHeapStatistics } from 'node:v8';
import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { PressureLimits } from '../config.ts';
import { DomainError, MESSAGES } from './errors.ts';

/** The checks are sampled once a second; a lag clears within a few samples. */
export const PRESSURE_RETRY_AFTER_SECONDS = 10;
/** Without a configured limit, shed before V8 runs out of heap and the process dies. */
const DEFAULT_HEAP_SHARE = 0.9;
const MIB = 1024 * 1024;
/** One warning per episode is enough: under pressure, a line per request would add to it. */
const WARNING_INTERVAL_MS = 10_000;

export async function registerLoadShedding(
  app: FastifyInstance,
  limits: PressureLimits,
  onShed: () => void,
): Promise<void> {
  const maxHeapUsedBytes =
    limits.maxHeapUsedMib === undefined
      ? Math.floor(getHeapStatistics().heap_size_limit * DEFAULT_HEAP_SHARE)
      : limits.maxHeapUsedMib * MIB;
  let lastWarning = 0;
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxHeapUsedBytes,
    maxRssBytes: limits.maxRssMib * MIB,
    pressureHandler: (request, reply, type, value) => {
      if (Date.now() - lastWarning > WARNING_INTERVAL_MS) {
        lastWarning = Date.now();
        request.log.warn({ pressure: type, value }, 'overloaded: answering 503');
      }
      onShed();
      // Sent here, the request goes no further: the remaining hooks and the route are skipped.
      void reply
        .code(503)
        .header('retry-after', String(PRESSURE_RETRY_AFTER_SECONDS))
        .send(new DomainError(503, MESSAGES.overloaded).toBody());
    },
  });
}

/**
 * `GET /metrics` in Prometheus's text format. With `METRICS_TOKEN` set, only a request bearing it
 * is answered, from anywhere. Without it, only a scraper on this machine is: the socket's peer is
 * loopback and no proxy forwarded the request (behind a reverse proxy on the same machine every
 * visitor's request arrives from loopback, with a forwarding header).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DomainError, MESSAGES } from '../http/errors.ts';
import type { Metrics } from './registry.ts';

export const METRICS_PATH = '/metrics';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

export function metricsRoutes(deps: {
  metrics: Metrics;
  token: string | undefined;
}): FastifyPluginAsync {
  const { metrics, token } = deps;
  return async (app) => {
    const route = {
      compress: false as const,
      // Answered under load shedding too: an overload is when the figures are wanted most.
      config: { pressureHandler: () => undefined },
    };
    app.get(METRICS_PATH, route, async (request, reply) => {
      if (token !== undefined) {
        if (!bearsToken(request, token)) throw new DomainError(401, MESSAGES.unauthenticated);
      } else if (!fromThisMachine(request)) {
        throw new DomainError(403, MESSAGES.forbidden);
      }
      const text = await metrics.registry.metrics();
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    });
  };
}

function bearsToken(request: FastifyRequest, token: string): boolean {
  const [scheme, value] = (request.headers.authorization ?? '').split(' ', 2);
  if (scheme?.toLowerCase() !== 'bearer' || value === undefined) return false;
  // Digests have one length, so the comparison takes the same time whatever was sent.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(value), digest(token));
}

function fromThisMachine(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopback(request.socket.remoteAddress ?? '');
}

export function isLoopback(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4.startsWith('127.') || address === '::1';
}

/**
 * The server of `npm run bench:courses`: `npm start`'s server (server/serve.ts) plus
 * `GET /api/v1/bench/courses-limit`, the ceiling the course list is measured against. The route
 * answers the bytes and headers of the list as `GET /api/v1/courses` gave them the first time it
 * was asked, from memory and with no check at all; the production server never has it.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  representationsOf,
  sendRepresentation,
  type Representations,
} from '../../server/http/representations.ts';
import { API_BASE_URL } from '../../server/site-config/routes.ts';

export const COURSES_LIMIT_PATH = `${API_BASE_URL}/bench/courses-limit`;
const JSON_TYPE = 'application/json; charset=utf-8';

/** The limit route of `app`: its list as `GET /api/v1/courses` answers on the route's first call. */
export function coursesLimitRoute(app: FastifyInstance): FastifyPluginAsync {
  return async (bench) => {
    let snapshot: Promise<{ representations: Representations }> | undefined;
    bench.get(COURSES_LIMIT_PATH, { compress: false }, async (request, reply) => {
      snapshot ??= app
        .inject({ method: 'GET', url: `${API_BASE_URL}/courses` })
        .then(async (list) => ({ representations: await representationsOf(list.rawPayload) }));
      return sendRepresentation(request, reply, await snapshot, { contentType: JSON_TYPE });
    });
  };
}

if (import.meta.main) {
  const { serve } = await import('../../server/serve.ts');
  await serve({ beforeListen: async (app) => void (await app.register(coursesLimitRoute(app))) });
}

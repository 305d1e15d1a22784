/**
 * `/educations` of SPEC 7: the list and one education for logged-in users (the visibility rule
 * decides which), the access rights for administrators, and the uploaded video's bytes behind a
 * signed URL. The bytes route has no bearer guard: a video element cannot send one, so the
 * signature is the credential and the service checks the user's access again on every request.
 * Ranges, HEAD and conditional requests are @fastify/send's (RFC 9110), not ours.
 */
import type { IncomingMessage } from 'node:http';
import send from '@fastify/send';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import {
  accessRightListSchema,
  educationListSchema,
  educationSchema,
} from '../../src/api/contract.ts';
import { authenticatedUser, type AuthGuards } from '../auth/guards.ts';
import { DomainError, MESSAGES } from '../http/errors.ts';
import type { EducationsService } from './service.ts';
import { VIDEO_SIGNATURE_LENGTH } from './video-urls.ts';
import type { VideoStore } from './videos.ts';

const educationIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

const videoQuerySchema = z.object({
  user: z.coerce.number().int().positive(),
  expires: z.coerce.number().int().nonnegative(),
  signature: z
    .string()
    .regex(new RegExp(`^[\\w-]{${VIDEO_SIGNATURE_LENGTH}}$`), 'signature is malformed.'),
});

/**
 * The browser may keep the bytes but must ask again before each use (a conditional request, a
 * 304 when unchanged), so a link stops working the moment the access does.
 */
const VIDEO_CACHE_CONTROL = 'private, no-cache';

export interface EducationsRoutesDeps {
  educations: EducationsService;
  videos: Pick<VideoStore, 'root'>;
  auth: AuthGuards;
}

export function educationsRoutes(deps: EducationsRoutesDeps): FastifyPluginAsyncZod {
  const { educations, videos, auth } = deps;
  return async (app) => {
    app.get(
      '/educations',
      { schema: { response: { 200: educationListSchema } }, onRequest: auth.requireUser },
      (request) => educations.list(authenticatedUser(request)),
    );

    app.get(
      '/educations/:id',
      {
        schema: { params: educationIdParamsSchema, response: { 200: educationSchema } },
        onRequest: auth.requireUser,
      },
      (request) => educations.get(authenticatedUser(request), request.params.id),
    );

    app.get(
      '/educations/:id/access-rights',
      {
        schema: { params: educationIdParamsSchema, response: { 200: accessRightListSchema } },
        onRequest: auth.requireRole('administrator'),
      },
      (request) => educations.accessRights(request.params.id),
    );

    // Video is compressed already; a compressed range would not be the bytes the range names.
    app.get(
      '/educations/:id/video',
      {
        schema: { params: educationIdParamsSchema, querystring: videoQuerySchema },
        compress: false,
      },
      async (request, reply) => {
        const key = await educations.videoKey(request.params.id, request.query);
        const answer = await send(request.raw, `/${key}`, {
          root: videos.root,
          cacheControl: false,
          dotfiles: 'deny',
          index: false,
          onFile: (_path, stats) => clampOversizedSuffix(request.raw, stats.size),
        });
        if (answer.type === 'file') {
          return reply
            .code(answer.statusCode)
            .headers(answer.headers)
            .header('cache-control', VIDEO_CACHE_CONTROL)
            .send(answer.stream);
        }
        if (answer.statusCode === 416) {
          return reply
            .code(416)
            .header('content-range', answer.headers['Content-Range'])
            .send({ errors: [MESSAGES.rangeNotSatisfiable] });
        }
        // The row names a file that is gone: as missing as the education.
        const cause = 'error' in answer.metadata ? answer.metadata.error : undefined;
        throw new DomainError(404, MESSAGES.educationNotFound, { cause });
      },
    );
  };
}

/**
 * RFC 9110 14.1.2: a suffix range longer than the file selects all of it, where @fastify/send
 * answers 416; the one form it gets wrong is rewritten to the range it means.
 */
function clampOversizedSuffix(request: IncomingMessage, size: number) {
  const suffix = /^bytes=-(\d+)$/.exec(request.headers.range ?? '');
  if (suffix?.[1] !== undefined && Number(suffix[1]) > size) request.headers.range = 'bytes=0-';
}

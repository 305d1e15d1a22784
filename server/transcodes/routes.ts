/**
 * The HLS stream and captions of uploaded education videos (issue 27):
 *
 * - `GET /educations/{id}/stream/{stream key}/{user}/{expires}/{signature}/{file}`: the master
 *   playlist, a rendition's playlist or segment, the poster, or `captions/{language}.vtt`. No
 *   bearer guard: a player cannot send one. The signed path is the credential (stream-urls.ts),
 *   and each request, every segment included, checks the user's access again, so a revocation
 *   stops playback within a segment. Bytes, ranges and HEAD by @fastify/send.
 * - `POST /educations/{id}/transcode/retry`: a failed transcode queued again (administrators).
 * - `PUT` and `DELETE /educations/{id}/captions/{language}`: a caption file's body is the file
 *   itself, WebVTT or SRT (administrators).
 */
import send from '@fastify/send';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { CAPTION_RULES, educationSchema } from '../../src/api/contract.ts';
import { authenticatedUser, type AuthGuards } from '../auth/guards.ts';
import type { EducationsService } from '../educations/service.ts';
import { DomainError, MESSAGES } from '../http/errors.ts';
import type { StreamsService } from './service.ts';
import { STREAM_SIGNATURE_LENGTH } from './stream-urls.ts';
import { isStreamKey, STREAM_FILE_PATTERN } from './streams.ts';

const educationIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

const streamParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  streamKey: z.string().refine(isStreamKey, 'streamKey is malformed.'),
  user: z.coerce.number().int().positive(),
  expires: z.coerce.number().int().nonnegative(),
  signature: z
    .string()
    .regex(new RegExp(`^[\\w-]{${STREAM_SIGNATURE_LENGTH}}$`), 'signature is malformed.'),
  '*': z.string(),
});

const captionParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  language: z.string().max(20),
});

const CAPTION_PATH = /^captions\/([A-Za-z0-9-]{2,20})\.vtt$/;

/** Content types a caption file may be sent as; the body is read as bytes whatever it says. */
const CAPTION_CONTENT_TYPES = [
  'text/vtt',
  'application/x-subrip',
  'text/plain',
  'application/octet-stream',
];

/**
 * A browser may keep the bytes but asks again before each use (304 when unchanged), so a link
 * stops working the moment the access does.
 */
const STREAM_CACHE_CONTROL = 'private, no-cache';

export interface StreamsRoutesDeps {
  educations: EducationsService;
  streamFiles: StreamsService;
  auth: AuthGuards;
}

export function streamsRoutes(deps: StreamsRoutesDeps): FastifyPluginAsyncZod {
  const { educations, streamFiles, auth } = deps;
  return async (app) => {
    // Caption files are read as bytes: their text is checked and converted by the service.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser(CAPTION_CONTENT_TYPES, { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    // Segments are compressed video already; a compressed range would not be the bytes it names.
    app.get(
      '/educations/:id/stream/:streamKey/:user/:expires/:signature/*',
      { schema: { params: streamParamsSchema }, compress: false },
      async (request, reply) => {
        const { id, streamKey, '*': file } = request.params;
        const caption = CAPTION_PATH.exec(file);
        if (caption === null && !STREAM_FILE_PATTERN.test(file)) {
          throw new DomainError(404, MESSAGES.educationNotFound);
        }
        await educations.checkStreamGrant(id, request.params);
        const { root, name } = await streamFiles.fileOf(
          id,
          streamKey,
          caption === null
            ? { kind: 'stream', name: file }
            : { kind: 'captions', language: caption[1] ?? '' },
        );
        const answer = await send(request.raw, `/${name}`, {
          root,
          cacheControl: false,
          dotfiles: 'deny',
          index: false,
        });
        if (answer.type === 'file') {
          return reply
            .code(answer.statusCode)
            .headers(answer.headers)
            .header('cache-control', STREAM_CACHE_CONTROL)
            .send(answer.stream);
        }
        if (answer.statusCode === 416) {
          return reply
            .code(416)
            .header('content-range', answer.headers['Content-Range'])
            .send({ errors: [MESSAGES.rangeNotSatisfiable] });
        }
        // Not made yet (a rendition still being encoded) or gone: as missing as the education.
        const cause = 'error' in answer.metadata ? answer.metadata.error : undefined;
        throw new DomainError(404, MESSAGES.educationNotFound, { cause });
      },
    );

    app.post(
      '/educations/:id/transcode/retry',
      {
        schema: { params: educationIdParamsSchema, response: { 200: educationSchema } },
        onRequest: auth.requireRole('administrator'),
      },
      async (request) => {
        await streamFiles.retry(request.params.id);
        return educations.get(authenticatedUser(request), request.params.id);
      },
    );

    app.put(
      '/educations/:id/captions/:language',
      {
        schema: { params: captionParamsSchema, response: { 200: educationSchema } },
        bodyLimit: CAPTION_RULES.maxBytes,
        onRequest: auth.requireRole('administrator'),
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw new DomainError(415, MESSAGES.captionNotText);
        await streamFiles.putCaptions(request.params.id, request.params.language, body);
        return educations.get(authenticatedUser(request), request.params.id);
      },
    );

    app.delete(
      '/educations/:id/captions/:language',
      {
        schema: { params: captionParamsSchema },
        onRequest: auth.requireRole('administrator'),
      },
      async (request, reply) => {
        await streamFiles.removeCaptions(request.params.id, request.params.language);
        return reply.code(204).send();
      },
    );
  };
}

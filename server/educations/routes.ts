/**
 * `/educations` of SPEC 7: the list and one education for logged-in users (the visibility rule
 * decides which), the access rights and every write for administrators, and the uploaded video's
 * bytes behind a signed URL. The bytes route has no bearer guard: a video element cannot send one, so the
 * signature is the credential and the service checks the user's access again on every request.
 * Ranges, HEAD and conditional requests are @fastify/send's (RFC 9110), not ours; the body goes
 * out through reused read buffers (`video-body.ts`).
 */
import { ReadStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import send from '@fastify/send';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import {
  accessRightListSchema,
  accessRightsUpdateSchema,
  createEducationResponseSchema,
  EDUCATION_RULES,
  educationListSchema,
  educationPatchSchema,
  educationSchema,
} from '../../src/api/contract.ts';
import { authenticatedUser, type AuthGuards } from '../auth/guards.ts';
import { DomainError, MESSAGES } from '../http/errors.ts';
import { acceptMergePatch, mergePatchOnly } from '../http/merge-patch.ts';
import type { Media } from '../media/service.ts';
import type { UploadSpec } from '../media/upload.ts';
import type { EducationsService } from './service.ts';
import { bodyRange, VIDEO_PIECE_BYTES, videoBodyWriter } from './video-body.ts';
import { VIDEO_SIGNATURE_LENGTH } from './video-urls.ts';
import { isVideoKey, type VideoStore } from './videos.ts';
import type { EducationWrites } from './writes.ts';

const educationIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

const videoQuerySchema = z.object({
  video: z.string().refine(isVideoKey, 'video is malformed.'),
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

/** Five texts of at most 10,000 characters, and far fewer keys: anything bigger is not ours. */
const PATCH_BODY_LIMIT = 64 * 1024;
/** A thousand user ids of up to 15 digits. */
const ACCESS_RIGHTS_BODY_LIMIT = 32 * 1024;

/** The multipart form of `POST /educations` (SPEC 7, issue 13). */
function educationUpload(videoMaxBytes: number): UploadSpec<'Video' | 'Thumbnail'> {
  return {
    files: {
      Video: { kinds: ['video'], maxBytes: videoMaxBytes },
      Thumbnail: { kinds: ['image'], maxBytes: EDUCATION_RULES.thumbnailMaxBytes },
    },
    // The texts once each, and one InitialAccessUserIds per user.
    maxTextFields: 20 + EDUCATION_RULES.accessUsersMax,
    // A description of 10,000 characters is up to 40,000 bytes of UTF-8.
    maxTextFieldBytes: 4 * EDUCATION_RULES.descriptionMaxLength + 1024,
  };
}

export interface EducationsRoutesDeps {
  educations: EducationsService;
  writes: EducationWrites;
  media: Pick<Media, 'withUpload'>;
  videos: Pick<VideoStore, 'root'>;
  auth: AuthGuards;
  videoMaxBytes: number;
}

export function educationsRoutes(deps: EducationsRoutesDeps): FastifyPluginAsyncZod {
  const { educations, writes, media, videos, auth } = deps;
  const upload = educationUpload(deps.videoMaxBytes);
  const writeVideoBody = videoBodyWriter();
  return async (app) => {
    acceptMergePatch(app, PATCH_BODY_LIMIT);

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

    app.post(
      '/educations',
      {
        schema: { response: { 201: createEducationResponseSchema } },
        onRequest: auth.requireRole('administrator'),
      },
      async (request, reply) => {
        const caller = authenticatedUser(request);
        const id = await media.withUpload(request, upload, (form, staged) =>
          writes.create(caller, form, staged),
        );
        return reply.code(201).send(await educations.get(caller, id));
      },
    );

    app.patch(
      '/educations/:id',
      {
        schema: {
          params: educationIdParamsSchema,
          body: educationPatchSchema,
          response: { 200: educationSchema },
        },
        bodyLimit: PATCH_BODY_LIMIT,
        onRequest: auth.requireRole('administrator'),
        preValidation: mergePatchOnly,
      },
      async (request) => {
        await writes.patch(request.params.id, request.body);
        return educations.get(authenticatedUser(request), request.params.id);
      },
    );

    app.put(
      '/educations/:id/access-rights',
      {
        schema: {
          params: educationIdParamsSchema,
          body: accessRightsUpdateSchema,
          response: { 200: accessRightListSchema },
        },
        bodyLimit: ACCESS_RIGHTS_BODY_LIMIT,
        onRequest: auth.requireRole('administrator'),
      },
      (request) => writes.replaceAccessRights(request.params.id, request.body.userIds),
    );

    app.delete(
      '/educations/:id',
      { schema: { params: educationIdParamsSchema }, onRequest: auth.requireRole('administrator') },
      async (request, reply) => {
        await writes.delete(request.params.id);
        return reply.code(204).send();
      },
    );

    // Video is compressed already; a compressed range would not be the bytes the range names.
    app.get(
      '/educations/:id/video',
      {
        schema: { params: educationIdParamsSchema, querystring: videoQuerySchema },
        compress: false,
      },
      async (request, reply) => {
        const { id } = request.params;
        const key = await educations.videoKey(id, request.query);
        const answer = await send(request.raw, `/${key}`, {
          root: videos.root,
          cacheControl: false,
          dotfiles: 'deny',
          index: false,
          // A long or open-ended range is answered one piece at a time, each request checked
          // again (decision 0036).
          maxContentRangeChunkSize: VIDEO_PIECE_BYTES,
          onFile: (_path, stats) => clampOversizedSuffix(request.raw, stats.size),
        });
        if (answer.type === 'file') {
          reply
            .code(answer.statusCode)
            .headers(answer.headers)
            .header('cache-control', VIDEO_CACHE_CONTROL);
          // HEAD and 304 have no body; a body is written through the pool, from the file
          // @fastify/send opened.
          if (!(answer.stream instanceof ReadStream)) return reply.send(answer.stream);
          const stillAllowed = () =>
            educations.videoKey(id, request.query).then(
              () => true,
              () => false,
            );
          await writeVideoBody(
            request,
            reply,
            answer.stream,
            bodyRange(answer.headers),
            stillAllowed,
          );
          return reply;
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

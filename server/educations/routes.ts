/**
 * `/educations` of SPEC 7: the list and one education for logged-in users (the visibility rule
 * decides which), the access rights and every write for administrators. An uploaded video plays
 * only as its HLS stream (server/transcodes/routes.ts); the original file is never served
 * (decision 0049).
 */
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
import { acceptMergePatch, mergePatchOnly } from '../http/merge-patch.ts';
import type { Media } from '../media/service.ts';
import type { UploadSpec } from '../media/upload.ts';
import type { EducationsService } from './service.ts';
import type { EducationWrites } from './writes.ts';

const educationIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

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

/** The multipart form of `PUT /educations/{id}/thumbnail` (issue 29): the image alone. */
const THUMBNAIL_UPLOAD: UploadSpec<'Thumbnail'> = {
  files: { Thumbnail: { kinds: ['image'], maxBytes: EDUCATION_RULES.thumbnailMaxBytes } },
  maxTextFields: 0,
};

export interface EducationsRoutesDeps {
  educations: EducationsService;
  writes: EducationWrites;
  media: Pick<Media, 'withUpload'>;
  auth: AuthGuards;
  videoMaxBytes: number;
}

export function educationsRoutes(deps: EducationsRoutesDeps): FastifyPluginAsyncZod {
  const { educations, writes, media, auth } = deps;
  const upload = educationUpload(deps.videoMaxBytes);
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
        await writes.patch(authenticatedUser(request), request.params.id, request.body);
        return educations.get(authenticatedUser(request), request.params.id);
      },
    );

    app.put(
      '/educations/:id/thumbnail',
      {
        schema: { params: educationIdParamsSchema, response: { 200: educationSchema } },
        onRequest: auth.requireRole('administrator'),
      },
      async (request) => {
        const { id } = request.params;
        await media.withUpload(request, THUMBNAIL_UPLOAD, (form, staged) =>
          writes.replaceThumbnail(id, form, staged),
        );
        return educations.get(authenticatedUser(request), id);
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
  };
}

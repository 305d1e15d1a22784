/**
 * `/courses` of SPEC 7: the list is public, creating and deleting are for administrators.
 * The list answers from memory with a strong ETag and `no-cache` (browsers revalidate, a
 * revalidation is a 304 without a body), compressed copies included (list-cache.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { COURSE_RULES, createCourseResponseSchema } from '../../src/api/contract.ts';
import type { AuthGuards } from '../auth/guards.ts';
import type { Media } from '../media/service.ts';
import type { UploadSpec } from '../media/upload.ts';
import { sendRepresentation } from '../http/representations.ts';
import type { CoursesService } from './service.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The multipart form of `POST /courses` (SPEC 7): its files and the limits of its fields. */
const COURSE_UPLOAD: UploadSpec<'Image' | 'Pdf'> = {
  files: {
    Image: { kinds: ['image'], maxBytes: COURSE_RULES.imageMaxBytes },
    Pdf: { kinds: ['pdf'], maxBytes: COURSE_RULES.pdfMaxBytes },
  },
  maxTextFields: 20,
  // A description of 10,000 characters is up to 40,000 bytes of UTF-8.
  maxTextFieldBytes: 4 * COURSE_RULES.descriptionMaxLength + 1024,
};

export interface CoursesRoutesDeps {
  courses: CoursesService;
  media: Pick<Media, 'withUpload'>;
  auth: AuthGuards;
}

const courseIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export function coursesRoutes(deps: CoursesRoutesDeps): FastifyPluginAsyncZod {
  const { courses, media, auth } = deps;
  return async (app) => {
    // Sent as prepared bytes: compressing per request would cost more than the whole lookup.
    app.get('/courses', { compress: false }, async (request, reply) =>
      sendRepresentation(request, reply, await courses.list.current(), { contentType: JSON_TYPE }),
    );

    app.post(
      '/courses',
      {
        schema: { response: { 201: createCourseResponseSchema } },
        onRequest: auth.requireRole('administrator'),
      },
      async (request, reply) => {
        const course = await media.withUpload(request, COURSE_UPLOAD, (upload, staged) =>
          courses.create(upload, staged),
        );
        return reply.code(201).send(course);
      },
    );

    app.delete(
      '/courses/:id',
      {
        schema: { params: courseIdParamsSchema },
        onRequest: auth.requireRole('administrator'),
      },
      async (request, reply) => {
        await courses.delete(request.params.id);
        return reply.code(204).send();
      },
    );
  };
}

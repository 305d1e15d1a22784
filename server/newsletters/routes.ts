/**
 * `/newsletters/*` (SPEC 7 and issue 14), all for employees and administrators: the product image
 * upload, creating a scheduled newsletter, reading and changing it until its sending begins, the
 * list with audience and delivery counts, cancelling, a preview and a test mail to the caller.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { NEWSLETTER_IMAGE_FIELDS } from '../../src/api/contract.ts';
import {
  createNewsletterRequestSchema,
  NEWSLETTER_RULES,
  newsletterDetailsSchema,
  newsletterIdParamsSchema,
  newsletterImageResponseSchema,
  newsletterListSchema,
  newsletterPreviewSchema,
  newsletterSummarySchema,
} from '../../src/api/contract.ts';
import { authenticatedUser, type AuthGuards } from '../auth/guards.ts';
import { rateLimited, type RateLimits } from '../http/rate-limits.ts';
import type { Media } from '../media/service.ts';
import type { UploadSpec } from '../media/upload.ts';
import { PREVIEW_SIGNATURE_LENGTH, previewDocumentPolicy } from './preview-documents.ts';
import type { NewslettersService } from './service.ts';

const previewDocumentQuerySchema = z.object({
  user: z.coerce.number().int().positive(),
  expires: z.coerce.number().int().nonnegative(),
  signature: z
    .string()
    .regex(new RegExp(`^[\\w-]{${PREVIEW_SIGNATURE_LENGTH}}$`), 'signature is malformed.'),
});

const IMAGE_UPLOAD: UploadSpec<typeof NEWSLETTER_IMAGE_FIELDS.image> = {
  files: { ProductImage: { kinds: ['image'], maxBytes: NEWSLETTER_RULES.imageMaxBytes } },
  maxTextFields: 4,
  maxTextFieldBytes: 4 * NEWSLETTER_RULES.productTitleMaxLength,
};

export interface NewslettersRoutesDeps {
  newsletters: NewslettersService;
  media: Pick<Media, 'withUpload'>;
  auth: AuthGuards;
  rateLimits: Pick<RateLimits, 'newsletterTestMail'>;
  /** Where the preview document's images come from (its policy allows only that origin). */
  config: { publicUrl: string };
}

export function newslettersRoutes(deps: NewslettersRoutesDeps): FastifyPluginAsyncZod {
  const { newsletters, media, auth, rateLimits } = deps;
  const { publicUrl } = deps.config;
  const staffOnly = auth.requireRole('employee');
  return async (app) => {
    app.post(
      '/newsletters/image',
      { schema: { response: { 201: newsletterImageResponseSchema } }, onRequest: staffOnly },
      async (request, reply) => {
        const callerId = authenticatedUser(request).userId;
        const answer = await media.withUpload(request, IMAGE_UPLOAD, (upload, staged) =>
          newsletters.uploadImage(upload, staged, callerId),
        );
        return reply.code(201).send(answer);
      },
    );

    app.post(
      '/newsletters',
      {
        schema: {
          body: createNewsletterRequestSchema,
          response: { 201: newsletterSummarySchema },
        },
        onRequest: staffOnly,
      },
      async (request, reply) => {
        const created = await newsletters.create(request.body, authenticatedUser(request).userId);
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/newsletters',
      { schema: { response: { 200: newsletterListSchema } }, onRequest: staffOnly },
      async () => newsletters.list(),
    );

    app.get(
      '/newsletters/:id',
      {
        schema: { params: newsletterIdParamsSchema, response: { 200: newsletterDetailsSchema } },
        onRequest: staffOnly,
      },
      async (request) => newsletters.details(request.params.id),
    );

    app.put(
      '/newsletters/:id',
      {
        schema: { params: newsletterIdParamsSchema, body: createNewsletterRequestSchema },
        onRequest: staffOnly,
      },
      async (request, reply) => {
        await newsletters.update(request.params.id, request.body);
        return reply.code(204).send();
      },
    );

    app.post(
      '/newsletters/:id/cancel',
      { schema: { params: newsletterIdParamsSchema }, onRequest: staffOnly },
      async (request, reply) => {
        await newsletters.cancel(request.params.id);
        return reply.code(204).send();
      },
    );

    app.get(
      '/newsletters/:id/preview',
      {
        schema: { params: newsletterIdParamsSchema, response: { 200: newsletterPreviewSchema } },
        onRequest: staffOnly,
      },
      async (request) => newsletters.preview(request.params.id, authenticatedUser(request).userId),
    );

    // The preview frame's own document: no bearer guard (a frame cannot send the token); the
    // signed URL is the credential, checked with the user's roles of now (preview-documents.ts).
    app.get(
      '/newsletters/:id/preview/document',
      { schema: { params: newsletterIdParamsSchema, querystring: previewDocumentQuerySchema } },
      async (request, reply) => {
        const html = await newsletters.previewDocument(request.params.id, request.query);
        return reply
          .header('content-security-policy', previewDocumentPolicy(publicUrl))
          .header('x-frame-options', 'SAMEORIGIN')
          .header('cache-control', 'private, no-store')
          .header('referrer-policy', 'no-referrer')
          .type('text/html; charset=utf-8')
          .send(html);
      },
    );

    app.post(
      '/newsletters/:id/test',
      {
        schema: { params: newsletterIdParamsSchema },
        onRequest: staffOnly,
        // Per staff member, whichever address they work from; counted by every process alike.
        preHandler: rateLimited(
          app,
          'newsletter-test:staff',
          rateLimits.newsletterTestMail.perStaffMember,
          (request) => String(authenticatedUser(request).userId),
        ),
      },
      async (request, reply) => {
        await newsletters.sendTest(request.params.id, authenticatedUser(request).userId);
        return reply.code(204).send();
      },
    );
  };
}

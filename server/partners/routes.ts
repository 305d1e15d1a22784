/**
 * `/partners` of SPEC 7: the list is public (partner names and logos are public, as the
 * suppliers are); creating, editing and deleting one are for employees (and administrators).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PARTNER_RULES,
  createPartnerResponseSchema,
  partnerListSchema,
  partnerSchema,
} from '../../src/api/contract.ts';
import { partnerDeleteQuerySchema, partnerIdParamsSchema } from '../../src/api/partnerWrites.ts';
import type { AuthGuards } from '../auth/guards.ts';
import type { Media } from '../media/service.ts';
import type { UploadSpec } from '../media/upload.ts';
import type { PartnersService } from './service.ts';

/**
 * The multipart form of `POST /partners` (SPEC 7) and `PUT /partners/{id}`: the logo and two short
 * text fields.
 */
const PARTNER_UPLOAD: UploadSpec<'Logo'> = {
  files: { Logo: { kinds: ['image'], maxBytes: PARTNER_RULES.logoMaxBytes } },
  maxTextFields: 10,
  // A website address of 2,048 characters is up to 8 KiB of UTF-8.
  maxTextFieldBytes: 4 * PARTNER_RULES.websiteUrlMaxLength + 1024,
};

export interface PartnersRoutesDeps {
  partners: PartnersService;
  media: Pick<Media, 'withUpload'>;
  auth: AuthGuards;
}

export function partnersRoutes(deps: PartnersRoutesDeps): FastifyPluginAsyncZod {
  const { partners, media, auth } = deps;
  return async (app) => {
    app.get('/partners', { schema: { response: { 200: partnerListSchema } } }, () =>
      partners.list(),
    );

    app.post(
      '/partners',
      {
        schema: { response: { 201: createPartnerResponseSchema } },
        onRequest: auth.requireRole('employee'),
      },
      async (request, reply) => {
        const partner = await media.withUpload(request, PARTNER_UPLOAD, (upload, staged) =>
          partners.create(upload, staged),
        );
        return reply.code(201).send(partner);
      },
    );

    // The whole partner as the form shows it; the logo only when it is replaced.
    app.put(
      '/partners/:id',
      {
        schema: { params: partnerIdParamsSchema, response: { 200: partnerSchema } },
        onRequest: auth.requireRole('employee'),
      },
      (request) =>
        media.withUpload(request, PARTNER_UPLOAD, (upload, staged) =>
          partners.update(request.params.id, upload, staged),
        ),
    );

    app.delete(
      '/partners/:id',
      {
        schema: { params: partnerIdParamsSchema, querystring: partnerDeleteQuerySchema },
        onRequest: auth.requireRole('employee'),
      },
      async (request, reply) => {
        await partners.delete(request.params.id, request.query.reassignTo);
        return reply.code(204).send();
      },
    );
  };
}

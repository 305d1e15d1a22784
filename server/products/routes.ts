/**
 * `/products` of SPEC 7. The list is open to anyone: a caller who sends a token is identified
 * (a bad or expired token is a 401, so the SPA refreshes it), and staff then see hidden products
 * too. Creating (multipart with the image), changing the two flags (merge patch only) and
 * deleting are for employees and administrators.
 */
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createProductResponseSchema,
  PRODUCT_RULES,
  productListQuerySchema,
  productPageSchema,
  productSchema,
} from '../../src/api/contract.ts';
import { productIdParamsSchema, productPatchSchema } from '../../src/api/productWrites.ts';
import { hasRole, type AuthGuards } from '../auth/guards.ts';
import { acceptMergePatch, mergePatchOnly } from '../http/merge-patch.ts';
import type { Media } from '../media/service.ts';
import type { UploadSpec } from '../media/upload.ts';
import type { ProductsService } from './service.ts';

/** The multipart form of `POST /products` (SPEC 7): its one file and the size of its texts. */
const PRODUCT_UPLOAD: UploadSpec<'Image'> = {
  files: { Image: { kinds: ['image'], maxBytes: PRODUCT_RULES.imageMaxBytes } },
  maxTextFields: 10,
  // A description of 2,000 characters is up to 8,000 bytes of UTF-8.
  maxTextFieldBytes: 4 * PRODUCT_RULES.descriptionMaxLength + 1024,
};

/** Two flags fit in far less; anything bigger is not a patch of ours. */
const PATCH_BODY_LIMIT = 1024;

export interface ProductsRoutesDeps {
  products: ProductsService;
  media: Pick<Media, 'withUpload'>;
  auth: AuthGuards;
}

export function productsRoutes(deps: ProductsRoutesDeps): FastifyPluginAsyncZod {
  const { products, media, auth } = deps;
  const identifyCallerIfAny: onRequestAsyncHookHandler = async function (request, reply) {
    if (request.headers.authorization === undefined) return;
    await auth.requireUser.call(this, request, reply);
  };
  return async (app) => {
    acceptMergePatch(app, PATCH_BODY_LIMIT);

    app.get(
      '/products',
      {
        schema: { querystring: productListQuerySchema, response: { 200: productPageSchema } },
        onRequest: identifyCallerIfAny,
      },
      async (request) => {
        const caller = request.authenticatedUser;
        return products.list(request.query, {
          includeHidden: caller !== null && hasRole(caller, 'employee'),
        });
      },
    );

    app.post(
      '/products',
      {
        schema: { response: { 201: createProductResponseSchema } },
        onRequest: auth.requireRole('employee'),
      },
      async (request, reply) => {
        const product = await media.withUpload(request, PRODUCT_UPLOAD, (upload, staged) =>
          products.create(upload, staged),
        );
        return reply.code(201).send(product);
      },
    );

    app.patch(
      '/products/:id',
      {
        schema: {
          params: productIdParamsSchema,
          body: productPatchSchema,
          response: { 200: productSchema },
        },
        bodyLimit: PATCH_BODY_LIMIT,
        onRequest: auth.requireRole('employee'),
        preValidation: mergePatchOnly,
      },
      async (request) => products.patch(request.params.id, request.body),
    );

    app.delete(
      '/products/:id',
      {
        schema: { params: productIdParamsSchema },
        onRequest: auth.requireRole('employee'),
      },
      async (request, reply) => {
        await products.delete(request.params.id);
        return reply.code(204).send();
      },
    );
  };
}

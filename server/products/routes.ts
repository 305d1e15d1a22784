/**
 * `GET /products` of SPEC 7: open to anyone. A caller who sends a token is identified (a bad
 * or expired token is a 401, so the SPA refreshes it); staff then see hidden products too.
 */
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productListQuerySchema, productPageSchema } from '../../src/api/contract.ts';
import { hasRole, type AuthGuards } from '../auth/guards.ts';
import type { ProductsService } from './service.ts';

export interface ProductsRoutesDeps {
  products: ProductsService;
  auth: AuthGuards;
}

export function productsRoutes(deps: ProductsRoutesDeps): FastifyPluginAsyncZod {
  const { products, auth } = deps;
  const identifyCallerIfAny: onRequestAsyncHookHandler = async function (request, reply) {
    if (request.headers.authorization === undefined) return;
    await auth.requireUser.call(this, request, reply);
  };
  return async (app) => {
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
  };
}

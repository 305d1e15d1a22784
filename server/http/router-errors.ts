/**
 * Errors Fastify's router raises before any hook runs (a bad percent-encoding, an over-long path
 * parameter): answered by the one error handler, with the security headers and the request id
 * every other answer carries.
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyServerOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { handleError } from './error-handler.ts';
import { REQUEST_ID_HEADER } from './logging.ts';

export function routerErrors(
  securityHeaders: FastifyHelmetOptions,
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  // The same options @fastify/helmet is given; its types name helmet's CommonJS declarations.
  const applySecurityHeaders = helmet(securityHeaders as HelmetOptions);
  return (error, request, reply) => {
    applySecurityHeaders(request.raw, reply.raw, () => {});
    reply.header(REQUEST_ID_HEADER, request.id);
    return handleError(error, request, reply);
  };
}

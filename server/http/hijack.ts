import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Takes the response over from Fastify for a handler that writes it itself, with the headers
 * Fastify's hooks and the handler have set so far (request id, security headers). Fastify still
 * logs the response and runs its onResponse hooks when it finishes.
 */
export function hijackWithHeaders(reply: FastifyReply): ServerResponse {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  return reply.raw;
}

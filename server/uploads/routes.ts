/**
 * The tus endpoint of education videos, `UPLOADS_PATH` (decision 0019): every request (creation,
 * PATCH, HEAD, DELETE, OPTIONS) first passes the administrator guard, and every request naming an
 * upload must come from the administrator who created it; tus acts on the id checked here and on
 * no other part of the URL (`bindUpload`). The bodies are not parsed by Fastify:
 * @tus/server streams them from the raw request to the file store.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticatedUser, type AuthGuards } from '../auth/guards.ts';
import { DomainError, MESSAGES } from '../http/errors.ts';
import { hijackWithHeaders } from '../http/hijack.ts';
import type { VideoUploads } from './video-uploads.ts';

/** tus ids are 32 hex characters (`Uid.rand`); anything else is no upload of ours. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

export interface UploadsRoutesDeps {
  uploads: VideoUploads;
  auth: AuthGuards;
  videoMaxBytes: number;
}

export function uploadsRoutes(deps: UploadsRoutesDeps): FastifyPluginAsyncZod {
  const { uploads, auth, videoMaxBytes } = deps;
  const tooLarge = () => new DomainError(413, MESSAGES.fileTooLarge('Video', videoMaxBytes));

  /** Hands the request to tus with the headers Fastify's hooks set so far (request id, security). */
  async function handOver(request: FastifyRequest, reply: FastifyReply) {
    hijackWithHeaders(reply).setHeader('cache-control', 'no-store');
    await uploads.handle(request.raw, reply.raw);
  }

  return async (app) => {
    // The bytes stay in the request stream for tus.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
      done(null),
    );

    app.route({
      method: ['POST', 'OPTIONS'],
      url: '/uploads',
      onRequest: auth.requireRole('administrator'),
      handler: async (request, reply) => {
        if (request.method === 'POST') {
          // Creation with data would fail after the upload exists (a body longer than its
          // length): the bytes come by PATCH, as tus-js-client sends them by default.
          if (request.headers['content-type'] !== undefined || hasBody(request)) {
            throw new DomainError(400, MESSAGES.uploadCreationWithData);
          }
          const length = request.headers['upload-length'];
          if (
            typeof length === 'string' &&
            /^\d+$/.test(length) &&
            Number(length) > videoMaxBytes
          ) {
            throw tooLarge();
          }
          uploads.bindCreator(request.raw, authenticatedUser(request).userId);
        }
        await handOver(request, reply);
      },
    });

    app.route({
      method: ['PATCH', 'HEAD', 'DELETE', 'OPTIONS'],
      url: '/uploads/:id',
      onRequest: auth.requireRole('administrator'),
      handler: async (request, reply) => {
        const { id } = request.params as { id: string };
        const caller = authenticatedUser(request);
        if (!UPLOAD_ID.test(id) || !(await uploads.mayContinue(id, caller.userId))) {
          throw new DomainError(404, MESSAGES.uploadNotFound);
        }
        uploads.bindUpload(request.raw, id);
        await handOver(request, reply);
      },
    });
  };
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

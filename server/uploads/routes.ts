/**
 * The tus endpoint of education videos, `UPLOADS_PATH` (decision 0019): every request (creation,
 * PATCH, HEAD, DELETE, OPTIONS) first passes the administrator guard, and every request naming an
 * upload must come from the administrator who created it; tus acts on the id checked here and on
 * no other part of the URL (`bindUpload`). The bodies are not parsed by Fastify:
 * @tus/server streams them from the raw request to the file store.
 */
import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticatedUser, type AuthGuards } from '../auth/guards.ts';
import { DomainError, MESSAGES } from '../http/errors.ts';
import { hijackWithHeaders } from '../http/hijack.ts';
import { CONTAINER_SIGNATURE_BYTES, videoContainerOf } from '../media/video-format.ts';
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
        // The bytes of a first PATCH must begin like a video container (issue 27): anything else
        // ends the upload at once, not after gigabytes.
        if (request.method === 'PATCH' && request.headers['upload-offset'] === '0') {
          const head = await peek(request.raw, CONTAINER_SIGNATURE_BYTES);
          if (videoContainerOf(head) === undefined) {
            await uploads.discard(id);
            throw new DomainError(415, MESSAGES.uploadNotAVideo);
          }
        }
        uploads.bindUpload(request.raw, id);
        await handOver(request, reply);
      },
    });
  };
}

/**
 * The first `bytes` of a request body (fewer when it is shorter), put back so that whoever reads
 * the body next reads it whole.
 */
async function peek(stream: IncomingMessage, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes && !stream.readableEnded) {
    const chunk = stream.read() as Buffer | null;
    if (chunk !== null) {
      chunks.push(chunk);
      length += chunk.length;
      continue;
    }
    const waiting = new AbortController();
    await Promise.race([
      once(stream, 'readable', { signal: waiting.signal }),
      once(stream, 'end', { signal: waiting.signal }),
    ]).finally(() => waiting.abort());
  }
  const head = Buffer.concat(chunks);
  if (head.length > 0) stream.unshift(head);
  return head;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

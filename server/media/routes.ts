/**
 * Serving stored media at `/media/<collection>/<file>`: names are random and a file never
 * changes, so browsers and CDNs keep it for a year without asking again. Range requests work
 * (PDF viewers use them). Anything that is not a well-formed media key, or not stored, is a
 * plain JSON 404 of this prefix, never the SPA's index page. `nosniff` and the CSP come from
 * helmet for every answer; PDFs open in the browser (`inline`) rather than downloading.
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { handleNotFound } from '../http/error-handler.ts';
import type { Media } from './service.ts';
import { isMediaKey, NEWSLETTER_MEDIA_COLLECTION } from './store.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Register with `{ prefix: MEDIA_URL_PREFIX }`. */
export function mediaRoutes(media: Media): FastifyPluginAsync {
  const newsletterMediaFolder = path.join(media.root, NEWSLETTER_MEDIA_COLLECTION) + path.sep;
  return async (app) => {
    app.setNotFoundHandler(handleNotFound);
    await app.register(fastifyStatic, {
      root: media.root,
      prefix: '/',
      // Files appear at run time: one wildcard route rather than a route per file at start.
      wildcard: true,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      allowedPath: (pathName) => isMediaKey(pathName.replace(/^\//, '')),
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', IMMUTABLE);
        if (file.endsWith('.pdf')) reply.header('content-disposition', 'inline');
        // Mail images are shown by webmail pages of other origins; helmet's same-origin blocks them.
        if (file.startsWith(newsletterMediaFolder)) {
          reply.header('cross-origin-resource-policy', 'cross-origin');
        }
      },
    });
  };
}

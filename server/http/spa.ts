/**
 * The built SPA (production): Vite's content-hashed files under /assets never change, so
 * browsers keep them for a year; index.html names the current hashes, so it is revalidated
 * on every visit. Any other page address is a client-side route: it gets its page as the
 * server renders it (pages.ts) when the build has the server-render bundle, else index.html.
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '../../src/routes.ts';
import { handleNotFound } from './error-handler.ts';
import { gateFormRoute } from './gate-form.ts';
import type { Pages } from './pages.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export async function serveSpa(app: FastifyInstance, spaDir: string, pages?: Pages): Promise<void> {
  const assetsDir = path.join(spaDir, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: spaDir,
    // Routes for the files present at start, so an unknown path costs no disk lookup.
    wildcard: false,
    // The build's .br and .gz siblings (scripts/precompress.ts) are sent for their file.
    preCompressed: true,
    // With server-rendered pages, index.html is their template, never an answer of its own.
    index: pages ? false : undefined,
    globIgnore: ['**/*.br', '**/*.gz', ...(pages ? ['index.html'] : [])],
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
  // The gate's HTML comes from the server: so does the answer to its form.
  if (pages) await gateFormRoute(app, pages.gateForm);
  app.setNotFoundHandler((request, reply) => {
    if (!isPageNavigation(request)) return handleNotFound(request, reply);
    if (pages) return pages.answer(request, reply);
    return reply.header('cache-control', REVALIDATE).sendFile('index.html');
  });
}

/** Pages whose last segment may look like a file name: the e-mail of SPEC 2's unsubscribe link. */
const PAGES_ENDING_LIKE_FILES = new RegExp(`^${routes.unsubscribe.base}/[^/]+/[^/]+$`);

/**
 * A request for a page: not the API, not a missing asset or file (a last segment with an
 * extension), from a client that takes HTML (browsers, but also link checkers sending *\/*).
 */
function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?', 1)[0] ?? '';
  if (/^\/(api|assets)(\/|$)/.test(pathname)) return false;
  if (/\.[a-z0-9]+$/i.test(pathname) && !PAGES_ENDING_LIKE_FILES.test(pathname)) return false;
  const accept = request.headers.accept ?? '*/*';
  return accept.includes('text/html') || accept.includes('*/*');
}

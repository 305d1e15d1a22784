/**
 * The server's render of a page (docs/decisions/0021): the same App the browser runs, on the
 * request's path and cookies, with every machine at its initial snapshot (or, for the courses
 * list, at the snapshot of the list the server read). Built by `vite build --ssr` into
 * dist-ssr/ and imported by the server (server/http/pages.ts); the browser then hydrates it.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { createApi } from './api/api.ts';
import { createApiClient } from './api/client.ts';
import type { SiteConfig } from './api/contract.ts';
import { App } from './app/App.tsx';
import type { Effects } from './app/effects.tsx';
import type { PageData } from './app/pageBootstrap.ts';
import { routes } from './routes.ts';

import { CONSENT_COOKIES } from './machines/accessGate.machine.ts';

export { CONSENT_COOKIES, hasGateConsent } from './machines/accessGate.machine.ts';
export { SHOW_ABROAD_COOKIE } from './machines/coursesList.machine.ts';
export { isPolicyPath } from './app/SiteRoutes.tsx';
export { PAGE_BOOTSTRAP_ID, serializeBootstrap } from './app/pageBootstrap.ts';

/** The cookies of a visitor who accepted the gate, as the gate machine writes them. */
export const ACCEPTED_GATE_COOKIES: Readonly<Record<string, string>> = Object.fromEntries(
  CONSENT_COOKIES.map((cookie) => [cookie.name, cookie.value]),
);

/** A page the server renders rather than leaving it to the browser. */
export interface ServerPage {
  /**
   * The modules of its lazy code (Vite manifest keys): their CSS goes inline into the page and
   * their scripts load beside the app's, so that hydration waits for nothing.
   */
  modules: readonly string[];
  /** Rendered from the current courses list for each request (else once, at start). */
  perRequest?: 'courses';
}

/** The gate's lazy code, which its HTML needs as a page's does (ServerPage.modules). */
export const GATE_MODULES: readonly string[] = ['src/views/AccessGate.tsx'];

/** SPEC 2's public pages; the login-only and admin pages stay rendered in the browser. */
export const SERVER_PAGES: Readonly<Record<string, ServerPage>> = {
  [routes.home.pattern]: { modules: [] },
  [routes.about.pattern]: { modules: ['src/app/AboutContainer.tsx'] },
  [routes.catalogues.pattern]: { modules: ['src/app/CataloguesContainer.tsx'] },
  [routes.courses.pattern]: { modules: ['src/app/CoursesContainer.tsx'], perRequest: 'courses' },
  [routes.gallery.pattern]: { modules: ['src/app/GalleryContainer.tsx'] },
  [routes.privacyPolicy.pattern]: { modules: ['src/views/policies/PrivacyPolicy.tsx'] },
  [routes.dataProcessing.pattern]: { modules: ['src/views/policies/DataProcessing.tsx'] },
  [routes.cookiePolicy.pattern]: { modules: ['src/views/policies/CookiePolicy.tsx'] },
};

export interface PageRenderRequest {
  /** The path without its query. */
  path: string;
  /** The query without its `?`. */
  search: string;
  config: SiteConfig;
  /** The request's cookies by name. */
  cookies: Readonly<Record<string, string>>;
  pageData: PageData;
}

/** A render only reads: any effect it tried would be a bug of this render, so it fails loudly. */
function refuse(what: string): never {
  throw new Error(`The server render cannot ${what}`);
}

function serverEffects(request: PageRenderRequest): Effects {
  return {
    api: createApi(
      createApiClient({
        baseURL: request.config.apiBaseUrl,
        session: {
          getTokens: () => null,
          onTokensRefreshed: () => refuse('refresh tokens'),
          onAuthExpired: () => refuse('end a session'),
        },
        fetch: () => refuse('call the API'),
      }),
    ),
    cookies: {
      get: (name) => request.cookies[name],
      set: () => refuse('set a cookie'),
    },
    now: () => new Date(),
    notify: {
      success: () => refuse('show a toast'),
      info: () => refuse('show a toast'),
      warning: () => refuse('show a toast'),
      error: () => refuse('show a toast'),
      dismiss: () => refuse('dismiss a toast'),
    },
    logError: (message, error) => console.error(message, error),
    // Sessions live in the browser's storage: the server renders every page as for a visitor.
    sessionStore: {
      read: () => null,
      save: () => refuse('store a session'),
      saveTokens: () => refuse('store a session'),
      clear: () => refuse('clear a session'),
    },
    secureContext: request.config.publicUrl.startsWith('https:'),
  };
}

/** The HTML of #root for the request, every lazy part of the page included. */
export async function renderPage(request: PageRenderRequest): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={request.path} ssrSearch={request.search}>
        <App
          config={request.config}
          pageData={request.pageData}
          serverEffects={serverEffects(request)}
        />
      </Router>
    </StrictMode>,
    // Every part of the page in place, in order: React would otherwise send a large part after
    // its fallback, with an inline script (which the CSP refuses) to swap it in.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

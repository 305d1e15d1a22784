/**
 * What the server hands the SPA inside a page's HTML (docs/decisions/0021): the site
 * configuration, whether #root holds server-rendered markup to hydrate, and the data that
 * markup was rendered from (the courses list of /tecajevi), so that the first client render
 * starts from the very snapshot the server rendered.
 */
import { createContext, useContext } from 'react';
import type { Course, SiteConfig } from '../api/contract.ts';

export const PAGE_BOOTSTRAP_ID = 'page-bootstrap';

export interface PageData {
  /** GET /courses as the server read it (the courses page). */
  courses?: Course[];
  /** The year the page was rendered in, which its footer shows (src/app/useFooterYear.ts). */
  renderYear?: number;
}

export interface PageBootstrap {
  config: SiteConfig;
  /** #root holds the page as the server rendered it: hydrate it instead of rendering anew. */
  hydrate: boolean;
  /** The data of the server-rendered page, for the first render of its container only. */
  pageData: PageData;
}

/** JSON safe inside a <script> element: no `</script>` or `<!--` can end or bend it. */
export function serializeBootstrap(bootstrap: PageBootstrap): string {
  return JSON.stringify(bootstrap).replace(/</g, '\\u003c');
}

/**
 * The bootstrap the server embedded in the page, or null (a build served without it: Vite dev).
 * It is part of the very document that loads the app, written from values the server checked
 * against the contract (the configuration, the stored courses): no schema stands between them,
 * which keeps zod out of a first visit's code (docs/decisions/0021).
 */
export function readPageBootstrap(document: Document): PageBootstrap | null {
  const element = document.getElementById(PAGE_BOOTSTRAP_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as PageBootstrap;
}

/** The first page's data while the visitor is still on the page it was rendered for. */
export const PageDataContext = createContext<PageData>({});

export function usePageData(): PageData {
  return useContext(PageDataContext);
}

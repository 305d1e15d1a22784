import { useEffect, useLayoutEffect } from 'react';
import { documentHead, documentTitle } from '../routes.ts';

/**
 * The document's title and description follow the page (WCAG 2.4.2), from the route table: the
 * server writes them into the HTML it sends (server/http/pages.ts), these keep them right after a
 * navigation in the browser.
 */
export function applyDocumentHead(
  document: Document,
  head: { title: string; description?: string },
): void {
  document.title = head.title;
  if (head.description === undefined) return;
  document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
}

/**
 * The page's head by its path. A layout effect: every layout effect runs before any passive one,
 * so a page naming itself more precisely (useOwnPageTitle, a passive effect) has the last word.
 */
export function useRouteHead(path: string, brand: string): void {
  useLayoutEffect(() => applyDocumentHead(document, documentHead(path, brand)), [path, brand]);
}

/** A page that names itself by what it shows (the viewer by its education's title), once known. */
export function useOwnPageTitle(pageTitle: string | undefined, brand: string, path: string): void {
  useEffect(() => {
    if (pageTitle !== undefined) document.title = documentTitle(pageTitle, brand);
  }, [pageTitle, brand, path]);
}

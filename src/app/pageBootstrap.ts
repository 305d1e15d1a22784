/**
 * What the server hands the SPA inside a page's HTML (docs/decisions/0021): the site
 * configuration, whether #root holds server-rendered markup to hydrate, and the data that
 * markup was rendered from (the courses list of /tecajevi), so that the first client render
 * starts from the very snapshot the server rendered.
 */
import { createContext, useContext } from 'react';
import * as z from 'zod/mini';
import { courseListSchema, siteConfigSchema } from '../api/contract.ts';

export const PAGE_BOOTSTRAP_ID = 'page-bootstrap';

export const pageBootstrapSchema = z.object({
  config: siteConfigSchema,
  /** #root holds the page as the server rendered it: hydrate it instead of rendering anew. */
  hydrate: z.boolean(),
  /** The data of the server-rendered page, for the first render of its container only. */
  pageData: z.object({ courses: z.optional(courseListSchema) }),
});
export type PageBootstrap = z.infer<typeof pageBootstrapSchema>;
export type PageData = PageBootstrap['pageData'];

/** JSON safe inside a <script> element: no `</script>` or `<!--` can end or bend it. */
export function serializeBootstrap(bootstrap: PageBootstrap): string {
  return JSON.stringify(bootstrap).replace(/</g, '\\u003c');
}

/** The bootstrap the server embedded in the page, or null (a build served without it: Vite dev). */
export function readPageBootstrap(document: Document): PageBootstrap | null {
  const element = document.getElementById(PAGE_BOOTSTRAP_ID);
  if (!element?.textContent) return null;
  return pageBootstrapSchema.parse(JSON.parse(element.textContent));
}

/** The first page's data while the visitor is still on the page it was rendered for. */
export const PageDataContext = createContext<PageData>({});

export function usePageData(): PageData {
  return useContext(PageDataContext);
}

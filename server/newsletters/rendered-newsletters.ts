/**
 * Each newsletter version rendered once per process (issue 25): previews, test mails and the
 * dispatcher's sending share the result until the newsletter changes. A version is a digest of
 * everything the mail shows, read from the database on every use, so a change made by any
 * process (another server on the same PostgreSQL, a renamed campaign) is a new version here at
 * once, and no stored counter has to be kept in step by every writer
 * (docs/decisions/0035-newsletter-render-pool.md).
 */
import { createHash } from 'node:crypto';
import type { MailContext } from '../campaigns/mail.ts';
import { renderNewsletter, type NewsletterMailContent, type RenderedNewsletter } from './mail.ts';
import type { MjmlCompiler } from './mjml-pool.ts';

export interface RenderedNewsletters {
  /** The mail of `content`, rendered on the first call for this version and kept. */
  render(content: NewsletterMailContent): Promise<RenderedNewsletter>;
}

/**
 * Newsletters kept, the latest version of each, least recently used dropped first. A newsletter
 * of 20 products renders to about 80 KiB of HTML, the largest the rules allow to under 200 KiB.
 */
export const RENDERED_NEWSLETTERS_KEPT = 20;

export function renderedNewsletters(
  context: MailContext,
  compiler: Pick<MjmlCompiler, 'compile'>,
  capacity = RENDERED_NEWSLETTERS_KEPT,
): RenderedNewsletters {
  // In the order of use, most recent last; the promise is kept, so concurrent callers of one
  // version wait for the same render.
  const kept = new Map<number, { version: string; rendered: Promise<RenderedNewsletter> }>();
  return {
    render(content) {
      const version = versionOf(content);
      const entry = kept.get(content.id);
      kept.delete(content.id);
      if (entry?.version === version) {
        kept.set(content.id, entry);
        return entry.rendered;
      }
      const fresh = { version, rendered: renderNewsletter(context, content, compiler) };
      kept.set(content.id, fresh);
      // A failed render is not kept: the next caller tries again.
      fresh.rendered.catch(() => {
        if (kept.get(content.id) === fresh) kept.delete(content.id);
      });
      for (const id of kept.keys()) {
        if (kept.size <= capacity) break;
        kept.delete(id);
      }
      return fresh.rendered;
    },
  };
}

function versionOf(content: NewsletterMailContent): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}

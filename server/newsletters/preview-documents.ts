/**
 * The preview's own document (issue 28, docs/decisions/0051): the exact HTML the dispatcher sends
 * for a newsletter version, served at its own URL with its own Content-Security-Policy, so the
 * mail's inline styles apply while nothing in it can run. A document in `srcdoc` (as before)
 * inherits the staff page's policy, which refuses every inline style (76 errors per opening).
 *
 * A frame cannot send the bearer token, so the URL carries who it was made for, as the signed
 * video URLs do (decision 0018): `<base>/newsletters/{id}/preview/document?user=..&expires=..&
 * signature=..`, an HMAC-SHA256 of the newsletter, the user and the expiry under a key derived
 * from the JWT secret for this one purpose. The route checks that the user is still staff.
 */
import { createHmac, createSecretKey, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.ts';

export interface PreviewDocumentQuery {
  user: number;
  expires: number;
  signature: string;
}

export type PreviewDocumentCheck = 'valid' | 'expired' | 'invalid';

export interface PreviewDocuments {
  /** The signed URL of newsletter `id`'s preview document for one staff member. */
  sign(newsletterId: number, userId: number): string;
  check(newsletterId: number, query: PreviewDocumentQuery): PreviewDocumentCheck;
}

/** Long enough to read a preview and reopen it; a leaked link is dead soon after. */
const LIFETIME_SECONDS = 15 * 60;
const KEY_PURPOSE = 'newsletter preview document v1';
/** HMAC-SHA256 in base64url. */
export const PREVIEW_SIGNATURE_LENGTH = 43;

export function previewDocuments(options: {
  jwtSecret: string;
  /** The API's path prefix (`/api/v1`). */
  basePath: string;
  now: Clock;
}): PreviewDocuments {
  const key = createSecretKey(
    Buffer.from(hkdfSync('sha256', options.jwtSecret, '', KEY_PURPOSE, 32)),
  );
  const signature = (newsletterId: number, userId: number, expires: number) =>
    createHmac('sha256', key).update(`${newsletterId}.${userId}.${expires}`).digest('base64url');
  const nowSeconds = () => Math.floor(options.now().getTime() / 1000);
  return {
    sign(newsletterId, userId) {
      const expires = nowSeconds() + LIFETIME_SECONDS;
      const query = new URLSearchParams({
        user: String(userId),
        expires: String(expires),
        signature: signature(newsletterId, userId, expires),
      });
      return `${options.basePath}/newsletters/${newsletterId}/preview/document?${query}`;
    },
    check(newsletterId, query) {
      const given = Buffer.from(query.signature);
      const expected = Buffer.from(signature(newsletterId, query.user, query.expires));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return query.expires > nowSeconds() ? 'valid' : 'expired';
    },
  };
}

/**
 * The preview document's own policy: the mail's inline styles and its images from our own site
 * (`publicUrl`), nothing executable, no form, no plugin, no navigation of the staff page
 * (`sandbox` without any allowance, as the frame's own attribute), framed only by our own pages.
 */
export function previewDocumentPolicy(publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `img-src ${origin} data:`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
    'sandbox',
  ].join('; ');
}

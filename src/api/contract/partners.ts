/**
 * Partners (SPEC 3 "Partner"; SPEC 5 "Partner"; SPEC 7 `/partners`).
 */
import * as z from 'zod/mini';
import { FIELD_MAX_LENGTHS } from './common.ts';
import { COURSE_RULES } from './courses.ts';

/**
 * One partner of GET /partners. `logoUrl` is a WebP of at most 600 px width the browser loads
 * as it is (`/media/partners/...`); `websiteUrl` is an http:// or https:// address.
 */
export const partnerSchema = z.object({
  id: z.number(),
  name: z.string(),
  logoUrl: z.string(),
  websiteUrl: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;
/** GET /partners: newest first. */
export const partnerListSchema = z.array(partnerSchema);
/** POST /partners answers 201 with the stored partner. */
export const createPartnerResponseSchema = partnerSchema;

/** The multipart field names of POST /partners (SPEC 7): two text fields and the logo file. */
export const PARTNER_FIELDS = { name: 'Name', websiteUrl: 'WebsiteUrl', logo: 'Logo' } as const;

/** SPEC 5 "Partner": the rules of the partner form, enforced by the SPA and again by the server. */
export const PARTNER_RULES = {
  nameMaxLength: FIELD_MAX_LENGTHS.name,
  /** Longer addresses are refused by common browsers and servers alike. */
  websiteUrlMaxLength: 2048,
  logoMaxBytes: 5 * 1024 * 1024,
  /** `accept` of the file input. SVG is never accepted. */
  logoAccept: COURSE_RULES.imageAccept,
} as const;

/**
 * SPEC 5: a partner's website starts with http:// or https://; it must also be an address a
 * browser can open (a host after the scheme, no spaces).
 */
export function isPartnerWebsiteUrl(text: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

/** SPEC 5: the website's scheme, whatever else is wrong with it. */
export const hasWebsiteScheme = (text: string) => /^https?:\/\//i.test(text);

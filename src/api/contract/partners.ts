/**
 * Partners (SPEC 3 "Partner"; SPEC 5 "Partner"; SPEC 7 `/partners`).
 */
import * as z from 'zod/mini';
import { SERVER_MESSAGES } from '../serverMessages.ts';
import { freeText } from '../text.ts';
import { FIELD_MAX_LENGTHS } from './common.ts';
import { COURSE_RULES } from './courses.ts';
import { requiredFile, trimmedText } from './form.ts';

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
/** POST /partners answers 201 with the stored partner, PUT /partners/{id} 200 with the changed one. */
export const createPartnerResponseSchema = partnerSchema;

/**
 * The multipart field names of POST /partners (SPEC 7): two text fields and the logo file; PUT
 * /partners/{id} takes the same, the logo only when it changes.
 */
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

const F = PARTNER_FIELDS;

/**
 * SPEC 5 "Partner": the text fields of the partner form as sent, one rule per message, checked by
 * the SPA (partnerForm.rules.ts) and by the server (server/partners/validation.ts). An edit
 * (PUT /partners/{id}) sends these and a logo only when it is replaced.
 */
export const partnerTextsSchema = z.object({
  [F.name]: freeText(F.name, { required: true, maxLength: PARTNER_RULES.nameMaxLength }),
  [F.websiteUrl]: trimmedText(F.websiteUrl).check(
    z.minLength(1, { error: SERVER_MESSAGES.required(F.websiteUrl), abort: true }),
    z.maxLength(PARTNER_RULES.websiteUrlMaxLength, {
      error: SERVER_MESSAGES.tooLong(F.websiteUrl, PARTNER_RULES.websiteUrlMaxLength),
      abort: true,
    }),
    z.refine(hasWebsiteScheme, { error: SERVER_MESSAGES.websiteUrlScheme, abort: true }),
    z.refine(isPartnerWebsiteUrl, { error: SERVER_MESSAGES.websiteUrlInvalid }),
  ),
});

/**
 * SPEC 5 "Partner": the new partner's form, the texts and the logo. `Logo` is the file or, on the
 * server, the upload's own refusal of it (which the server reports instead): its type and size are
 * judged by the browser from the File and by the server from the bytes.
 */
export const partnerFormSchema = z.extend(partnerTextsSchema, {
  [F.logo]: requiredFile(SERVER_MESSAGES.required(F.logo)),
});

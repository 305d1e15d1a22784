/**
 * The rules of the partner form (SPEC 5 "Partner"), checked again on the server with the shared
 * limits of the contract. Every broken rule is reported at once, per field, named as in the
 * request.
 */
import {
  PARTNER_FIELDS as F,
  PARTNER_RULES,
  hasWebsiteScheme,
  isPartnerWebsiteUrl,
} from '../../src/api/contract.ts';
import { MESSAGES } from '../http/errors.ts';
import type { ReceivedFile } from '../media/upload.ts';
import { freeText, parseFreeText } from '../../src/api/text.ts';

export interface PartnerForm {
  /** Cleaned as a single line (src/api/text.ts). */
  name: string;
  websiteUrl: string;
  logo: ReceivedFile;
}

export interface PartnerFormInput {
  text(field: string): string | undefined;
  files: { Logo?: ReceivedFile };
  fileErrors: Record<string, string[]>;
}

export type PartnerFormResult =
  { ok: true; form: PartnerForm } | { ok: false; errors: Record<string, string[]> };

const NAME = freeText(F.name, { required: true, maxLength: PARTNER_RULES.nameMaxLength });

/** One name whatever its letter case or Unicode composition: what uniqueness compares. */
export const partnerNameKey = (name: string) => name.normalize('NFC').toLowerCase();

export function parsePartnerForm(input: PartnerFormInput): PartnerFormResult {
  const errors: Record<string, string[]> = structuredClone(input.fileErrors);
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

  const { text: name, problems } = parseFreeText(NAME, input.text(F.name));
  for (const problem of problems) fail(F.name, problem);

  const websiteUrl = (input.text(F.websiteUrl) ?? '').trim();
  if (websiteUrl === '') fail(F.websiteUrl, MESSAGES.required(F.websiteUrl));
  else if (websiteUrl.length > PARTNER_RULES.websiteUrlMaxLength) {
    fail(F.websiteUrl, MESSAGES.tooLong(F.websiteUrl, PARTNER_RULES.websiteUrlMaxLength));
  } else if (!hasWebsiteScheme(websiteUrl)) fail(F.websiteUrl, MESSAGES.websiteUrlScheme);
  else if (!isPartnerWebsiteUrl(websiteUrl)) fail(F.websiteUrl, MESSAGES.websiteUrlInvalid);

  const logo = input.files.Logo;
  if (logo === undefined && errors[F.logo] === undefined) fail(F.logo, MESSAGES.required(F.logo));

  if (Object.keys(errors).length > 0 || logo === undefined) return { ok: false, errors };
  return { ok: true, form: { name, websiteUrl, logo } };
}

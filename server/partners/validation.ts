/**
 * The rules of the partner form (SPEC 5 "Partner"), checked again on the server with the
 * contract's schema the browser checks with (`partnerFormSchema`). Every broken rule is reported at
 * once, per field, named as in the request.
 */
import {
  PARTNER_FIELDS as F,
  parseFormFields,
  partnerFormSchema,
  partnerTextsSchema,
} from '../../src/api/contract.ts';
import { withFileErrors } from '../http/formProblems.ts';
import type { ReceivedFile } from '../media/upload.ts';

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

/** An edit (PUT /partners/{id}): the texts, and a logo only when it is replaced. */
export interface PartnerEdit extends Omit<PartnerForm, 'logo'> {
  logo: ReceivedFile | undefined;
}

export type PartnerEditResult =
  { ok: true; form: PartnerEdit } | { ok: false; errors: Record<string, string[]> };

export type PartnerFormResult =
  { ok: true; form: PartnerForm } | { ok: false; errors: Record<string, string[]> };

/** One name whatever its letter case or Unicode composition: what uniqueness compares. */
export const partnerNameKey = (name: string) => name.normalize('NFC').toLowerCase();

export function parsePartnerForm(input: PartnerFormInput): PartnerFormResult {
  const logo = input.files.Logo;
  const parsed = parseFormFields(partnerFormSchema, {
    [F.name]: input.text(F.name) ?? '',
    [F.websiteUrl]: input.text(F.websiteUrl) ?? '',
    // A logo the upload refused is reported with the upload's message, not as missing.
    [F.logo]: logo ?? input.fileErrors[F.logo],
  });
  const problems = parsed.ok ? {} : parsed.problems;
  const errors = withFileErrors(input.fileErrors, problems);
  if (!parsed.ok || logo === undefined || Object.keys(errors).length > 0) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    form: { name: parsed.data[F.name], websiteUrl: parsed.data[F.websiteUrl], logo },
  };
}

/** An edit's form: the rules of a new partner's, except that the logo may stay as it is. */
export function parsePartnerEdit(input: PartnerFormInput): PartnerEditResult {
  const parsed = parseFormFields(partnerTextsSchema, {
    [F.name]: input.text(F.name) ?? '',
    [F.websiteUrl]: input.text(F.websiteUrl) ?? '',
  });
  const errors = withFileErrors(input.fileErrors, parsed.ok ? {} : parsed.problems);
  if (!parsed.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    form: {
      name: parsed.data[F.name],
      websiteUrl: parsed.data[F.websiteUrl],
      logo: input.files.Logo,
    },
  };
}

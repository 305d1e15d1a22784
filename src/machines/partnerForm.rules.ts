/**
 * The rules of the partner form (SPEC 4 "Forms", 5 "Partner", 8 "Partner"), apart from its
 * machine: the draft, its validation with the contract's limits (PARTNER_RULES, the same the
 * server's parser reads), the request, and what a failed create shows, per field.
 */
import {
  PARTNER_FIELDS,
  PARTNER_RULES,
  parseFormFields,
  partnerFormSchema,
  type Partner,
  matchesAccept,
} from '../api/contract.ts';
import { ApiError, formFieldErrors, formFieldMessages } from '../api/errors.ts';
import type { CreatePartnerRequest } from '../api/partners.ts';
import { SERVER_MESSAGES, isServerMessage } from '../api/serverMessages.ts';
import { partnerFormMessages } from '../messages/partnerForm.ts';
import { cleanLine } from '../api/text.ts';
import { FORM_LEVEL, errorList, type FormErrors, type FormLevel } from './form.ts';

const text = partnerFormMessages;

/** What the employee enters. */
export interface PartnerDraft {
  name: string;
  websiteUrl: string;
  logo: File | null;
}
export type PartnerDraftField = keyof PartnerDraft;

/** The messages of each field, and under FORM_LEVEL what belongs to no field. */
export type PartnerFormErrors = FormErrors<PartnerDraftField | FormLevel>;

/** The fields in the order of the form, which is also the order of the listed messages. */
export const PARTNER_DRAFT_FIELDS = ['name', 'websiteUrl', 'logo'] as const;

export interface PartnerFormContext extends PartnerDraft {
  errors: PartnerFormErrors;
  partners: Partner[];
  listFailed: boolean;
}

export type PartnerFormEvent = { type: 'EDIT'; values: Partial<PartnerDraft> } | { type: 'SUBMIT' };

export const EMPTY_PARTNER_DRAFT: PartnerDraft = { name: '', websiteUrl: '', logo: null };

const MEGABYTE = 1024 * 1024;
export const LOGO_MAX_MEGABYTES = PARTNER_RULES.logoMaxBytes / MEGABYTE;

/** The messages in the order of the form, each once: what the list under the form shows. */
export const errorMessages = (errors: PartnerFormErrors) =>
  errorList(errors, [...PARTNER_DRAFT_FIELDS, FORM_LEVEL]);

/** The draft as POST /partners sends it, before cleaning: what the contract's schema judges. */
const sentFields = (draft: PartnerDraft) => ({
  [PARTNER_FIELDS.name]: draft.name,
  [PARTNER_FIELDS.websiteUrl]: draft.websiteUrl,
  [PARTNER_FIELDS.logo]: draft.logo,
});

/**
 * SPEC 5 "Partner": every broken rule, per field; empty when the draft may be sent. The rules are
 * the contract's `partnerFormSchema`, which the server parses with too, worded by `SERVER_TEXTS`;
 * the logo's type and size are read from the File (the server judges its bytes).
 */
export function validatePartnerDraft(draft: PartnerDraft): PartnerFormErrors {
  const parsed = parseFormFields(partnerFormSchema, sentFields(draft));
  // A message without a text here would show as the schema words it (the boundary test forbids it).
  const shown = (message: string, field: PartnerDraftField) => croatian(message, field) ?? message;
  const errors: PartnerFormErrors =
    (parsed.ok ? {} : formFieldMessages(parsed.problems, FIELD_OF_REQUEST_FIELD, shown)) ?? {};
  const { logo } = draft;
  if (logo && !matchesAccept(PARTNER_RULES.logoAccept, logo)) errors.logo = [text.logoType];
  else if (logo && logo.size > PARTNER_RULES.logoMaxBytes) {
    errors.logo = [text.logoTooLarge(LOGO_MAX_MEGABYTES)];
  }
  return errors;
}

/** A draft that passed validation, as POST /partners takes it. */
export function createPartnerRequest(draft: PartnerDraft): CreatePartnerRequest {
  return {
    name: cleanLine(draft.name),
    websiteUrl: draft.websiteUrl.trim(),
    logo: draft.logo as File,
  };
}

const FIELD_OF_REQUEST_FIELD = new Map<string, PartnerDraftField>(
  Object.entries(PARTNER_FIELDS).map(([field, requestField]) => [
    requestField,
    field as PartnerDraftField,
  ]),
);

/** The server's messages of a refused form that have a Croatian text here, by field. */
const SERVER_TEXTS: readonly [
  Parameters<typeof isServerMessage>[1],
  (field: PartnerDraftField) => string,
][] = [
  [SERVER_MESSAGES.required, () => text.allRequired],
  [
    SERVER_MESSAGES.tooLong,
    (field) =>
      field === 'name'
        ? text.nameTooLong(PARTNER_RULES.nameMaxLength)
        : text.websiteTooLong(PARTNER_RULES.websiteUrlMaxLength),
  ],
  [SERVER_MESSAGES.websiteUrlScheme, () => text.websiteScheme],
  [SERVER_MESSAGES.websiteUrlInvalid, () => text.websiteInvalid],
  [SERVER_MESSAGES.fileNotAllowed, () => text.logoType],
  [SERVER_MESSAGES.imageUnreadable, () => text.logoType],
];

/** SPEC 8 "Generic": the error as JSON, its body when the server sent one. */
function errorJson(error: unknown): string {
  if (error instanceof ApiError) return JSON.stringify(error.body ?? { status: error.status });
  if (error instanceof Error) return JSON.stringify({ message: error.message });
  return JSON.stringify(error ?? null);
}

/**
 * A message of the schema or of the server in Croatian (the schema's own, and what the upload
 * refuses); undefined for one without a text here. Every message the schema gives has one.
 */
const croatian = (message: string, field: PartnerDraftField) =>
  SERVER_TEXTS.find(([candidate]) => isServerMessage(message, candidate))?.[1](field);

/**
 * SPEC 8 "Partner": what a failed create shows. A taken name, a too large logo and the form's
 * own rules in Croatian; anything else 'Nešto je pošlo po zlu: {json}'.
 */
export function partnerFailure(error: unknown): PartnerFormErrors {
  if (error instanceof ApiError) {
    const message = error.firstMessage;
    if (error.status === 409 && isServerMessage(message, SERVER_MESSAGES.partnerNameTaken)) {
      return { name: [text.nameTaken] };
    }
    if (error.status === 413 && isServerMessage(message, SERVER_MESSAGES.fileTooLarge)) {
      return { logo: [text.logoTooLarge(LOGO_MAX_MEGABYTES)] };
    }
    const refused = formFieldErrors(error, FIELD_OF_REQUEST_FIELD, croatian);
    if (refused) return refused;
  }
  return { [FORM_LEVEL]: [text.failed(errorJson(error))] };
}

export const draftOf = (context: PartnerFormContext): PartnerDraft => ({
  name: context.name,
  websiteUrl: context.websiteUrl,
  logo: context.logo,
});

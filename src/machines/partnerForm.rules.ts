/**
 * The rules of the partner form (SPEC 4 "Forms", 5 "Partner", 8 "Partner"; issue 29), apart from
 * its machine: the draft, its validation with the contract's limits (PARTNER_RULES, the same the
 * server's parser reads), the requests, what a failed save shows, per field, and what a refused
 * delete says.
 */
import {
  PARTNER_FIELDS,
  PARTNER_RULES,
  parseFormFields,
  partnerFormSchema,
  partnerTextsSchema,
  type Partner,
  matchesAccept,
} from '../api/contract.ts';
import { ApiError, formFieldErrors, formFieldMessages } from '../api/errors.ts';
import type {
  CreatePartnerRequest,
  DeletePartnerRequest,
  UpdatePartnerRequest,
} from '../api/partners.ts';
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

/** What the delete dialog says after the server refused or failed. */
export interface DeleteProblem {
  text: string;
  /** Educations use the partner: the dialog offers to move them to another one. */
  inUse: boolean;
}

export interface PartnerFormContext extends PartnerDraft {
  errors: PartnerFormErrors;
  partners: Partner[];
  listFailed: boolean;
  /** The partner the form changes; null while it adds a new one. */
  editingId: number | null;
  /** The partner of the open delete dialog. */
  deleteId: number | null;
  deleteProblem: DeleteProblem | null;
  /** The partner that takes over the educations of the deleted one, as chosen in the dialog. */
  reassignTo: number | null;
}

export type PartnerFormEvent =
  | { type: 'EDIT'; values: Partial<PartnerDraft> }
  | { type: 'SUBMIT' }
  | { type: 'START_EDIT'; id: number }
  | { type: 'CANCEL_EDIT' }
  | { type: 'ASK_DELETE'; id: number }
  | { type: 'CANCEL_DELETE' }
  | { type: 'CONFIRM_DELETE' }
  | { type: 'CHOOSE_REASSIGN'; id: number };

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
export function validatePartnerDraft(draft: PartnerDraft, editing = false): PartnerFormErrors {
  // An edit keeps the current logo when none is chosen.
  const schema = editing ? partnerTextsSchema : partnerFormSchema;
  const parsed = parseFormFields(schema, sentFields(draft));
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

/** A valid draft as PUT /partners/{id} takes it: no logo keeps the current one. */
export function updatePartnerRequest(id: number, draft: PartnerDraft): UpdatePartnerRequest {
  return {
    id,
    name: cleanLine(draft.name),
    websiteUrl: draft.websiteUrl.trim(),
    logo: draft.logo,
  };
}

/** The draft of an edit: the partner's texts, no new logo. */
export const draftOfPartner = (partner: Partner): PartnerDraft => ({
  name: partner.name,
  websiteUrl: partner.websiteUrl,
  logo: null,
});

export function deletePartnerRequest(context: PartnerFormContext): DeletePartnerRequest {
  return {
    id: context.deleteId ?? 0,
    reassignTo: context.deleteProblem?.inUse ? context.reassignTo : null,
  };
}

/** The partners that may take over the educations of `id`: every other one. */
export const reassignCandidates = (partners: readonly Partner[], id: number | null) =>
  partners.filter((partner) => partner.id !== id);

/**
 * What a failed delete says (issue 29): a partner in use names its educations (the server's
 * count and first titles) and offers to move them; a takeover by a partner deleted meanwhile asks
 * for another; a partner already gone says so; anything else 'Nešto je pošlo po zlu: {json}'.
 */
export function deleteProblem(error: unknown): DeleteProblem {
  if (error instanceof ApiError) {
    const inUse = SERVER_MESSAGES.partnerInUse.match(error.firstMessage);
    if (error.status === 409 && inUse) {
      return { text: text.inUse(Number(inUse.count), inUse.titles), inUse: true };
    }
    const [targetMissing] = error.fieldMessages('reassignTo');
    if (isServerMessage(targetMissing, SERVER_MESSAGES.partnerReassignTargetMissing)) {
      return { text: text.reassignTargetGone, inUse: true };
    }
    if (error.status === 404) return { text: text.alreadyDeleted, inUse: false };
  }
  return { text: text.failed(errorJson(error)), inUse: false };
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

/**
 * Create a partner (SPEC 2 admin screen 8, 4 "Forms", 5 "Partner", 8 "Partner"): the existing
 * partners load first and are listed below the form, so staff see what exists; then the form:
 * editing, submitting, then success (form reset, the new partner first in the list, a toast) or
 * the problems listed under the form. A failed list still leaves the form usable. Injected:
 * `loadPartners`, `createPartner` and `notifyCreated` (toast).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  PARTNER_FIELDS,
  PARTNER_RULES,
  hasWebsiteScheme,
  isPartnerWebsiteUrl,
  type Partner,
} from '../api/contract.ts';
import { ApiError } from '../api/errors.ts';
import type { CreatePartnerRequest } from '../api/partners.ts';
import { SERVER_MESSAGES, isServerMessage } from '../api/serverMessages.ts';
import { partnerFormMessages } from '../messages/partnerForm.ts';
import { cleanLine } from '../api/text.ts';

const text = partnerFormMessages;

/** What the employee enters. */
export interface PartnerDraft {
  name: string;
  websiteUrl: string;
  logo: File | null;
}
export type PartnerDraftField = keyof PartnerDraft;

/** Messages in the order they are listed, and the fields they are about. */
export interface PartnerProblems {
  problems: string[];
  invalidFields: PartnerDraftField[];
}

export interface PartnerFormContext extends PartnerDraft, PartnerProblems {
  partners: Partner[];
  listFailed: boolean;
}

export type PartnerFormEvent = { type: 'EDIT'; values: Partial<PartnerDraft> } | { type: 'SUBMIT' };

export const EMPTY_PARTNER_DRAFT: PartnerDraft = { name: '', websiteUrl: '', logo: null };
const NO_PROBLEMS: PartnerProblems = { problems: [], invalidFields: [] };

const MEGABYTE = 1024 * 1024;
export const LOGO_MAX_MEGABYTES = PARTNER_RULES.logoMaxBytes / MEGABYTE;
const LOGO_TYPES = PARTNER_RULES.logoAccept.split(',');

/** Collects problems in order; a field named twice is marked once. */
function problemList() {
  const found: PartnerProblems = { problems: [], invalidFields: [] };
  return {
    found,
    fail(field: PartnerDraftField, message: string) {
      if (!found.problems.includes(message)) found.problems.push(message);
      if (!found.invalidFields.includes(field)) found.invalidFields.push(field);
    },
  };
}

/** SPEC 5 "Partner": every broken rule; no problems when the draft may be sent. */
export function validatePartnerDraft(draft: PartnerDraft): PartnerProblems {
  const { found, fail } = problemList();
  const name = cleanLine(draft.name);
  const websiteUrl = draft.websiteUrl.trim();
  if (!name) fail('name', text.allRequired);
  if (!websiteUrl) fail('websiteUrl', text.allRequired);
  if (!draft.logo) fail('logo', text.allRequired);

  if (name.length > PARTNER_RULES.nameMaxLength) {
    fail('name', text.nameTooLong(PARTNER_RULES.nameMaxLength));
  }
  if (websiteUrl.length > PARTNER_RULES.websiteUrlMaxLength) {
    fail('websiteUrl', text.websiteTooLong(PARTNER_RULES.websiteUrlMaxLength));
  } else if (websiteUrl && !hasWebsiteScheme(websiteUrl)) fail('websiteUrl', text.websiteScheme);
  else if (websiteUrl && !isPartnerWebsiteUrl(websiteUrl)) fail('websiteUrl', text.websiteInvalid);

  if (draft.logo && !LOGO_TYPES.includes(draft.logo.type)) fail('logo', text.logoType);
  else if (draft.logo && draft.logo.size > PARTNER_RULES.logoMaxBytes) {
    fail('logo', text.logoTooLarge(LOGO_MAX_MEGABYTES));
  }
  return found;
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

/** A 400 of POST /partners in Croatian, or null when some field or message is not known here. */
function refusedFields(error: ApiError): PartnerProblems | null {
  const errors = error.body?.errors;
  if (!errors || Array.isArray(errors)) return null;
  const { found, fail } = problemList();
  for (const [requestField, serverMessages] of Object.entries(errors)) {
    const field = FIELD_OF_REQUEST_FIELD.get(requestField);
    if (!field) return null;
    for (const message of serverMessages) {
      const known = SERVER_TEXTS.find(([candidate]) => isServerMessage(message, candidate));
      if (!known) return null;
      fail(field, known[1](field));
    }
  }
  return found;
}

/**
 * SPEC 8 "Partner": what a failed create shows. A taken name, a too large logo and the form's
 * own rules in Croatian; anything else 'Nešto je pošlo po zlu: {json}'.
 */
export function partnerFailure(error: unknown): PartnerProblems {
  if (error instanceof ApiError) {
    const message = error.firstMessage;
    if (error.status === 409 && isServerMessage(message, SERVER_MESSAGES.partnerNameTaken)) {
      return { problems: [text.nameTaken], invalidFields: ['name'] };
    }
    if (error.status === 413 && isServerMessage(message, SERVER_MESSAGES.fileTooLarge)) {
      return { problems: [text.logoTooLarge(LOGO_MAX_MEGABYTES)], invalidFields: ['logo'] };
    }
    const refused = error.status === 400 ? refusedFields(error) : null;
    if (refused) return refused;
  }
  return { problems: [text.failed(errorJson(error))], invalidFields: [] };
}

const draftOf = (context: PartnerFormContext): PartnerDraft => ({
  name: context.name,
  websiteUrl: context.websiteUrl,
  logo: context.logo,
});

export const partnerFormMachine = setup({
  types: {
    context: {} as PartnerFormContext,
    events: {} as PartnerFormEvent,
  },
  actors: {
    loadPartners: fromPromise<Partner[]>(() =>
      Promise.reject(new Error('loadPartners is provided by the container')),
    ),
    createPartner: fromPromise<Partner, CreatePartnerRequest>(() =>
      Promise.reject(new Error('createPartner is provided by the container')),
    ),
  },
  actions: {
    notifyCreated: (_, _text: string) => undefined,
  },
  guards: {
    draftIsValid: ({ context }) => validatePartnerDraft(draftOf(context)).problems.length === 0,
  },
}).createMachine({
  id: 'partnerForm',
  context: {
    ...EMPTY_PARTNER_DRAFT,
    ...NO_PROBLEMS,
    partners: [],
    listFailed: false,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPartners',
        src: 'loadPartners',
        onDone: { target: 'editing', actions: assign({ partners: ({ event }) => event.output }) },
        // The list is there to look at; a new partner can be entered without it.
        onError: { target: 'editing', actions: assign({ listFailed: true }) },
      },
    },
    editing: {
      on: {
        // The problems were about the entries as they were: they are judged again on submit.
        EDIT: { actions: assign(({ event }) => ({ ...event.values, ...NO_PROBLEMS })) },
        SUBMIT: [
          { guard: 'draftIsValid', target: 'submitting' },
          { actions: assign(({ context }) => validatePartnerDraft(draftOf(context))) },
        ],
      },
    },
    submitting: {
      entry: assign({ ...NO_PROBLEMS }),
      invoke: {
        id: 'createPartner',
        src: 'createPartner',
        input: ({ context }) => createPartnerRequest(draftOf(context)),
        // SPEC 4 "Forms": success resets the form.
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => ({
              ...EMPTY_PARTNER_DRAFT,
              // Each partner once, by id: the list mirrors the server's rows.
              partners: [
                event.output,
                ...context.partners.filter((partner) => partner.id !== event.output.id),
              ],
            })),
            { type: 'notifyCreated', params: text.created },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => partnerFailure(event.error)),
        },
      },
    },
  },
});

type PartnerFormSnapshot = SnapshotFrom<typeof partnerFormMachine>;

export const selectPartnerDraft = (snapshot: PartnerFormSnapshot) => draftOf(snapshot.context);
export const selectPartnersLoading = (snapshot: PartnerFormSnapshot) => snapshot.matches('loading');
export const selectPartnerSubmitting = (snapshot: PartnerFormSnapshot) =>
  snapshot.matches('submitting');

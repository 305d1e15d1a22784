/**
 * The rules of the education form (SPEC 4 "Education form", 5 "Education form", 6, 8 "Education",
 * 9; issue 13), apart from its machine: the draft and its validation with the contract's limits
 * (EDUCATION_RULES, the same the server's parser reads), the requests, the server's answers per
 * field, and what the upload panel shows.
 */
import {
  EDUCATION_FIELDS,
  educationFormSchema,
  parseFormFields,
  type Education,
  type EducationPatch,
  type Partner,
  type UserListItem,
} from '../api/contract.ts';
import type { CreateEducationRequest } from '../api/educationRequests.ts';
import { ApiError, formFieldErrors, formFieldMessages } from '../api/errors.ts';
import {
  EDUCATION_SERVER_MESSAGES,
  SERVER_MESSAGES,
  isServerMessage,
} from '../api/serverMessages.ts';
import type { LocalizedCountry } from '../data/countries.ts';
import { zagrebMonth } from '../lib/month.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import { cleanLine, cleanMultiline } from '../api/text.ts';
import { errorList, withoutErrorsOf as withoutErrors, type FormErrors } from './form.ts';

const text = educationAdminMessages;

export const DEFAULT_EDUCATION_COUNTRY = 'HR';

export type VideoSource = 'url' | 'file';

/** What the administrator enters. `recordingMonth` is 'YYYY-MM' or ''; `partnerId` '' for none. */
export interface EducationDraft {
  title: string;
  description: string;
  lecturer: string;
  recordingMonth: string;
  countryIsoCode: string;
  subtitleLanguage: string;
  partnerId: string;
  videoSource: VideoSource;
  videoUrl: string;
  video: File | null;
  thumbnail: File | null;
  restricted: boolean;
  userIds: number[];
}

export type EducationDraftField = keyof EducationDraft;
export type EducationFormErrors = FormErrors<EducationDraftField>;

/** The fields in the order of the form, which is also the order of the listed messages. */
export const EDUCATION_DRAFT_FIELDS = [
  'title',
  'description',
  'lecturer',
  'recordingMonth',
  'countryIsoCode',
  'subtitleLanguage',
  'partnerId',
  'videoSource',
  'videoUrl',
  'video',
  'thumbnail',
  'restricted',
  'userIds',
] as const satisfies readonly EducationDraftField[];

export const EMPTY_EDUCATION_DRAFT: EducationDraft = {
  title: '',
  description: '',
  lecturer: '',
  recordingMonth: '',
  countryIsoCode: DEFAULT_EDUCATION_COUNTRY,
  subtitleLanguage: '',
  partnerId: '',
  videoSource: 'file',
  videoUrl: '',
  video: null,
  thumbnail: null,
  restricted: false,
  userIds: [],
};

/** The person filling the form: SPEC 6 pre-selects them when a new education is restricted. */
export type CurrentUser = UserListItem;

export interface EducationFormInput {
  /** null: create a new education. */
  educationId: number | null;
  currentUser: CurrentUser;
  /** The injected clock (`effects.now`) the recording month is judged at. */
  now?: () => Date;
}

/** What the form needs before it can be shown. */
export interface EducationFormData {
  /** The countries an education may be recorded in, named in Croatian (create mode). */
  countries: LocalizedCountry[];
  partners: Partner[];
  users: UserListItem[];
  /** Edit mode: the education and the ids of its access rights (empty: open to all). */
  education: Education | null;
  userIds: number[];
}

/** How far the running upload is; `startedAt`/`bytesAtStart` are where this run began. */
export interface UploadProgress {
  bytesSent: number;
  bytesTotal: number;
  at: number;
  startedAt: number;
  bytesAtStart: number;
}

export interface UploadVideoInput {
  file: File;
  /** Continue the unfinished upload of this file instead of starting a new one. */
  resume: boolean;
}

export interface SaveEducationRequest {
  id: number;
  patch: EducationPatch;
  /** A new thumbnail (issue 29), or null to keep the current one. */
  thumbnail: File | null;
  /** null: the access rights did not change and are not sent. */
  userIds: number[] | null;
}

export interface EducationFormContext extends EducationDraft {
  educationId: number | null;
  currentUser: CurrentUser;
  /** The clock the rules are judged at (the injected `effects.now`). */
  now: () => Date;
  countries: LocalizedCountry[];
  partners: Partner[];
  users: UserListItem[];
  /** Edit mode: the access rights as loaded or last saved. */
  savedUserIds: number[];
  /** Edit mode: the education as loaded or last saved (its video, thumbnail, partner, country). */
  education: Education | null;
  /** The education last created or updated here: the form links to it in the viewer. */
  savedId: number | null;
  errors: EducationFormErrors;
  resumeUpload: boolean;
  uploadId: string | null;
  progress: UploadProgress | null;
}

export type EducationFormEvent =
  | { type: 'EDIT'; values: Partial<EducationDraft> }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'RESUME_PREVIOUS' }
  | { type: 'START_OVER' }
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  | { type: 'UPLOAD_PROGRESS'; bytesSent: number; bytesTotal: number; at: number }
  | { type: 'UPLOADED'; uploadId: string }
  | { type: 'UPLOAD_FAILED'; error: unknown };

/** The text fields as POST /educations sends them, before cleaning: what the schema judges. */
const sentFields = (draft: EducationDraft) => ({
  [EDUCATION_FIELDS.title]: draft.title,
  [EDUCATION_FIELDS.description]: draft.description,
  [EDUCATION_FIELDS.lecturer]: draft.lecturer,
  [EDUCATION_FIELDS.dateOfRecording]: draft.recordingMonth,
  [EDUCATION_FIELDS.countryIsoCode]: draft.countryIsoCode,
  [EDUCATION_FIELDS.subtitleLanguage]: draft.subtitleLanguage,
  [EDUCATION_FIELDS.partnerId]: draft.partnerId,
  [EDUCATION_FIELDS.videoUrl]: draft.videoSource === 'url' ? draft.videoUrl : '',
});

/** What an update sends (PATCH; issue 29 added partner, country and the video address). */
const EDITABLE_FIELDS: readonly EducationDraftField[] = [
  'title',
  'description',
  'lecturer',
  'recordingMonth',
  'countryIsoCode',
  'subtitleLanguage',
  'partnerId',
  'videoUrl',
];

/**
 * SPEC 5 "Education form": every broken rule, per field; empty when the draft may be sent. The
 * text fields' rules are the contract's `educationFormSchema`, which the server parses with too,
 * worded by `croatianText`; which video source and which users are the form's own questions.
 */
export function validateEducationDraft(
  draft: EducationDraft,
  creating: boolean,
  now: Date,
): EducationFormErrors {
  const parsed = parseFormFields(educationFormSchema(zagrebMonth(now)), sentFields(draft));
  const judged =
    (parsed.ok ? null : formFieldMessages(parsed.problems, FIELD_OF_REQUEST_FIELD, croatianText)) ??
    {};
  const errors: EducationFormErrors = creating
    ? judged
    : Object.fromEntries(
        Object.entries(judged).filter(([field]) =>
          EDITABLE_FIELDS.includes(field as EducationDraftField),
        ),
      );
  if (draft.videoSource === 'url' && !draft.videoUrl.trim()) {
    errors.videoUrl = [text.videoUrlRequired];
  } else if (creating && draft.videoSource === 'file' && !draft.video) {
    // Editing without a new file keeps the video as it is.
    errors.video = [text.videoFileRequired];
  }
  if (draft.restricted && draft.userIds.length === 0) errors.userIds = [text.usersRequired];
  return errors;
}

/** The messages in the order of the form: what the list under the form shows. */
export const errorMessages = (errors: EducationFormErrors) =>
  errorList(errors, EDUCATION_DRAFT_FIELDS);

const optional = (value: string) => cleanLine(value) || null;

/** A draft that passed validation, as POST /educations takes it. */
export function createEducationRequest(
  draft: EducationDraft,
  uploadId: string | null,
): CreateEducationRequest {
  return {
    title: cleanLine(draft.title),
    description: cleanMultiline(draft.description),
    lecturer: cleanLine(draft.lecturer),
    dateOfRecording: draft.recordingMonth || null,
    countryIsoCode: draft.countryIsoCode,
    subtitleLanguage: optional(draft.subtitleLanguage),
    partnerId: Number(draft.partnerId),
    video:
      draft.videoSource === 'url'
        ? { videoUrl: draft.videoUrl.trim() }
        : { videoUploadId: uploadId ?? '' },
    thumbnail: draft.thumbnail,
    initialAccessUserIds: draft.restricted ? draft.userIds : [],
  };
}

const sameIds = (left: readonly number[], right: readonly number[]) =>
  [...left].sort().join() === [...right].sort().join();

/**
 * A draft that passed validation, as the update sends it: partner, country and video only when
 * they changed (issue 29; a new file as its finished upload), rights only when they changed.
 */
export function saveEducationRequest(context: EducationFormContext): SaveEducationRequest {
  const userIds = context.restricted ? context.userIds : [];
  const { education } = context;
  const partnerId = Number(context.partnerId);
  const videoUrl = context.videoUrl.trim();
  return {
    id: context.educationId ?? 0,
    patch: {
      title: cleanLine(context.title),
      description: cleanMultiline(context.description),
      lecturer: cleanLine(context.lecturer),
      dateOfRecording: context.recordingMonth || null,
      subtitleLanguage: optional(context.subtitleLanguage),
      ...(partnerId !== education?.partner.id && { partnerId }),
      ...(context.countryIsoCode !== education?.country.isoCode && {
        countryIsoCode: context.countryIsoCode,
      }),
      ...(context.videoSource === 'url' && videoUrl !== education?.videoUrl && { videoUrl }),
      ...(context.videoSource === 'file' &&
        context.uploadId !== null && { videoUploadId: context.uploadId }),
    },
    thumbnail: context.thumbnail,
    userIds: sameIds(userIds, context.savedUserIds) ? null : userIds,
  };
}

/** The draft an education opens with in edit mode ('restricted' when rights exist). */
export function draftOfEducation(education: Education, userIds: number[]): EducationDraft {
  return {
    ...EMPTY_EDUCATION_DRAFT,
    title: education.title,
    description: education.description,
    lecturer: education.lecturer,
    recordingMonth: education.dateOfRecording ?? '',
    countryIsoCode: education.country.isoCode,
    subtitleLanguage: education.subtitleLanguage ?? '',
    partnerId: String(education.partner.id),
    // An uploaded video is replaced by a new file (or an address); a site video shows its address.
    videoSource: education.stream === null ? 'url' : 'file',
    videoUrl: education.stream === null ? education.videoUrl : '',
    restricted: userIds.length > 0,
    userIds,
  };
}

const FIELD_OF_REQUEST_FIELD = new Map<string, EducationDraftField>([
  [EDUCATION_FIELDS.title, 'title'],
  [EDUCATION_FIELDS.description, 'description'],
  [EDUCATION_FIELDS.lecturer, 'lecturer'],
  [EDUCATION_FIELDS.dateOfRecording, 'recordingMonth'],
  [EDUCATION_FIELDS.countryIsoCode, 'countryIsoCode'],
  [EDUCATION_FIELDS.subtitleLanguage, 'subtitleLanguage'],
  [EDUCATION_FIELDS.partnerId, 'partnerId'],
  [EDUCATION_FIELDS.videoUrl, 'videoUrl'],
  [EDUCATION_FIELDS.video, 'video'],
  [EDUCATION_FIELDS.videoUploadId, 'video'],
  [EDUCATION_FIELDS.thumbnail, 'thumbnail'],
  [EDUCATION_FIELDS.initialAccessUserIds, 'userIds'],
  // The JSON fields of the merge-patch and the access rights.
  ['title', 'title'],
  ['description', 'description'],
  ['lecturer', 'lecturer'],
  ['dateOfRecording', 'recordingMonth'],
  ['subtitleLanguage', 'subtitleLanguage'],
  ['partnerId', 'partnerId'],
  ['countryIsoCode', 'countryIsoCode'],
  ['videoUrl', 'videoUrl'],
  ['videoUploadId', 'video'],
  ['userIds', 'userIds'],
]);

/** The server's messages that have a Croatian text here; others are shown as sent. */
const SERVER_TEXTS: readonly [Parameters<typeof isServerMessage>[1], string][] = [
  [EDUCATION_SERVER_MESSAGES.recordingMonthInFuture, text.recordingInFuture],
  [EDUCATION_SERVER_MESSAGES.videoUrlInvalid, text.videoUrlInvalid],
  [EDUCATION_SERVER_MESSAGES.videoNotAllowed, text.videoType],
  [EDUCATION_SERVER_MESSAGES.videoIncomplete, text.videoDamaged],
  [EDUCATION_SERVER_MESSAGES.videoEmpty, text.videoEmpty],
  [EDUCATION_SERVER_MESSAGES.videoAudioOnly, text.videoAudioOnly],
  [EDUCATION_SERVER_MESSAGES.videoImageOnly, text.videoImageOnly],
  [EDUCATION_SERVER_MESSAGES.videoUndecodable, text.videoUndecodable],
  [EDUCATION_SERVER_MESSAGES.accessUserDeactivated, text.accessUserDeactivated],
];
/** The Croatian words of a field's own rules: what is wrong with it, and its label for lengths. */
const FIELD_TEXTS: Partial<Record<EducationDraftField, { invalid?: string; label?: string }>> = {
  title: { invalid: text.titleInvalid, label: text.titleLabel },
  description: { invalid: text.descriptionIncomplete, label: text.description },
  lecturer: { invalid: text.lecturerInvalid, label: text.lecturer },
  countryIsoCode: { invalid: text.countryRequired },
  subtitleLanguage: { label: text.subtitleLanguage },
  partnerId: { invalid: text.partnerRequired },
  videoUrl: { label: text.videoUrl },
};
/** The free-text rule of a minimum length (src/api/text.ts `freeText`). */
const TOO_SHORT = /^\S+ must be at least \d+ characters long\.$/;

/** A message of the schema or of the server in Croatian where known, else as sent. */
function croatianText(message: string, field: EducationDraftField): string {
  const known = SERVER_TEXTS.find(([candidate]) => isServerMessage(message, candidate));
  if (known) return known[1];
  const words = FIELD_TEXTS[field];
  const tooLong = SERVER_MESSAGES.tooLong.match(message);
  if (tooLong && words?.label) return text.tooLong(words.label, Number(tooLong.max));
  const missing = isServerMessage(message, SERVER_MESSAGES.required) || TOO_SHORT.test(message);
  return (missing && words?.invalid) || message;
}

/**
 * What a failed video upload shows: the server's refusals of a new upload (too many unfinished
 * uploads, no disk space; issue 25) in their own words, anything else as a failed transfer.
 */
export function uploadFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return text.uploadFailed;
  const message = error.firstMessage;
  const cap = EDUCATION_SERVER_MESSAGES.tooManyUnfinishedUploads.match(message);
  if (error.status === 429 && cap) return text.tooManyUnfinishedUploads(Number(cap.max));
  if (error.status === 507 && isServerMessage(message, EDUCATION_SERVER_MESSAGES.uploadDiskFull)) {
    return text.uploadDiskFull;
  }
  if (error.status === 415 && isServerMessage(message, EDUCATION_SERVER_MESSAGES.uploadNotAVideo)) {
    return text.uploadNotAVideo;
  }
  return text.uploadFailed;
}

/** A 400 validation error, per field of the form (Croatian where known); null for anything else. */
export const serverFieldErrors = (error: unknown): EducationFormErrors | null =>
  formFieldErrors(error, FIELD_OF_REQUEST_FIELD, croatianText);

/** Editing a field takes away its messages; the video fields are judged together. */
export function withoutErrorsOf(errors: EducationFormErrors, values: Partial<EducationDraft>) {
  const edited = new Set<string>(Object.keys(values));
  if (edited.has('videoSource')) ['videoUrl', 'video'].forEach((field) => edited.add(field));
  if (edited.has('restricted')) edited.add('userIds');
  return withoutErrors(errors, edited);
}

/**
 * SPEC 4 and 6: switching to all users clears the chosen users; restricting a new education
 * with nobody chosen pre-selects the person filling the form.
 */
export function withVisibilityRules(
  context: EducationFormContext,
  values: Partial<EducationDraft>,
): Partial<EducationDraft> {
  if (values.restricted === false) return { ...values, userIds: [] };
  if (values.restricted === true && context.educationId === null && context.userIds.length === 0) {
    return { ...values, userIds: [context.currentUser.id] };
  }
  return values;
}

export const draftOf = (context: EducationFormContext): EducationDraft => ({
  title: context.title,
  description: context.description,
  lecturer: context.lecturer,
  recordingMonth: context.recordingMonth,
  countryIsoCode: context.countryIsoCode,
  subtitleLanguage: context.subtitleLanguage,
  partnerId: context.partnerId,
  videoSource: context.videoSource,
  videoUrl: context.videoUrl,
  video: context.video,
  thumbnail: context.thumbnail,
  restricted: context.restricted,
  userIds: context.userIds,
});

export const isCreating = (context: EducationFormContext) => context.educationId === null;
export const draftErrors = (context: EducationFormContext, now: Date) =>
  validateEducationDraft(draftOf(context), isCreating(context), now);

export interface UploadStatus {
  percent: number;
  sentMegabytes: string;
  totalMegabytes: string;
  /** null while the rate is not known yet (or paused). */
  secondsLeft: number | null;
}

const MEGABYTE = 1024 * 1024;
const megabytes = (bytes: number) => (bytes / MEGABYTE).toFixed(1).replace('.', ',');

/** Percent, megabytes and the time left at the rate of the current run. */
export function uploadStatus(progress: UploadProgress | null, file: File | null): UploadStatus {
  const bytesTotal = progress?.bytesTotal ?? file?.size ?? 0;
  const bytesSent = progress?.bytesSent ?? 0;
  const elapsed = progress ? progress.at - progress.startedAt : 0;
  const sentThisRun = progress ? progress.bytesSent - progress.bytesAtStart : 0;
  const rate = elapsed > 0 ? sentThisRun / elapsed : 0;
  return {
    percent: bytesTotal > 0 ? Math.floor((bytesSent / bytesTotal) * 100) : 0,
    sentMegabytes: megabytes(bytesSent),
    totalMegabytes: megabytes(bytesTotal),
    secondsLeft: rate > 0 ? Math.ceil((bytesTotal - bytesSent) / rate / 1000) : null,
  };
}

/** 'm:ss' or 'h:mm:ss'. */
export function formatDuration(seconds: number): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

/** The users the multi-select offers: the listed users, and the person filling the form. */
export function userOptions(
  users: readonly UserListItem[],
  currentUser: CurrentUser,
): UserListItem[] {
  return users.some((user) => user.id === currentUser.id) ? [...users] : [currentUser, ...users];
}

/**
 * Add or edit an education (SPEC 2 admin screen 5, 4 "Education form", 5 "Education form", 6, 8
 * "Education"; issue 13). Create mode loads the partners and the users, edit mode the education,
 * its access rights and the users. Every broken rule is listed at once and blocks the submit.
 * A video file goes up first through the resumable upload (checking for an unfinished upload of
 * the same file, then running or paused), then the education is created naming the finished
 * upload. Create resets after success keeping the country and the URL-or-file mode; edit sends the
 * access rights only when the selection changed. Injected: `loadForm`, `findPreviousUpload`,
 * `uploadVideo` (a callback actor: it reports UPLOAD_PROGRESS, UPLOADED or UPLOAD_FAILED; stopping
 * it pauses the upload, which the next run resumes), `createEducation`, `updateEducation`,
 * `notifySaved`, `notifyUploadFailed` and `reportError` (the generic error handler).
 */
import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  EDUCATION_FIELDS,
  EDUCATION_RULES,
  type Education,
  type EducationPatch,
  type Partner,
  type UserListItem,
} from '../api/contract.ts';
import type { CreateEducationRequest } from '../api/educationRequests.ts';
import { ApiError, formFieldErrors } from '../api/errors.ts';
import { EDUCATION_SERVER_MESSAGES, isServerMessage } from '../api/serverMessages.ts';
import type { LocalizedCountry } from '../data/countries.ts';
import { ZAGREB_TIME_ZONE } from '../lib/timeZone.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import { cleanLine, cleanMultiline } from '../api/text.ts';

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
export type EducationFormErrors = Partial<Record<EducationDraftField, string[]>>;

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
  /** null: the access rights did not change and are not sent. */
  userIds: number[] | null;
}

export interface EducationFormContext extends EducationDraft {
  educationId: number | null;
  currentUser: CurrentUser;
  countries: LocalizedCountry[];
  partners: Partner[];
  users: UserListItem[];
  /** Edit mode: the access rights as loaded or last saved. */
  savedUserIds: number[];
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

// ---------------------------------------------------------------------------------------------
// Rules, requests and the server's answers.

const ZAGREB_MONTH = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZAGREB_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
});

/** The month of an instant on Zagreb's calendar, 'YYYY-MM'. */
export function zagrebMonth(instant: Date): string {
  return ZAGREB_MONTH.format(instant);
}

const isHttpUrl = (value: string) =>
  URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);

/** SPEC 5 "Education form": every broken rule, per field; empty when the draft may be sent. */
export function validateEducationDraft(
  draft: EducationDraft,
  creating: boolean,
  now: Date,
): EducationFormErrors {
  const errors: EducationFormErrors = {};
  const fail = (field: EducationDraftField, message: string) => {
    (errors[field] ??= []).push(message);
  };
  const tooLong = (field: EducationDraftField, label: string, value: string, max: number) => {
    if (value.length > max) fail(field, text.tooLong(label, max));
  };
  const title = cleanLine(draft.title);
  if (title.length <= 2) fail('title', text.titleInvalid);
  tooLong('title', text.titleLabel, title, EDUCATION_RULES.titleMaxLength);
  const description = cleanMultiline(draft.description);
  if (description.length < 5) fail('description', text.descriptionIncomplete);
  tooLong('description', text.description, description, EDUCATION_RULES.descriptionMaxLength);
  const lecturer = cleanLine(draft.lecturer);
  if (lecturer.length <= 1) fail('lecturer', text.lecturerInvalid);
  tooLong('lecturer', text.lecturer, lecturer, EDUCATION_RULES.lecturerMaxLength);
  if (draft.recordingMonth && draft.recordingMonth > zagrebMonth(now)) {
    fail('recordingMonth', text.recordingInFuture);
  }
  tooLong(
    'subtitleLanguage',
    text.subtitleLanguage,
    cleanLine(draft.subtitleLanguage),
    EDUCATION_RULES.subtitleLanguageMaxLength,
  );
  if (creating) {
    if (!draft.countryIsoCode) fail('countryIsoCode', text.countryRequired);
    if (!draft.partnerId) fail('partnerId', text.partnerRequired);
    const videoUrl = draft.videoUrl.trim();
    if (draft.videoSource === 'url') {
      if (!videoUrl) fail('videoUrl', text.videoUrlRequired);
      else if (!isHttpUrl(videoUrl)) fail('videoUrl', text.videoUrlInvalid);
      else tooLong('videoUrl', text.videoUrl, videoUrl, EDUCATION_RULES.videoUrlMaxLength);
    } else if (!draft.video) fail('video', text.videoFileRequired);
  }
  if (draft.restricted && draft.userIds.length === 0) fail('userIds', text.usersRequired);
  return errors;
}

/** The messages in the order of the form: what the list under the form shows. */
export const errorMessages = (errors: EducationFormErrors) =>
  EDUCATION_DRAFT_FIELDS.flatMap((field) => errors[field] ?? []);

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

/** A draft that passed validation, as the update sends it: rights only when they changed. */
export function saveEducationRequest(context: EducationFormContext): SaveEducationRequest {
  const userIds = context.restricted ? context.userIds : [];
  return {
    id: context.educationId ?? 0,
    patch: {
      title: cleanLine(context.title),
      description: cleanMultiline(context.description),
      lecturer: cleanLine(context.lecturer),
      dateOfRecording: context.recordingMonth || null,
      subtitleLanguage: optional(context.subtitleLanguage),
    },
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
  ['userIds', 'userIds'],
]);

/** The server's messages that have a Croatian text here; others are shown as sent. */
const SERVER_TEXTS: readonly [Parameters<typeof isServerMessage>[1], string][] = [
  [EDUCATION_SERVER_MESSAGES.recordingMonthInFuture, text.recordingInFuture],
  [EDUCATION_SERVER_MESSAGES.videoUrlInvalid, text.videoUrlInvalid],
  [EDUCATION_SERVER_MESSAGES.videoNotAllowed, text.videoType],
  [EDUCATION_SERVER_MESSAGES.videoIncomplete, text.videoDamaged],
];
const croatianText = (message: string) =>
  SERVER_TEXTS.find(([known]) => isServerMessage(message, known))?.[1] ?? message;

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
  return text.uploadFailed;
}

/** A 400 validation error, per field of the form (Croatian where known); null for anything else. */
export const serverFieldErrors = (error: unknown): EducationFormErrors | null =>
  formFieldErrors(error, FIELD_OF_REQUEST_FIELD, croatianText);

/** Editing a field takes away its messages; the video fields are judged together. */
function withoutErrorsOf(errors: EducationFormErrors, values: Partial<EducationDraft>) {
  const edited = new Set<string>(Object.keys(values));
  if (edited.has('videoSource')) ['videoUrl', 'video'].forEach((field) => edited.add(field));
  if (edited.has('restricted')) edited.add('userIds');
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => !edited.has(field)),
  ) as EducationFormErrors;
}

/**
 * SPEC 4 and 6: switching to all users clears the chosen users; restricting a new education
 * with nobody chosen pre-selects the person filling the form.
 */
function withVisibilityRules(
  context: EducationFormContext,
  values: Partial<EducationDraft>,
): Partial<EducationDraft> {
  if (values.restricted === false) return { ...values, userIds: [] };
  if (values.restricted === true && context.educationId === null && context.userIds.length === 0) {
    return { ...values, userIds: [context.currentUser.id] };
  }
  return values;
}

const draftOf = (context: EducationFormContext): EducationDraft => ({
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

const isCreating = (context: EducationFormContext) => context.educationId === null;
const draftErrors = (context: EducationFormContext) =>
  validateEducationDraft(draftOf(context), isCreating(context), new Date());

export const educationFormMachine = setup({
  types: {
    input: {} as EducationFormInput,
    context: {} as EducationFormContext,
    events: {} as EducationFormEvent,
  },
  actors: {
    loadForm: fromPromise<EducationFormData, { educationId: number | null }>(() =>
      Promise.reject(new Error('loadForm is provided by the container')),
    ),
    findPreviousUpload: fromPromise<boolean, File>(() =>
      Promise.reject(new Error('findPreviousUpload is provided by the container')),
    ),
    uploadVideo: fromCallback<EducationFormEvent, UploadVideoInput>(() => {
      throw new Error('uploadVideo is provided by the container');
    }),
    createEducation: fromPromise<Education, CreateEducationRequest>(() =>
      Promise.reject(new Error('createEducation is provided by the container')),
    ),
    updateEducation: fromPromise<undefined, SaveEducationRequest>(() =>
      Promise.reject(new Error('updateEducation is provided by the container')),
    ),
  },
  actions: {
    notifySaved: (_, _text: string) => undefined,
    notifyUploadFailed: (_, _text: string) => undefined,
    reportError: (_, _error: unknown) => undefined,
  },
  guards: {
    draftIsInvalid: ({ context }) => Object.keys(draftErrors(context)).length > 0,
    editing: ({ context }) => !isCreating(context),
    uploadsFile: ({ context }) => context.videoSource === 'file',
    fieldErrors: (_, { error }: { error: unknown }) => serverFieldErrors(error) !== null,
    previousUploadFound: (_, { found }: { found: boolean }) => found,
  },
}).createMachine({
  id: 'educationForm',
  context: ({ input }) => ({
    ...EMPTY_EDUCATION_DRAFT,
    educationId: input.educationId,
    currentUser: input.currentUser,
    countries: [],
    partners: [],
    users: [],
    savedUserIds: [],
    errors: {},
    resumeUpload: false,
    uploadId: null,
    progress: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({ educationId: context.educationId }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            countries: event.output.countries,
            partners: event.output.partners,
            users: event.output.users,
            ...(!isCreating(context) &&
              event.output.education && {
                ...draftOfEducation(event.output.education, event.output.userIds),
                savedUserIds: event.output.userIds,
              }),
          })),
        },
        onError: {
          target: 'loadFailed',
          actions: {
            type: 'reportError',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    editing: {
      on: {
        EDIT: {
          actions: assign(({ context, event }) => {
            const values = withVisibilityRules(context, event.values);
            return { ...values, errors: withoutErrorsOf(context.errors, values) };
          }),
        },
        SUBMIT: [
          {
            guard: 'draftIsInvalid',
            actions: assign({ errors: ({ context }) => draftErrors(context) }),
          },
          { guard: 'editing', target: 'updating' },
          { guard: 'uploadsFile', target: 'uploading' },
          { target: 'creating' },
        ],
      },
    },
    uploading: {
      entry: assign({ errors: {}, progress: null, resumeUpload: false }),
      initial: 'checkingPrevious',
      states: {
        checkingPrevious: {
          invoke: {
            id: 'findPreviousUpload',
            src: 'findPreviousUpload',
            input: ({ context }) => context.video as File,
            onDone: [
              {
                guard: {
                  type: 'previousUploadFound',
                  params: ({ event }) => ({ found: event.output }),
                },
                target: 'offeringResume',
              },
              { target: 'running' },
            ],
            // Not knowing of an unfinished upload only means starting a new one.
            onError: 'running',
          },
        },
        offeringResume: {
          on: {
            RESUME_PREVIOUS: { target: 'running', actions: assign({ resumeUpload: true }) },
            START_OVER: 'running',
          },
        },
        running: {
          invoke: {
            id: 'uploadVideo',
            src: 'uploadVideo',
            input: ({ context }) => ({ file: context.video as File, resume: context.resumeUpload }),
          },
          on: {
            UPLOAD_PROGRESS: {
              actions: assign({
                progress: ({ context, event }) => ({
                  bytesSent: event.bytesSent,
                  bytesTotal: event.bytesTotal,
                  at: event.at,
                  // The rate (and so the time left) counts from where this run began.
                  startedAt: context.progress?.startedAt ?? event.at,
                  bytesAtStart: context.progress?.bytesAtStart ?? event.bytesSent,
                }),
              }),
            },
            // tus-js-client has retried by then: the connection stayed down or the server refused.
            UPLOAD_FAILED: {
              target: '#educationForm.editing',
              actions: {
                type: 'notifyUploadFailed',
                params: ({ event }) => uploadFailureText(event.error),
              },
            },
            UPLOADED: {
              target: '#educationForm.creating',
              actions: assign({ uploadId: ({ event }) => event.uploadId }),
            },
            // Stopping the upload actor pauses the upload; running again resumes it.
            PAUSE: { target: 'paused', actions: assign({ resumeUpload: true }) },
          },
        },
        paused: {
          on: {
            RESUME: {
              target: 'running',
              actions: assign({
                progress: ({ context }) =>
                  context.progress && {
                    ...context.progress,
                    startedAt: context.progress.at,
                    bytesAtStart: context.progress.bytesSent,
                  },
              }),
            },
          },
        },
      },
    },
    creating: {
      entry: assign({ errors: {} }),
      invoke: {
        id: 'createEducation',
        src: 'createEducation',
        input: ({ context }) => createEducationRequest(draftOf(context), context.uploadId),
        // SPEC 4: the form resets, keeping the country and the URL-or-file mode.
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context }) => ({
              ...EMPTY_EDUCATION_DRAFT,
              countryIsoCode: context.countryIsoCode,
              videoSource: context.videoSource,
              uploadId: null,
              progress: null,
            })),
            { type: 'notifySaved', params: text.created },
          ],
        },
        onError: [
          {
            guard: { type: 'fieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({
              errors: ({ event }) => serverFieldErrors(event.error) ?? {},
              uploadId: null,
            }),
          },
          {
            target: 'editing',
            actions: [
              assign({ uploadId: null }),
              {
                type: 'reportError',
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
            ],
          },
        ],
      },
    },
    updating: {
      entry: assign({ errors: {} }),
      invoke: {
        id: 'updateEducation',
        src: 'updateEducation',
        input: ({ context }) => saveEducationRequest(context),
        onDone: {
          target: 'editing',
          actions: [
            assign({
              savedUserIds: ({ context }) => (context.restricted ? context.userIds : []),
            }),
            { type: 'notifySaved', params: text.updated },
          ],
        },
        onError: [
          {
            guard: { type: 'fieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ errors: ({ event }) => serverFieldErrors(event.error) ?? {} }),
          },
          {
            target: 'editing',
            actions: {
              type: 'reportError',
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
          },
        ],
      },
    },
  },
});

type EducationFormSnapshot = SnapshotFrom<typeof educationFormMachine>;

export const selectEducationDraft = (snapshot: EducationFormSnapshot) => draftOf(snapshot.context);
export const selectIsCreating = (snapshot: EducationFormSnapshot) => isCreating(snapshot.context);
export const selectFormLoading = (snapshot: EducationFormSnapshot) => snapshot.matches('loading');
export const selectFormLoadFailed = (snapshot: EducationFormSnapshot) =>
  snapshot.matches('loadFailed');
export const selectSaving = (snapshot: EducationFormSnapshot) =>
  snapshot.matches('creating') || snapshot.matches('updating');

/** What the upload panel shows, or null when no upload runs. */
export type UploadPhase = 'checking' | 'offeringResume' | 'running' | 'paused';
export function selectUploadPhase(snapshot: EducationFormSnapshot): UploadPhase | null {
  if (snapshot.matches({ uploading: 'checkingPrevious' })) return 'checking';
  if (snapshot.matches({ uploading: 'offeringResume' })) return 'offeringResume';
  if (snapshot.matches({ uploading: 'running' })) return 'running';
  // Stryker disable next-line ObjectLiteral: only 'uploading' has child states; its other three are matched above.
  if (snapshot.matches({ uploading: 'paused' })) return 'paused';
  return null;
}

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

/**
 * Add or edit an education (SPEC 2 admin screen 5, 4 "Education form", 5 "Education form", 6, 8
 * "Education"; issue 13). Create mode loads the partners and the users, edit mode the education,
 * its access rights and the users. Every broken rule is listed at once and blocks the submit.
 * A video file goes up first through the resumable upload (checking for an unfinished upload of
 * the same file, then running or paused), then the education is created naming the finished
 * upload. Create resets after success keeping the country and the URL-or-file mode; edit sends the
 * access rights only when the selection changed, and replaces the video (a new file goes up the
 * same way, then the update names it), the thumbnail, the partner and the country when they
 * changed (issue 29). After either, the form links to the saved education. Injected: `loadForm`, `findPreviousUpload`,
 * `uploadVideo` (a callback actor: it reports UPLOAD_PROGRESS, UPLOADED or UPLOAD_FAILED; stopping
 * it pauses the upload, which the next run resumes), `createEducation`, `updateEducation`,
 * `notifySaved`, `notifyUploadFailed` and `reportError` (the generic error handler).
 */
import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Education } from '../api/contract.ts';
import type { CreateEducationRequest } from '../api/educationRequests.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import {
  EMPTY_EDUCATION_DRAFT,
  createEducationRequest,
  draftErrors,
  draftOf,
  draftOfEducation,
  isCreating,
  saveEducationRequest,
  serverFieldErrors,
  uploadFailureText,
  withVisibilityRules,
  withoutErrorsOf,
  type EducationFormContext,
  type EducationFormData,
  type EducationFormEvent,
  type EducationFormInput,
  type SaveEducationRequest,
  type UploadVideoInput,
} from './educationForm.rules.ts';
import { clockOf, hasErrors, reportEventError, submitFailed } from './form.ts';

const text = educationAdminMessages;

export const educationFormMachine = setup({
  types: {
    input: {} as EducationFormInput,
    context: {} as EducationFormContext,
    events: {} as EducationFormEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container always provides every actor
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
    updateEducation: fromPromise<Education, SaveEducationRequest>(() =>
      Promise.reject(new Error('updateEducation is provided by the container')),
    ),
  },
  actions: {
    notifySaved: (_, _text: string) => undefined,
    notifyUploadFailed: (_, _text: string) => undefined,
    reportError: (_, _error: unknown) => undefined,
    dismissNotices: () => undefined,
    showServerFieldErrors: assign({
      errors: ({ event }) => serverFieldErrors((event as { error?: unknown }).error) ?? {},
    }),
  },
  guards: {
    draftIsInvalid: ({ context }) => hasErrors(draftErrors(context, context.now())),
    editing: ({ context }) => !isCreating(context),
    /** A file chosen goes up first; editing without one keeps the video as it is. */
    uploadsFile: ({ context }) => context.videoSource === 'file' && context.video !== null,
    previousUploadFound: (_, { found }: { found: boolean }) => found,
  },
}).createMachine({
  id: 'educationForm',
  context: ({ input }) => ({
    ...EMPTY_EDUCATION_DRAFT,
    educationId: input.educationId,
    currentUser: input.currentUser,
    now: clockOf(input),
    countries: [],
    partners: [],
    users: [],
    savedUserIds: [],
    education: null,
    savedId: null,
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
                education: event.output.education,
              }),
          })),
        },
        onError: {
          target: 'loadFailed',
          actions: reportEventError,
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
        // Every submit closes the toasts of the earlier ones: an old success never stands beside
        // a new failure (issue 29).
        SUBMIT: [
          {
            guard: 'draftIsInvalid',
            actions: [
              'dismissNotices',
              assign({ errors: ({ context }) => draftErrors(context, context.now()) }),
            ],
          },
          { guard: 'uploadsFile', target: 'uploading', actions: 'dismissNotices' },
          { guard: 'editing', target: 'updating', actions: 'dismissNotices' },
          { target: 'creating', actions: 'dismissNotices' },
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
            // Stryker disable next-line StringLiteral: a callback actor reports by its own events; nothing sends to it or waits for it by id
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
            UPLOADED: [
              {
                guard: 'editing',
                target: '#educationForm.updating',
                actions: assign({ uploadId: ({ event }) => event.uploadId }),
              },
              {
                target: '#educationForm.creating',
                actions: assign({ uploadId: ({ event }) => event.uploadId }),
              },
            ],
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
      // Done, refused or failed: a finished upload is named once, the next create uploads anew.
      exit: assign({ uploadId: null }),
      invoke: {
        id: 'createEducation',
        src: 'createEducation',
        input: ({ context }) => createEducationRequest(draftOf(context), context.uploadId),
        // SPEC 4: the form resets, keeping the country and the URL-or-file mode.
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => ({
              ...EMPTY_EDUCATION_DRAFT,
              countryIsoCode: context.countryIsoCode,
              videoSource: context.videoSource,
              progress: null,
              savedId: event.output.id,
            })),
            { type: 'notifySaved', params: text.created },
          ],
        },
        onError: submitFailed(serverFieldErrors, 'showServerFieldErrors'),
      },
    },
    updating: {
      entry: assign({ errors: {} }),
      // As creating: a finished upload is named once.
      exit: assign({ uploadId: null }),
      invoke: {
        id: 'updateEducation',
        src: 'updateEducation',
        input: ({ context }) => saveEducationRequest(context),
        onDone: {
          target: 'editing',
          actions: [
            // The stored education is what the next change compares with; the chosen files
            // are saved, so the inputs empty.
            assign(({ context, event }) => ({
              savedUserIds: context.restricted ? context.userIds : [],
              education: event.output,
              video: null,
              thumbnail: null,
              progress: null,
              savedId: event.output.id,
              ...(event.output.stream === null
                ? { videoSource: 'url' as const, videoUrl: event.output.videoUrl }
                : { videoSource: 'file' as const, videoUrl: '' }),
            })),
            { type: 'notifySaved', params: text.updated },
          ],
        },
        onError: submitFailed(serverFieldErrors, 'showServerFieldErrors'),
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
/** The education last saved here, for the link to it in the viewer; null before any save. */
export const selectSavedId = (snapshot: EducationFormSnapshot) => snapshot.context.savedId;
/** Edit mode: the education as stored, whose video and thumbnail the form shows. */
export const selectStoredEducation = (snapshot: EducationFormSnapshot) =>
  snapshot.context.education;
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

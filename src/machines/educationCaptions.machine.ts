/**
 * The caption files of an uploaded video, on the education edit page (issue 27): one per
 * language, added, replaced (the same language again) or removed. Its own machine beside the
 * education form's, so that the form's rules stay about the education's texts. Injected:
 * `loadEducation`, `putCaptions`, `removeCaptions`, `notifySaved` and `reportError` (the generic
 * handler).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Education } from '../api/contract.ts';
import {
  captionsAlreadyRemoved,
  captionServerErrors,
  EMPTY_CAPTION_DRAFT,
  replacesCaptions,
  validateCaptionDraft,
  withoutCaptions,
  type CaptionDraft,
  type CaptionErrors,
} from './educationCaptions.rules.ts';
import { hasErrors, reportEventError, submitFailed, withoutErrorsOf } from './form.ts';

export interface EducationCaptionsContext {
  educationId: number;
  /** Null until loaded. */
  education: Education | null;
  draft: CaptionDraft;
  errors: CaptionErrors;
  /** The language whose captions are being removed. */
  removing: string | null;
}

export type EducationCaptionsEvent =
  | { type: 'RETRY' }
  | { type: 'EDIT'; values: Partial<CaptionDraft> }
  | { type: 'SUBMIT' }
  | { type: 'REMOVE'; language: string };

export interface CaptionUpload {
  id: number;
  language: string;
  file: File;
}

// Stryker disable next-line ArrowFunction: the default actors: the container always provides all three, so they never run
const provided = (name: string) => () =>
  // Stryker disable next-line StringLiteral: a default actor's message, never read: the container always provides the actor
  Promise.reject(new Error(`${name} is provided by the container`));

export const educationCaptionsMachine = setup({
  types: {
    context: {} as EducationCaptionsContext,
    events: {} as EducationCaptionsEvent,
    input: {} as { educationId: number },
  },
  // Stryker disable next-line ObjectLiteral: the container always provides all three actors
  actors: {
    // Stryker disable next-line StringLiteral: only in the default's message, never read
    loadEducation: fromPromise<Education, { id: number }>(provided('loadEducation')),
    // Stryker disable next-line StringLiteral: only in the default's message, never read
    putCaptions: fromPromise<Education, CaptionUpload>(provided('putCaptions')),
    removeCaptions: fromPromise<undefined, { id: number; language: string }>(
      // Stryker disable next-line StringLiteral: only in the default's message, never read
      provided('removeCaptions'),
    ),
  },
  guards: {
    draftValid: ({ context }) => !hasErrors(validateCaptionDraft(context.draft)),
    hasCaptions: ({ context, event }) =>
      event.type === 'REMOVE' && replacesCaptions(context.education, event.language),
    /** The captions were removed already (another tab): the list drops them too. */
    captionsGone: ({ event }) => captionsAlreadyRemoved((event as { error?: unknown }).error),
  },
  actions: {
    notifySaved: (_, _message: { kind: 'saved' | 'removed'; language: string }) => undefined,
    reportError: (_, _error: unknown) => undefined,
    edit: assign(({ context, event }) =>
      event.type === 'EDIT'
        ? {
            draft: { ...context.draft, ...event.values },
            errors: withoutErrorsOf(context.errors, [...Object.keys(event.values), 'form']),
          }
        : {},
    ),
    showDraftErrors: assign({ errors: ({ context }) => validateCaptionDraft(context.draft) }),
    chooseRemoval: assign({
      removing: ({ event }) => (event.type === 'REMOVE' ? event.language : null),
    }),
    dropRemoved: assign({
      education: ({ context }) =>
        // Stryker disable next-line StringLiteral: chooseRemoval set removing on the way into 'removing', so the fallback never applies
        context.education && withoutCaptions(context.education, context.removing ?? ''),
      removing: null,
    }),
    showServerErrors: assign({
      errors: ({ event }) => captionServerErrors((event as { error?: unknown }).error) ?? {},
    }),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'educationCaptions',
  context: ({ input }) => ({
    educationId: input.educationId,
    education: null,
    draft: EMPTY_CAPTION_DRAFT,
    errors: {},
    removing: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEducation',
        src: 'loadEducation',
        input: ({ context }) => ({ id: context.educationId }),
        onDone: { target: 'editing', actions: assign({ education: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: reportEventError },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        EDIT: { actions: 'edit' },
        SUBMIT: [{ guard: 'draftValid', target: 'saving' }, { actions: 'showDraftErrors' }],
        REMOVE: { guard: 'hasCaptions', target: 'removing', actions: 'chooseRemoval' },
      },
    },
    saving: {
      invoke: {
        id: 'putCaptions',
        src: 'putCaptions',
        input: ({ context }) => ({
          id: context.educationId,
          language: context.draft.language,
          // draftValid let only a chosen file through.
          file: context.draft.file as File,
        }),
        onDone: {
          target: 'editing',
          actions: [
            {
              type: 'notifySaved',
              params: ({ context }) => ({ kind: 'saved', language: context.draft.language }),
            },
            assign({
              education: ({ event }) => event.output,
              draft: EMPTY_CAPTION_DRAFT,
              errors: {},
            }),
          ],
        },
        onError: submitFailed(captionServerErrors, 'showServerErrors'),
      },
    },
    removing: {
      invoke: {
        id: 'removeCaptions',
        src: 'removeCaptions',
        // Stryker disable next-line StringLiteral: chooseRemoval set removing on the way in, so the fallback never applies
        input: ({ context }) => ({ id: context.educationId, language: context.removing ?? '' }),
        onDone: {
          target: 'editing',
          actions: [
            {
              type: 'notifySaved',
              // Stryker disable next-line StringLiteral: the container tells 'saved' from anything else, so any other kind reads as removed; removing is set on the way in, so the fallback never applies
              params: ({ context }) => ({ kind: 'removed', language: context.removing ?? '' }),
            },
            'dropRemoved',
          ],
        },
        onError: [
          {
            guard: 'captionsGone',
            target: 'editing',
            actions: ['showServerErrors', 'dropRemoved'],
          },
          ...submitFailed(captionServerErrors, 'showServerErrors'),
        ],
      },
    },
  },
});

type EducationCaptionsSnapshot = SnapshotFrom<typeof educationCaptionsMachine>;

export const selectCaptionsLoadFailed = (snapshot: EducationCaptionsSnapshot) =>
  snapshot.matches('loadFailed');
export const selectSavingCaptions = (snapshot: EducationCaptionsSnapshot) =>
  snapshot.matches('saving');
/** Loading, sending or removing: the caption controls wait. */
export const selectCaptionsBusy = (snapshot: EducationCaptionsSnapshot) =>
  !snapshot.matches('editing');

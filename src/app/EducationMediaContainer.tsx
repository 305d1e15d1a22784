import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { CAPTION_RULES, type Education } from '../api/contract.ts';
import {
  educationCaptionsMachine,
  selectCaptionsBusy,
  selectCaptionsLoadFailed,
  selectSavingCaptions,
  type CaptionUpload,
} from '../machines/educationCaptions.machine.ts';
import {
  CAPTION_LANGUAGES,
  CAPTION_MAX_KIB,
  captionErrorMessages,
  replacesCaptions,
} from '../machines/educationCaptions.rules.ts';
import {
  selectRetryingTranscode,
  selectTranscodeLoadFailed,
  transcodeWatchMachine,
} from '../machines/transcodeWatch.machine.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import { captionLanguageName } from '../messages/educations.ts';
import { EducationMediaSection } from '../views/EducationMediaSection.tsx';
import { useEffects } from './effects.tsx';
import { useInspect } from './inspector.tsx';
import { showError } from './toasts.tsx';

const text = educationAdminMessages;

/**
 * /admin/educations/update/{id}, under the form: the uploaded video's transcode state (live) and
 * its caption files, each with its own machine.
 */
export function EducationMediaContainer({
  educationId,
  loadEducation: load,
}: {
  educationId: number;
  /** How the education is fetched (the edit page shares its first request with the form). */
  loadEducation?: (id: number) => Promise<Education>;
}) {
  const { api, notify } = useEffects();
  const inspect = useInspect();
  const loadEducation = fromPromise(({ input }: { input: { id: number } }) =>
    load ? load(input.id) : api.educations.getEducation(input.id),
  );
  const reportError = (_: unknown, error: unknown) => showError(notify, error);
  const [watch, sendWatch] = useMachine(
    transcodeWatchMachine.provide({
      actors: {
        loadEducation,
        retryTranscode: fromPromise(({ input }: { input: { id: number } }) =>
          api.educations.retryTranscode(input.id),
        ),
      },
      actions: { reportError },
    }),
    { input: { educationId }, inspect },
  );
  const [captions, sendCaptions] = useMachine(
    educationCaptionsMachine.provide({
      actors: {
        loadEducation,
        putCaptions: fromPromise(({ input }: { input: CaptionUpload }) =>
          api.educations.putCaptions(input.id, input.language, input.file),
        ),
        removeCaptions: fromPromise(
          async ({ input }: { input: { id: number; language: string } }) => {
            await api.educations.removeCaptions(input.id, input.language);
            return undefined;
          },
        ),
      },
      actions: {
        notifySaved: (_, { kind, language }) => {
          const name = captionLanguageName(language);
          notify.success(kind === 'saved' ? text.captionSaved(name) : text.captionRemoved(name));
        },
        reportError,
      },
    }),
    { input: { educationId }, inspect },
  );
  const { education, draft, errors } = captions.context;
  return (
    <EducationMediaSection
      loadFailed={selectCaptionsLoadFailed(captions) || selectTranscodeLoadFailed(watch)}
      education={education}
      watched={watch.context.education}
      draft={draft}
      errors={errors}
      problems={captionErrorMessages(errors)}
      languages={CAPTION_LANGUAGES}
      accept={CAPTION_RULES.accept}
      maxKiB={CAPTION_MAX_KIB}
      saving={selectSavingCaptions(captions)}
      busy={selectCaptionsBusy(captions)}
      retrying={selectRetryingTranscode(watch)}
      replacing={replacesCaptions(education, draft.language)}
      onRetryLoad={() => {
        sendWatch({ type: 'RETRY' });
        sendCaptions({ type: 'RETRY' });
      }}
      onEdit={(values) => sendCaptions({ type: 'EDIT', values })}
      onSubmit={() => sendCaptions({ type: 'SUBMIT' })}
      onRemove={(language) => sendCaptions({ type: 'REMOVE', language })}
      onRetryTranscode={() => sendWatch({ type: 'RETRY_TRANSCODE' })}
    />
  );
}

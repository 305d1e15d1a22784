/**
 * The uploaded video's section under the education edit form (issue 27): the transcode state
 * (live, with a retry when it failed) and the caption files: each language with its remove
 * button, then a small form to add one or replace a language's file (a language select and a
 * WebVTT or SRT file). Nothing for an education whose video is a link. Pure: the container binds
 * the education captions and transcode watch machines.
 */
import { useId, type ChangeEvent } from 'react';
import type { Education } from '../api/contract.ts';
import type { CaptionDraft, CaptionErrors } from '../machines/educationCaptions.rules.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import { captionLanguageName } from '../messages/educations.ts';
import { ErrorList } from './ErrorList.tsx';
import { FileInput } from './FileInput.tsx';
import { useFormFields } from './formFields.tsx';
import { SubmitOrSpinner } from './Spinner.tsx';
import { TranscodeState } from './TranscodeState.tsx';
import './EducationAdmin.css';
import './forms.css';

const text = educationAdminMessages;

export interface EducationMediaSectionProps {
  loadFailed: boolean;
  /** The education as the caption form has it; null while loading. */
  education: Education | null;
  /** The education as last fetched for its transcode state; null while loading. */
  watched: Education | null;
  draft: CaptionDraft;
  errors: CaptionErrors;
  /** The messages of `errors` in the order of the form. */
  problems: readonly string[];
  /** The languages offered (BCP 47 tags). */
  languages: readonly string[];
  accept: string;
  maxKiB: number;
  saving: boolean;
  /** Captions are being sent or removed: the caption controls wait. */
  busy: boolean;
  /** The transcode is being queued again: its retry waits. */
  retrying: boolean;
  /** Sending replaces the captions of the chosen language. */
  replacing: boolean;
  onRetryLoad: () => void;
  onEdit: (values: Partial<CaptionDraft>) => void;
  onSubmit: () => void;
  onRemove: (language: string) => void;
  onRetryTranscode: () => void;
}

export function EducationMediaSection(props: EducationMediaSectionProps) {
  const id = useId();
  if (props.loadFailed) {
    return (
      <div className="form__actions">
        <p role="alert">{text.mediaLoadFailed}</p>
        <button type="button" className="button" onClick={props.onRetryLoad}>
          {text.retry}
        </button>
      </div>
    );
  }
  const { education, watched } = props;
  const uploaded = watched ?? education;
  if (!uploaded?.stream) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="education-media">
      <h2 id={`${id}-title`}>{text.streamStates}</h2>
      {/* Polite: the progress changes every few seconds without a reload. */}
      <p aria-live="polite">
        {watched?.stream && (
          <TranscodeState
            title={watched.title}
            stream={watched.stream}
            busy={props.retrying}
            onRetry={props.onRetryTranscode}
          />
        )}
      </p>
      {education && <CaptionFiles {...props} education={education} />}
    </section>
  );
}

function CaptionFiles({
  education,
  draft,
  errors,
  problems,
  languages,
  accept,
  maxKiB,
  saving,
  busy,
  replacing,
  onEdit,
  onSubmit,
  onRemove,
}: EducationMediaSectionProps & { education: Education }) {
  const { id, form, fieldId, invalid, describedBy, field, select } = useFormFields(errors);
  return (
    <section aria-labelledby={`${id}-captions`}>
      <h3 id={`${id}-captions`}>{text.captionsTitle}</h3>
      {education.captions.length === 0 ? (
        <p>{text.captionsNone}</p>
      ) : (
        <ul className="education-media__captions">
          {education.captions.map(({ language }) => (
            <li key={language}>
              {captionLanguageName(language)}{' '}
              <button
                type="button"
                className="button button--secondary"
                aria-label={text.captionRemoveOf(captionLanguageName(language))}
                disabled={busy}
                onClick={() => onRemove(language)}
              >
                {text.captionRemove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        {...form}
        className="form form--wide"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        <p id={`${id}-intro`}>{text.captionsIntro}</p>
        {select('language', {
          label: text.captionLanguage,
          value: draft.language,
          options: [
            { value: '', label: text.captionLanguageChoose },
            ...languages.map((language) => ({
              value: language,
              label: captionLanguageName(language),
            })),
          ],
          disabled: busy,
          onChange: (language) => onEdit({ language }),
        })}
        {field(
          'file',
          text.captionFile,
          <FileInput
            id={fieldId('file')}
            className="form__input form__file"
            file={draft.file}
            accept={accept}
            disabled={busy}
            invalid={invalid('file')}
            describedBy={describedBy('file', true)}
            onChange={(event: ChangeEvent<HTMLInputElement>) =>
              onEdit({ file: event.target.files?.[0] ?? null })
            }
          />,
          text.captionFileHint(maxKiB),
        )}
        <ErrorList id={`${id}-errors`} problems={problems} />
        <div className="form__actions">
          <SubmitOrSpinner
            submitting={saving}
            label={replacing ? text.captionReplace : text.captionAdd}
            submittingLabel={text.captionSaving}
          />
        </div>
      </form>
    </section>
  );
}

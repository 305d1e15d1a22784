/**
 * Add or edit an education (SPEC 2 admin screen 5; issue 13): title, description, lecturer, the
 * recording month (react-datepicker's month picker in Croatian, not later than this month),
 * country, subtitle language, partner, URL or file, thumbnail and 'Ograniči vidljivost' with the
 * users' multi-select. Editing shows the stored video (playable) and thumbnail above their fields,
 * which then replace them when given (issue 29). After a save, a link opens the education. Every message is shown at its
 * field and all of them together above the button. While the video uploads, the upload panel
 * replaces the button: patience text, a labelled progress bar with percent, megabytes and time
 * left, pause and resume; first, when this browser holds an unfinished upload of the same file,
 * the choice to continue it. Pure: the container binds the education form machine.
 */
import { hr } from 'date-fns/locale/hr';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import DatePicker, { registerLocale } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import type { EDUCATION_RULES, Partner } from '../api/contract.ts';
import { routes } from '../routes.ts';
import type { LocalizedCountry } from '../data/countries.ts';
import type { UploadPhase } from '../machines/educationForm.machine.ts';
import type {
  EducationDraft,
  EducationDraftField,
  EducationFormErrors,
  UploadStatus,
} from '../machines/educationForm.rules.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import { MultiSearchableSelect, type ComboboxOption } from './Combobox.tsx';
import { ErrorList } from './ErrorList.tsx';
import { FileInput } from './FileInput.tsx';
import { PlainLink, type LinkComponent } from './PlainLink.tsx';
import { countryOptions } from './form/countryOptions.ts';
import { useFormFields } from './formFields.tsx';
import { Spinner, SubmitOrSpinner } from './Spinner.tsx';
import { Switch } from './Switch.tsx';
import { CROATIAN_MONTH_PICKER } from './form/croatianPicker.tsx';
import './EducationAdmin.css';
import './forms.css';

registerLocale('hr', hr);

const text = educationAdminMessages;
export const MONTH_FORMAT = 'MM/yyyy';

/** 'YYYY-MM' <-> the picker's date (the first of the month, local time). */
export function monthToPickerDate(month: string): Date | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, 1) : null;
}

export function pickerDateToMonth(date: Date | null): string {
  if (!date) return '';
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

export interface UploadPanelProps {
  phase: UploadPhase;
  status: UploadStatus;
  /** The time left as the page reads it ('1:05'), or null while unknown. */
  timeLeft: string | null;
}

export interface EducationFormPageProps {
  creating: boolean;
  loading: boolean;
  loadFailed: boolean;
  draft: EducationDraft;
  countries: readonly LocalizedCountry[];
  partners: readonly Partner[];
  userOptions: readonly ComboboxOption[];
  /** No user of role user exists yet: the form asks to invite some first. */
  noUsers: boolean;
  errors: EducationFormErrors;
  /** The messages of `errors` in the order of the form. */
  problems: readonly string[];
  saving: boolean;
  /** The education last created or updated here (the link to it), or null. */
  savedId: number | null;
  /** Edit mode: the stored video and thumbnail, rendered by their container. */
  currentVideo?: ReactNode;
  LinkComponent?: LinkComponent;
  upload: UploadPanelProps | null;
  rules: typeof EDUCATION_RULES;
  /** The latest month the picker offers: this month. */
  latestMonth: Date;
  onRetry: () => void;
  onEdit: (values: Partial<EducationDraft>) => void;
  onSubmit: () => void;
  onPause: () => void;
  onResume: () => void;
  onResumePrevious: () => void;
  onStartOver: () => void;
}

export function EducationFormPage(props: EducationFormPageProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="education-form">
      <h1 id={`${id}-title`}>{props.creating ? text.createTitle : text.editTitle}</h1>
      {props.loading ? (
        <div className="status">
          <Spinner label={text.loading} />
        </div>
      ) : props.loadFailed ? (
        <div className="form__actions">
          <p role="alert">{text.loadFailed}</p>
          <button type="button" className="button" onClick={props.onRetry}>
            {text.retry}
          </button>
        </div>
      ) : (
        <EducationForm {...props} />
      )}
    </section>
  );
}

function EducationForm({
  creating,
  draft,
  countries,
  partners,
  userOptions,
  noUsers,
  errors,
  problems,
  saving,
  savedId,
  currentVideo,
  LinkComponent: Link = PlainLink,
  upload,
  rules,
  latestMonth,
  onEdit,
  onSubmit,
  ...uploadActions
}: EducationFormPageProps) {
  const { id, form, fieldId, errorId, invalid, describedBy, fieldErrors, field, select } =
    useFormFields<EducationDraftField>(errors);
  const busy = saving || upload !== null;
  const textInput = (
    name: 'title' | 'lecturer' | 'subtitleLanguage' | 'videoUrl',
    maxLength: number,
    hint = false,
  ) => (
    <input
      id={fieldId(name)}
      type={name === 'videoUrl' ? 'url' : 'text'}
      className="form__input"
      autoComplete="off"
      maxLength={maxLength}
      value={draft[name]}
      disabled={busy}
      aria-invalid={invalid(name) || undefined}
      aria-describedby={describedBy(name, hint)}
      onChange={(event) => onEdit({ [name]: event.target.value })}
    />
  );
  const fileField = (name: 'video' | 'thumbnail', label: string, accept: string, hint: string) =>
    field(
      name,
      label,
      <FileInput
        file={draft[name]}
        id={fieldId(name)}
        className="form__input form__file"
        accept={accept}
        disabled={busy}
        invalid={invalid(name)}
        describedBy={describedBy(name, true)}
        onChange={(event: ChangeEvent<HTMLInputElement>) =>
          onEdit({ [name]: event.target.files?.[0] ?? null })
        }
      />,
      hint,
    );

  return (
    <form
      {...form}
      className="form form--wide"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSubmit();
      }}
    >
      {field('title', text.titleLabel, textInput('title', rules.titleMaxLength))}
      {field(
        'description',
        text.description,
        <textarea
          id={fieldId('description')}
          className="form__input form__multiline"
          rows={6}
          maxLength={rules.descriptionMaxLength}
          value={draft.description}
          disabled={busy}
          aria-invalid={invalid('description') || undefined}
          aria-describedby={describedBy('description')}
          onChange={(event) => onEdit({ description: event.target.value })}
        />,
      )}
      {field('lecturer', text.lecturer, textInput('lecturer', rules.lecturerMaxLength))}
      {field(
        'recordingMonth',
        text.recordingMonth,
        <DatePicker
          {...CROATIAN_MONTH_PICKER}
          id={fieldId('recordingMonth')}
          className="form__input"
          selected={monthToPickerDate(draft.recordingMonth)}
          onChange={(date: Date | null) => onEdit({ recordingMonth: pickerDateToMonth(date) })}
          showMonthYearPicker
          maxDate={latestMonth}
          locale="hr"
          dateFormat={MONTH_FORMAT}
          placeholderText={text.recordingMonthPlaceholder}
          autoComplete="off"
          disabled={busy}
          ariaInvalid={invalid('recordingMonth') ? 'true' : undefined}
          ariaDescribedBy={describedBy('recordingMonth', true)}
        />,
        text.recordingMonthHint,
      )}
      {select('countryIsoCode', {
        label: text.country,
        value: draft.countryIsoCode,
        options: countryOptions(countries),
        disabled: busy,
        onChange: (countryIsoCode) => onEdit({ countryIsoCode }),
      })}
      {field(
        'subtitleLanguage',
        text.subtitleLanguage,
        textInput('subtitleLanguage', rules.subtitleLanguageMaxLength, true),
        text.subtitleLanguageHint,
      )}
      {select('partnerId', {
        label: text.partner,
        value: draft.partnerId,
        options: [
          { value: '', label: text.noPartner },
          ...partners.map((partner) => ({ value: String(partner.id), label: partner.name })),
        ],
        disabled: busy,
        onChange: (partnerId) => onEdit({ partnerId }),
      })}
      {!creating && currentVideo}
      {
        <fieldset className="education-form__source" disabled={busy}>
          <legend className="form__label">{text.videoSource}</legend>
          {(['file', 'url'] as const).map((source) => (
            <label key={source} className="education-form__choice">
              <input
                type="radio"
                name={`${id}-videoSource`}
                value={source}
                checked={draft.videoSource === source}
                onChange={() => onEdit({ videoSource: source })}
              />
              {source === 'url' ? text.videoSourceUrl : text.videoSourceFile}
            </label>
          ))}
        </fieldset>
      }
      {draft.videoSource === 'url' &&
        field(
          'videoUrl',
          text.videoUrl,
          textInput('videoUrl', rules.videoUrlMaxLength, true),
          text.videoUrlHint,
        )}
      {draft.videoSource === 'file' &&
        fileField(
          'video',
          text.videoFile,
          rules.videoAccept,
          creating ? text.videoFileHint : `${text.videoFileHint} ${text.replaceVideoHint}`,
        )}
      {fileField(
        'thumbnail',
        creating ? text.thumbnail : text.replaceThumbnail,
        rules.thumbnailAccept,
        text.thumbnailHint,
      )}
      <Switch
        checked={draft.restricted}
        disabled={busy}
        label={text.restrict}
        onToggle={() => onEdit({ restricted: !draft.restricted })}
      />
      {draft.restricted && (
        <>
          {noUsers && <p className="form__hint">{text.noUsers}</p>}
          <MultiSearchableSelect
            id={fieldId('userIds')}
            label={text.users}
            hint={text.usersHint}
            options={userOptions}
            values={draft.userIds}
            disabled={busy}
            invalid={invalid('userIds')}
            describedBy={invalid('userIds') ? errorId('userIds') : undefined}
            onChange={(userIds) => onEdit({ userIds })}
          />
          {fieldErrors('userIds')}
        </>
      )}
      <ErrorList id={`${id}-errors`} problems={problems} />
      {upload ? (
        <UploadPanel {...upload} {...uploadActions} />
      ) : (
        <div className="form__actions">
          <SubmitOrSpinner
            submitting={saving}
            label={creating ? text.submitCreate : text.submitUpdate}
            submittingLabel={text.submitting}
          />
          {savedId !== null && !saving && (
            <Link
              href={routes.education.href({ educationId: String(savedId) })}
              className="button button--secondary"
            >
              {text.viewEducation}
            </Link>
          )}
        </div>
      )}
    </form>
  );
}

function UploadPanel({
  phase,
  status,
  timeLeft,
  onPause,
  onResume,
  onResumePrevious,
  onStartOver,
}: UploadPanelProps &
  Pick<EducationFormPageProps, 'onPause' | 'onResume' | 'onResumePrevious' | 'onStartOver'>) {
  const id = useId();
  if (phase === 'checking') return <Spinner label={text.checkingPrevious} />;
  if (phase === 'offeringResume') {
    return (
      <div className="education-form__upload" role="group" aria-labelledby={`${id}-previous`}>
        <p id={`${id}-previous`}>{text.previousFound}</p>
        <div className="form__actions">
          <button type="button" className="button" onClick={onResumePrevious}>
            {text.resumePrevious}
          </button>
          <button type="button" className="button button--secondary" onClick={onStartOver}>
            {text.startOver}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="education-form__upload">
      <p role="status">{phase === 'paused' ? text.uploadPaused : text.uploadPatience}</p>
      <label htmlFor={`${id}-progress`} className="form__label">
        {text.uploadProgress}
      </label>
      <progress
        id={`${id}-progress`}
        className="education-form__progress"
        max={100}
        value={status.percent}
        aria-describedby={`${id}-numbers`}
      />
      <p id={`${id}-numbers`} className="education-form__numbers">
        <span>{status.percent} %</span>
        <span>{text.uploadSent(status.sentMegabytes, status.totalMegabytes)}</span>
        {phase === 'running' && (
          <span>{timeLeft ? text.uploadTimeLeft(timeLeft) : text.uploadTimeUnknown}</span>
        )}
      </p>
      <div className="form__actions">
        {phase === 'paused' ? (
          <button type="button" className="button" onClick={onResume}>
            {text.resume}
          </button>
        ) : (
          <button type="button" className="button button--secondary" onClick={onPause}>
            {text.pause}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * Add a course (SPEC 2 admin screen 2, 5 "Course form", 9): title, description with a counter,
 * lecturer(s), location, country, start and end (react-datepicker in Croatian, 'dd. MM. yyyy.
 * HH:mm', 15-minute steps), price, image and PDF. Every message is shown at its field and all of
 * them together above the button. Pure: the container binds the course form machine. The date
 * picker and its styles load with this screen only.
 */
import { useId, type ChangeEvent } from 'react';
import type { COURSE_RULES } from '../api/contract.ts';
import type { LocalizedCountry } from '../data/countries.ts';
import type {
  CourseDraft,
  CourseDraftField,
  CourseFormErrors,
} from '../machines/courseForm.rules.ts';
import { courseFormMessages } from '../messages/courseForm.ts';
import { ErrorList } from './ErrorList.tsx';
import { FileInput } from './FileInput.tsx';
import { countryOptions } from './form/countryOptions.ts';
import { DateTimePicker } from './form/DateTimePicker.tsx';
import { useFormFields } from './formFields.tsx';
import { Spinner, SubmitOrSpinner } from './Spinner.tsx';
import './CourseFormPage.css';
import './forms.css';

const text = courseFormMessages;

export interface CourseFormPageProps {
  loading: boolean;
  draft: CourseDraft;
  countries: readonly LocalizedCountry[];
  errors: CourseFormErrors;
  /** The messages of `errors` in the order of the form. */
  problems: readonly string[];
  submitting: boolean;
  rules: typeof COURSE_RULES;
  /** The present: the date pickers offer no earlier time. */
  now: Date;
  onEdit: (values: Partial<CourseDraft>) => void;
  onSubmit: () => void;
}

export function CourseFormPage(props: CourseFormPageProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="course-form">
      <h1 id={`${id}-title`}>{text.title}</h1>
      {props.loading ? (
        <div className="status">
          <Spinner label={text.loading} />
        </div>
      ) : (
        <CourseForm {...props} />
      )}
    </section>
  );
}

function CourseForm({
  draft,
  countries,
  errors,
  problems,
  submitting,
  rules,
  now,
  onEdit,
  onSubmit,
}: CourseFormPageProps) {
  const { id, form, fieldId, invalid, describedBy, field, select } =
    useFormFields<CourseDraftField>(errors);
  const textProps = (field: 'title' | 'lecturer' | 'location' | 'price') => ({
    id: fieldId(field),
    className: 'form__input',
    value: draft[field],
    disabled: submitting,
    'aria-invalid': invalid(field) || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => onEdit({ [field]: event.target.value }),
  });
  const fileChange = (field: 'image' | 'pdf') => (event: ChangeEvent<HTMLInputElement>) =>
    onEdit({ [field]: event.target.files?.[0] ?? null });

  const datePicker = (name: 'startDate' | 'endDate') => (
    <DateTimePicker
      id={fieldId(name)}
      value={draft[name]}
      // The end is usually near the start: its calendar opens there.
      openTo={draft[name] || draft.startDate}
      onChange={(wallTime) => onEdit({ [name]: wallTime })}
      now={now}
      disabled={submitting}
      invalid={invalid(name)}
      describedBy={describedBy(name, true)}
    />
  );

  const descriptionLength = draft.description.length;
  return (
    <form
      {...form}
      className="form form--wide"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitting) onSubmit();
      }}
    >
      {field(
        'title',
        text.titleLabel,
        <input
          type="text"
          autoComplete="off"
          maxLength={rules.titleMaxLength}
          aria-describedby={describedBy('title')}
          {...textProps('title')}
        />,
      )}
      {field(
        'description',
        text.description,
        <textarea
          id={fieldId('description')}
          className="form__input form__multiline"
          rows={8}
          value={draft.description}
          disabled={submitting}
          aria-invalid={invalid('description') || undefined}
          aria-describedby={describedBy('description', true)}
          onChange={(event) => onEdit({ description: event.target.value })}
        />,
        <span className={descriptionLength > rules.descriptionMaxLength ? 'form__hint--over' : ''}>
          {text.descriptionCounter(descriptionLength, rules.descriptionMaxLength)}
        </span>,
      )}
      {field(
        'lecturer',
        text.lecturer,
        <input
          type="text"
          autoComplete="off"
          maxLength={rules.lecturerMaxLength}
          aria-describedby={describedBy('lecturer', true)}
          {...textProps('lecturer')}
        />,
        text.lecturerHint,
      )}
      {field(
        'location',
        text.location,
        <input
          type="text"
          autoComplete="off"
          maxLength={rules.locationMaxLength}
          aria-describedby={describedBy('location')}
          {...textProps('location')}
        />,
      )}
      {select('countryIsoCode', {
        label: text.country,
        value: draft.countryIsoCode,
        options: countryOptions(countries),
        disabled: submitting,
        onChange: (countryIsoCode) => onEdit({ countryIsoCode }),
      })}
      <div className="course-form__dates">
        {field('startDate', text.startDate, datePicker('startDate'), text.dateHint)}
        {field('endDate', text.endDate, datePicker('endDate'), text.dateHint)}
      </div>
      {field(
        'price',
        text.price,
        <input
          type="number"
          inputMode="decimal"
          min={rules.priceMin}
          max={rules.priceMax}
          step={rules.priceStep}
          aria-describedby={describedBy('price', true)}
          {...textProps('price')}
        />,
        text.priceHint,
        'course-form__price',
      )}
      {field(
        'image',
        text.image,
        <FileInput
          file={draft.image}
          id={fieldId('image')}
          className="form__input form__file"
          accept={rules.imageAccept}
          disabled={submitting}
          invalid={invalid('image')}
          describedBy={describedBy('image')}
          onChange={fileChange('image')}
        />,
      )}
      {field(
        'pdf',
        text.pdf,
        <FileInput
          file={draft.pdf}
          id={fieldId('pdf')}
          className="form__input form__file"
          accept={rules.pdfAccept}
          disabled={submitting}
          invalid={invalid('pdf')}
          describedBy={describedBy('pdf')}
          onChange={fileChange('pdf')}
        />,
      )}
      <ErrorList id={`${id}-errors`} problems={problems} />
      <div className="form__actions">
        <SubmitOrSpinner
          submitting={submitting}
          label={text.submit}
          submittingLabel={text.submitting}
        />
      </div>
    </form>
  );
}

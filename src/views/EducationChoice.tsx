/**
 * What the picker and the delete screen share (SPEC 2 admin screens 4 and 6): the title, a spinner
 * while the educations load, a message with a retry when that failed, a note when there is none,
 * else the searchable select of '[#id] title', followed by the screen's own part.
 */
import { useId, type ReactNode } from 'react';
import type { Education } from '../api/contract.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import { SearchableSelect } from './Combobox.tsx';
import { Spinner } from './Spinner.tsx';
import './EducationAdmin.css';
import './forms.css';

const text = educationAdminMessages;

export interface EducationChoiceProps {
  title: string;
  loading: boolean;
  loadFailed: boolean;
  educations: readonly Education[];
  /** The chosen education's id, or null. */
  value: number | null;
  onRetry: () => void;
  onChoose: (id: number | null) => void;
  /** The id of the select, for focus to return to. */
  selectId?: string;
  children?: ReactNode;
}

export function EducationChoice({
  title,
  loading,
  loadFailed,
  educations,
  value,
  onRetry,
  onChoose,
  selectId,
  children,
}: EducationChoiceProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="education-admin">
      <h1 id={`${id}-title`}>{title}</h1>
      {loading ? (
        <div className="status">
          <Spinner label={text.loadingEducations} />
        </div>
      ) : loadFailed ? (
        <div className="form__actions">
          <p role="alert">{text.educationsFailed}</p>
          <button type="button" className="button" onClick={onRetry}>
            {text.retry}
          </button>
        </div>
      ) : educations.length === 0 ? (
        <p>{text.noEducations}</p>
      ) : (
        <div className="form">
          <SearchableSelect
            id={selectId ?? `${id}-education`}
            label={text.pickerLabel}
            hint={text.pickerHint}
            options={educations.map((education) => ({
              value: education.id,
              label: text.educationOption(education.id, education.title),
            }))}
            value={value}
            onChange={onChoose}
          />
          {children}
        </div>
      )}
    </section>
  );
}

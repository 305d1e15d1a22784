/**
 * Choose the education to edit (SPEC 2 admin screen 6): a searchable select of '[#id] title';
 * choosing one opens its edit route. Pure: the container binds the education picker machine.
 */
import { useId } from 'react';
import type { Education } from '../api/contract.ts';
import { messages } from '../messages.ts';
import { SearchableSelect } from './Combobox.tsx';
import { EducationListStatus } from './EducationListStatus.tsx';
import './EducationAdmin.css';
import './forms.css';

const text = messages.educationAdmin;

/** '[#id] title' (SPEC 2 admin screen 4), the option of an education in both selects. */
export const educationOptions = (educations: readonly Education[]) =>
  educations.map((education) => ({
    value: education.id,
    label: text.educationOption(education.id, education.title),
  }));

export interface EducationPickerPageProps {
  loading: boolean;
  loadFailed: boolean;
  educations: readonly Education[];
  onRetry: () => void;
  onChoose: (id: number) => void;
}

export function EducationPickerPage({
  loading,
  loadFailed,
  educations,
  onRetry,
  onChoose,
}: EducationPickerPageProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="education-admin">
      <h1 id={`${id}-title`}>{text.pickerTitle}</h1>
      <EducationListStatus
        loading={loading}
        loadFailed={loadFailed}
        empty={educations.length === 0}
        onRetry={onRetry}
      >
        <div className="form">
          <SearchableSelect
            id={`${id}-education`}
            label={text.pickerLabel}
            hint={text.pickerHint}
            options={educationOptions(educations)}
            value={null}
            onChange={(value) => {
              if (value !== null) onChoose(value);
            }}
          />
        </div>
      </EducationListStatus>
    </section>
  );
}

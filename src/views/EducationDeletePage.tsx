/**
 * Delete an education (SPEC 2 admin screen 4): a searchable select of '[#id] title'; the chosen
 * one's title, lecturer and creation date and time; a button that asks in a dialog ('Potvrđujem
 * brisanje'). Pure: the container binds the education delete machine.
 */
import { useId } from 'react';
import type { Education } from '../api/contract.ts';
import { messages } from '../messages.ts';
import { SearchableSelect } from './Combobox.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { EducationListStatus } from './EducationListStatus.tsx';
import { educationOptions } from './EducationPickerPage.tsx';
import { createdAtText } from './educationFormat.ts';
import './EducationAdmin.css';
import './forms.css';

const text = messages.educationAdmin;

export interface EducationDeletePageProps {
  loading: boolean;
  loadFailed: boolean;
  educations: readonly Education[];
  chosen: Education | null;
  confirming: boolean;
  deleting: boolean;
  onRetry: () => void;
  onChoose: (id: number | null) => void;
  onAskDelete: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}

export function EducationDeletePage({
  loading,
  loadFailed,
  educations,
  chosen,
  confirming,
  deleting,
  onRetry,
  onChoose,
  onAskDelete,
  onCancel,
  onConfirm,
}: EducationDeletePageProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="education-admin">
      <h1 id={`${id}-title`}>{text.deleteTitle}</h1>
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
            value={chosen?.id ?? null}
            onChange={onChoose}
          />
          {chosen && (
            <>
              <dl className="education-admin__chosen">
                <dt>{text.chosenTitle}</dt>
                <dd>{chosen.title}</dd>
                <dt>{text.chosenLecturer}</dt>
                <dd>{chosen.lecturer}</dd>
                <dt>{text.chosenCreatedAt}</dt>
                <dd>{createdAtText(chosen.createdAt)}</dd>
              </dl>
              <div className="form__actions">
                <button id={`${id}-delete`} type="button" className="button" onClick={onAskDelete}>
                  {text.deleteButton}
                </button>
              </div>
            </>
          )}
        </div>
      </EducationListStatus>
      {confirming && chosen && (
        <ConfirmDialog
          title={text.confirmTitle}
          text={text.confirmText(chosen.title)}
          cancelLabel={text.confirmNo}
          confirmLabel={text.confirmYes}
          busyLabel={text.deleting}
          busy={deleting}
          fallbackFocusId={`${id}-education`}
          onCancel={onCancel}
          onConfirm={onConfirm}
        />
      )}
    </section>
  );
}

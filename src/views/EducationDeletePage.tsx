/**
 * Delete an education (SPEC 2 admin screen 4): a searchable select of '[#id] title'; the chosen
 * one's title, lecturer and creation date and time; a button that asks in a dialog ('Potvrđujem
 * brisanje'). Pure: the container binds the education delete machine.
 */
import { useId } from 'react';
import type { Education } from '../api/contract.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { EducationChoice } from './EducationChoice.tsx';
import { createdAtText } from './educationFormat.ts';

const text = educationAdminMessages;

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
  chosen,
  confirming,
  deleting,
  onAskDelete,
  onCancel,
  onConfirm,
  ...list
}: EducationDeletePageProps) {
  const selectId = `${useId()}-education`;
  return (
    <>
      <EducationChoice
        {...list}
        title={text.deleteTitle}
        value={chosen?.id ?? null}
        selectId={selectId}
      >
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
              <button type="button" className="button" onClick={onAskDelete}>
                {text.deleteButton}
              </button>
            </div>
          </>
        )}
      </EducationChoice>
      {confirming && chosen && (
        <ConfirmDialog
          title={text.confirmTitle}
          text={text.confirmText(chosen.title)}
          cancelLabel={text.confirmNo}
          confirmLabel={text.confirmYes}
          busyLabel={text.deleting}
          busy={deleting}
          fallbackFocusId={selectId}
          onCancel={onCancel}
          onConfirm={onConfirm}
        />
      )}
    </>
  );
}

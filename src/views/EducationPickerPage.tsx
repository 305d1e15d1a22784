/**
 * Choose the education to edit (SPEC 2 admin screen 6): a searchable select of '[#id] title';
 * choosing one opens its edit route. Pure: the container binds the education picker machine.
 */
import type { Education } from '../api/contract.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import { EducationChoice } from './EducationChoice.tsx';

export interface EducationPickerPageProps {
  loading: boolean;
  loadFailed: boolean;
  educations: readonly Education[];
  onRetry: () => void;
  onChoose: (id: number) => void;
}

export function EducationPickerPage({ onChoose, ...list }: EducationPickerPageProps) {
  return (
    <EducationChoice
      {...list}
      title={educationAdminMessages.pickerTitle}
      value={null}
      onChoose={(id) => {
        if (id !== null) onChoose(id);
      }}
    />
  );
}

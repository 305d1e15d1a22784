/**
 * Choose the education to edit (SPEC 2 admin screen 6): a searchable select of '[#id] title';
 * choosing one opens its edit route. Pure: the container binds the education picker machine.
 */
import type { Education } from '../api/contract.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import { EducationChoice } from './EducationChoice.tsx';
import { TranscodeState } from './TranscodeState.tsx';

export interface EducationPickerPageProps {
  loading: boolean;
  loadFailed: boolean;
  educations: readonly Education[];
  onRetry: () => void;
  onChoose: (id: number) => void;
  /** Queues a failed transcode again (issue 27). */
  onRetryTranscode?: (id: number) => void;
}

const text = educationAdminMessages;

export function EducationPickerPage({
  onChoose,
  onRetryTranscode = () => undefined,
  ...list
}: EducationPickerPageProps) {
  const uploaded = list.educations.filter((education) => education.stream !== null);
  return (
    <EducationChoice
      {...list}
      title={text.pickerTitle}
      value={null}
      onChoose={(id) => {
        if (id !== null) onChoose(id);
      }}
    >
      {uploaded.length > 0 && (
        <section aria-label={text.streamStates} className="education-admin__streams">
          <h2>{text.streamStates}</h2>
          {/* Polite: the progress changes every few seconds without a reload. */}
          <ul aria-live="polite">
            {uploaded.map(({ id, title, stream }) => (
              <li key={id}>
                {text.educationOption(id, title)}:{' '}
                {stream && (
                  <TranscodeState
                    title={title}
                    stream={stream}
                    onRetry={() => onRetryTranscode(id)}
                  />
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </EducationChoice>
  );
}

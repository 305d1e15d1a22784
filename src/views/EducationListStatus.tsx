/**
 * The list of educations the picker and the delete screen choose from: a spinner while it loads,
 * a message with a retry when it failed, a note when there is none, else the screen itself.
 */
import type { ReactNode } from 'react';
import { messages } from '../messages.ts';
import { Spinner } from './Spinner.tsx';

const text = messages.educationAdmin;

export interface EducationListStatusProps {
  loading: boolean;
  loadFailed: boolean;
  empty: boolean;
  onRetry: () => void;
  children: ReactNode;
}

export function EducationListStatus({
  loading,
  loadFailed,
  empty,
  onRetry,
  children,
}: EducationListStatusProps) {
  if (loading) {
    return (
      <div className="status">
        <Spinner label={text.loadingEducations} />
      </div>
    );
  }
  if (loadFailed) {
    return (
      <div className="form__actions">
        <p role="alert">{text.educationsFailed}</p>
        <button type="button" className="button" onClick={onRetry}>
          {text.retry}
        </button>
      </div>
    );
  }
  if (empty) return <p>{text.noEducations}</p>;
  return children;
}

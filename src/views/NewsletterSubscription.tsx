/**
 * The newsletter subscribe button (SPEC 2 "Products and catalogues", "Courses list"; 4). Pure:
 * the container passes the dialog, loaded on demand, as `dialog`. The button stays in place while
 * the dialog loads, so the focus can return to it when the dialog closes.
 */
import type { ReactNode } from 'react';
import { newsletterMessages } from '../messages/newsletter.ts';
import { Spinner } from './Spinner.tsx';
import './forms.css';

export interface NewsletterSubscriptionProps {
  /** The dialog's code is being loaded. */
  loading: boolean;
  /** Why the dialog could not open. */
  problem: string | null;
  dialog: ReactNode;
  onOpen: () => void;
}

export function NewsletterSubscription({
  loading,
  problem,
  dialog,
  onOpen,
}: NewsletterSubscriptionProps) {
  return (
    <div className="form__actions">
      <button type="button" className="button" aria-haspopup="dialog" onClick={onOpen}>
        {newsletterMessages.subscribe}
      </button>
      {loading && <Spinner label={newsletterMessages.opening} />}
      {problem && (
        <p role="alert" className="form__errors">
          {problem}
        </p>
      )}
      {dialog}
    </div>
  );
}

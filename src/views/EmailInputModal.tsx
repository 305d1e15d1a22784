/**
 * The e-mail input modal (SPEC 4, 5 "Input modal"), shared by the password-reset dialog and the
 * newsletter modal. Pure: the container binds the e-mail input modal machine and passes the robot
 * check as `robotCheck`. A modal dialog: focus moves to the e-mail field on opening, Tab stays
 * inside, Escape closes it (except while submitting), and focus returns to whatever opened it.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { Feedback } from '../machines/emailInputModal.machine.ts';
import { emailModalMessages } from '../messages/emailModal.ts';
import { keepFocusInside } from './dialogFocus.ts';
import { Spinner } from './Spinner.tsx';
import './forms.css';

export interface EmailInputModalProps {
  open: boolean;
  title: string;
  description?: string;
  email: string;
  /** SPEC 5: the button is enabled from 5 characters. */
  canSubmit: boolean;
  submitting: boolean;
  /** The success text replaces the submit button (newsletter). */
  succeeded: boolean;
  feedback: Feedback | null;
  robotCheck: ReactNode;
  onChange: (email: string) => void;
  onSubmit: () => void;
  onEnter: () => void;
  onClose: () => void;
}

export function EmailInputModal(props: EmailInputModalProps) {
  if (!props.open) return null;
  return <OpenDialog {...props} />;
}

function OpenDialog({
  title,
  description,
  email,
  canSubmit,
  submitting,
  succeeded,
  feedback,
  robotCheck,
  onChange,
  onSubmit,
  onEnter,
  onClose,
}: EmailInputModalProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  // Focus goes to the field on opening and back to the opener on closing.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    input.current?.focus();
    return () => opener?.focus();
  }, []);

  // The spinner took the submit button's place, and the focus with it: give it back, to the field
  // to correct it, or to the close button once the success text stands where the button was.
  const wasSubmitting = useRef(submitting);
  useEffect(() => {
    if (wasSubmitting.current && !submitting) {
      (succeeded ? closeButton.current : input.current)?.focus();
    }
    wasSubmitting.current = submitting;
  }, [submitting, succeeded]);

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !submitting) onClose();
    else keepFocusInside(event);
  };
  // Enter has its own rule (SPEC 5), so the form's implicit submit is replaced by onEnter.
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onEnter();
  };
  const feedbackId = `${id}-feedback`;
  // A refusal of the address stands under the field and marks it; anything else below the form.
  const fieldError = feedback?.tone === 'error' && feedback.aboutEmail ? feedback.text : null;
  const errorId = `${id}-email-error`;

  return (
    <div className="modal">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-description` : undefined}
        className="modal__dialog"
        onKeyDown={onDialogKeyDown}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {description && <p id={`${id}-description`}>{description}</p>}
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <div className="form__field">
            <label className="form__label" htmlFor={`${id}-email`}>
              {emailModalMessages.emailLabel}
            </label>
            <input
              ref={input}
              id={`${id}-email`}
              className="form__input"
              type="email"
              autoComplete="email"
              value={email}
              readOnly={submitting}
              aria-invalid={fieldError !== null || undefined}
              aria-describedby={fieldError ? errorId : undefined}
              onChange={(event) => onChange(event.target.value)}
              onKeyDown={onInputKeyDown}
            />
            {fieldError && (
              <p id={errorId} role="alert" className="form__field-errors">
                {fieldError}
              </p>
            )}
          </div>
          {robotCheck}
          {feedback && !fieldError && (
            <p
              id={feedbackId}
              role={feedback.tone === 'error' ? 'alert' : 'status'}
              className={feedback.tone === 'error' ? 'form__errors' : 'form__success'}
            >
              {feedback.text}
            </p>
          )}
          <div className="form__actions">
            {submitting && <Spinner label={emailModalMessages.submitting} />}
            {!submitting && !succeeded && (
              <button type="submit" className="button" disabled={!canSubmit}>
                {emailModalMessages.submit}
              </button>
            )}
          </div>
        </form>
        {!submitting && (
          <button
            ref={closeButton}
            type="button"
            className="modal__close"
            aria-label={emailModalMessages.close}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
    </div>
  );
}

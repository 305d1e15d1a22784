/**
 * A modal confirmation of a destructive action: focus starts on the safe answer, Tab stays
 * inside, Escape gives the safe answer unless the action already runs (a spinner then replaces
 * the buttons), and focus goes back where it came from, or to `fallbackFocusId` when that is
 * gone (the deleted item's button). `children` come between the text and the buttons (a choice
 * the action needs); without `confirmLabel` only the safe answer is offered.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { keepFocusInside } from './dialogFocus.ts';
import { Spinner } from './Spinner.tsx';
import './forms.css';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  cancelLabel: string;
  confirmLabel?: string | undefined;
  children?: ReactNode;
  /** Read out by the spinner while the action runs. */
  busyLabel: string;
  busy: boolean;
  fallbackFocusId: string;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmDialog({
  title,
  text,
  cancelLabel,
  confirmLabel,
  busyLabel,
  busy,
  fallbackFocusId,
  children,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
      else document.getElementById(fallbackFocusId)?.focus();
    };
  }, [fallbackFocusId]);

  // The spinner replaces the buttons while busy; the dialog itself keeps the focus then.
  useEffect(() => {
    if (busy) dialog.current?.focus();
  }, [busy]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !busy) onCancel();
    else keepFocusInside(event);
  };

  return (
    <div className="modal">
      <div
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        tabIndex={-1}
        className="modal__dialog"
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-text`}>{text}</p>
        {children}
        <div className="form__actions">
          {busy ? (
            <Spinner label={busyLabel} />
          ) : (
            <>
              <button
                ref={cancel}
                type="button"
                className="button button--secondary"
                onClick={onCancel}
              >
                {cancelLabel}
              </button>
              {confirmLabel !== undefined && (
                <button type="button" className="button" onClick={onConfirm}>
                  {confirmLabel}
                </button>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

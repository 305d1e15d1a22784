import { ToastContainer, cssTransition, toast } from 'react-toastify/unstyled';
import { ApiError, AuthExpiredError } from '../api/errors.ts';
import { errorsMessages } from '../messages/errors.ts';
import type { Notify } from './effects.tsx';
import '../styles/toasts.css';

/** SPEC 2 and 9: toasts at bottom-centre, closing after 10000 ms. */
export const TOAST_AUTO_CLOSE_MS = 10_000;

const fade = cssTransition({ enter: 'toast-enter', exit: 'toast-exit' });

export function AppToasts() {
  return (
    <ToastContainer
      position="bottom-center"
      autoClose={TOAST_AUTO_CLOSE_MS}
      transition={fade}
      closeButton
      aria-label="Obavijesti"
    />
  );
}

/**
 * SPEC 8 "Generic": an error without content gets the unexpected-error toast that stays
 * until dismissed; any other error is shown with its JSON.
 */
export function describeError(error: unknown): { text: string; sticky: boolean } {
  const detail = error instanceof ApiError ? (error.body ?? { status: error.status }) : error;
  const isEmpty =
    detail === null ||
    detail === undefined ||
    (typeof detail === 'object' && Object.keys(detail).length === 0 && !(detail instanceof Error));
  if (isEmpty) return { text: errorsMessages.unexpected, sticky: true };
  const json =
    detail instanceof Error ? JSON.stringify({ message: detail.message }) : JSON.stringify(detail);
  return { text: errorsMessages.generic(json), sticky: false };
}

export function showError(notify: Notify, error: unknown): void {
  // A forced logout already told the user what happened.
  if (error instanceof AuthExpiredError) return;
  const { text, sticky } = describeError(error);
  notify.error(text, { sticky });
}

export const toastNotify: Notify = {
  success: (text) => toast.success(text),
  info: (text) => toast.info(text),
  warning: (text) => toast.warning(text),
  error: (text, options) => toast.error(text, options?.sticky ? { autoClose: false } : undefined),
};

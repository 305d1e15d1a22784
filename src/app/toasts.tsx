import { useEffect } from 'react';
import { ToastContainer, cssTransition, toast, type Id } from 'react-toastify/unstyled';
import { ApiError, AuthExpiredError } from '../api/errors.ts';
import { errorsMessages } from '../messages/errors.ts';
import type { NoticeOptions, Notify } from './effects.tsx';
import { clearReportedControl, followToasts } from './toastClearance.ts';
import '../styles/toasts.css';

/** SPEC 2 and 9: toasts at bottom-centre, closing after 10000 ms. */
export const TOAST_AUTO_CLOSE_MS = 10_000;

const fade = cssTransition({ enter: 'toast-enter', exit: 'toast-exit' });

/** The stack as laid out once React has drawn the change. */
const afterDrawing = (then: (container: Element | null) => void) =>
  requestAnimationFrame(() =>
    requestAnimationFrame(() => then(document.querySelector('.Toastify__toast-container'))),
  );

export function AppToasts() {
  // Toasts never cover the control they report on (decision 0053).
  useEffect(() => {
    // The first toast was queued before this container mounted and subscribed.
    afterDrawing(clearReportedControl);
    const stopFollowing = toast.onChange(({ status }) =>
      afterDrawing(status === 'added' ? clearReportedControl : followToasts),
    );
    // A list reloading under a shown toast moves the control again (the page shrinks, then grows).
    const relayout = new ResizeObserver(() => {
      const container = document.querySelector('.Toastify__toast-container');
      if (container?.querySelector('.Toastify__toast')) clearReportedControl(container);
    });
    relayout.observe(document.body);
    return () => {
      stopFollowing();
      relayout.disconnect();
    };
  }, []);
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

/** HTTP 507: the server keeps its minimum of free disk and took none of the upload (issue 31). */
const INSUFFICIENT_STORAGE = 507;

/**
 * SPEC 8 "Generic": an error without content gets the unexpected-error toast that stays
 * until dismissed; any other error is shown with its JSON. A full server disk is the staff's
 * to report, not to decode: it gets its own Croatian text, sticky so it is not missed.
 */
export function describeError(error: unknown): { text: string; sticky: boolean } {
  if (error instanceof ApiError && error.status === INSUFFICIENT_STORAGE) {
    return { text: errorsMessages.diskFull, sticky: true };
  }
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

export function showError(notify: Notify, error: unknown, options?: NoticeOptions): void {
  // A forced logout already told the user what happened.
  if (error instanceof AuthExpiredError) return;
  const { text, sticky } = describeError(error);
  notify.error(text, { ...options, sticky });
}

/** The toasts still shown, by the form they report on. */
const shownBySource = new Map<string, Set<Id>>();

function remember(id: Id, options: NoticeOptions | undefined): Id {
  const { source } = options ?? {};
  if (source === undefined) return id;
  const ids = shownBySource.get(source) ?? new Set<Id>();
  shownBySource.set(source, ids.add(id));
  return id;
}

export const toastNotify: Notify = {
  success: (text, options) => remember(toast.success(text), options),
  info: (text, options) => remember(toast.info(text), options),
  warning: (text, options) => remember(toast.warning(text), options),
  error: (text, options) =>
    remember(toast.error(text, options?.sticky ? { autoClose: false } : undefined), options),
  dismiss: (source) => {
    // Dismissing a toast that closed on its own already does nothing.
    for (const id of shownBySource.get(source) ?? []) toast.dismiss(id);
    shownBySource.delete(source);
  },
};

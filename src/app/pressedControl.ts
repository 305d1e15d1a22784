/**
 * The control the user last pressed, remembered from the app's start (issue 29, decision 0053):
 * the toast that reports on it must not cover it. Only this recorder loads with the app; what
 * scrolls the control clear (toastClearance.ts) loads with the toasts (issue 32: the first visit
 * does not grow).
 */

/** What counts as a control a toast can report on. */
export const CONTROL = 'button, a[href], input, select, textarea, [role="switch"], [role="button"]';

let lastPressed: Element | null = null;

function rememberPressed(event: Event): void {
  if (event.target instanceof Element) lastPressed = event.target.closest(CONTROL);
}

/** The control pressed last, if any (it may have left the page since). */
export const lastPressedControl = (): Element | null => lastPressed;

/** Starts remembering the pressed control; returns the function that stops it. */
export function watchPressedControls(): () => void {
  document.addEventListener('pointerdown', rememberPressed, true);
  document.addEventListener('keydown', rememberPressed, true);
  return () => {
    document.removeEventListener('pointerdown', rememberPressed, true);
    document.removeEventListener('keydown', rememberPressed, true);
  };
}

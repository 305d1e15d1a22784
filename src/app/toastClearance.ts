/**
 * Toasts never cover the control they report on (issue 29, decision 0053). A toast reports on
 * the control the user last pressed (a submit button, a row's switch or button); when the toast
 * stack would lie over it, the page scrolls it just above the stack, and while toasts are shown
 * the page keeps room below its end so even the last control can be scrolled clear. Loaded with
 * the toasts; the control pressed is remembered from the app's start by pressedControl.ts.
 */

import { CONTROL, lastPressedControl } from './pressedControl.ts';

/** The gap kept between a control and the toast stack above which it is scrolled. */
export const TOAST_CLEARANCE_PX = 16;

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** How far the page must scroll down so `control` sits above `toasts`; 0 when it is clear. */
export function scrollToClear(control: Box, toasts: Box, gap = TOAST_CLEARANCE_PX): number {
  const sideBySide = control.right <= toasts.left || control.left >= toasts.right;
  const clearAbove = control.bottom <= toasts.top - gap;
  const below = control.top >= toasts.bottom;
  if (sideBySide || clearAbove || below) return 0;
  return control.bottom - (toasts.top - gap);
}

/** What tells a control apart from the others on the page, whatever element now draws it. */
const signature = (element: Element) =>
  [element.tagName, element.id, element.getAttribute('aria-label'), element.textContent].join('|');

/**
 * The control a new toast reports on: the last one pressed, or, when a reload drew the screen
 * anew (the product list shows its spinner, then the form again), the control that replaced it.
 */
function reportedControl(): Element | null {
  const lastPressed = lastPressedControl();
  if (lastPressed?.isConnected) return lastPressed;
  if (lastPressed) {
    const wanted = signature(lastPressed);
    const replacement = [...document.querySelectorAll(CONTROL)].find(
      (element) => signature(element) === wanted,
    );
    if (replacement) return replacement;
  }
  const focused = document.activeElement;
  return focused && focused !== document.body ? focused : null;
}

/** The room below the page's end, as tall as the toast stack, while any toast is shown. */
function keepRoom(container: Element | null): void {
  const height = container?.getBoundingClientRect().height ?? 0;
  const room = height > 0 ? `${Math.ceil(height) + 2 * TOAST_CLEARANCE_PX}px` : '';
  document.documentElement.style.setProperty('--toast-room', room);
}

/** After a toast is added: the stack's room, and the reported control scrolled clear of it. */
export function clearReportedControl(container: Element | null): void {
  keepRoom(container);
  const control = reportedControl();
  if (!container || !control) return;
  const distance = scrollToClear(
    control.getBoundingClientRect(),
    container.getBoundingClientRect(),
  );
  if (distance > 0) window.scrollBy({ top: distance, behavior: 'instant' });
}

/** After a toast is removed: the room follows the stack (none when it is empty). */
export const followToasts = keepRoom;

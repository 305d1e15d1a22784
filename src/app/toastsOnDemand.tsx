/**
 * react-toastify loads with the first toast, not with the app: a first visit to a public page
 * shows none (issue 15). A toast asked for before the library is in place waits in its queue
 * and shows once the container mounts.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import type { Notify } from './effects.tsx';
import { watchPressedControls } from './pressedControl.ts';

const loadToasts = () => import('./toasts.tsx');
const AppToasts = lazy(() => loadToasts().then((module) => ({ default: module.AppToasts })));

let toastsWanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(toast: (notify: Notify) => void): void {
  if (!toastsWanted) {
    toastsWanted = true;
    for (const listener of listeners) listener();
  }
  loadToasts().then(
    (module) => toast(module.toastNotify),
    (error: unknown) => console.error('The toasts could not load', error),
  );
}

export const notifyOnDemand: Notify = {
  success: (text, options) => show((notify) => notify.success(text, options)),
  info: (text, options) => show((notify) => notify.info(text, options)),
  warning: (text, options) => show((notify) => notify.warning(text, options)),
  error: (text, options) => show((notify) => notify.error(text, options)),
  // Before the first toast there is nothing to close, and no reason to load the library.
  dismiss: (source) => {
    if (toastsWanted) void loadToasts().then((module) => module.toastNotify.dismiss(source));
  },
};

/** The toast container, from the first toast on (never in a server render). */
export function ToastsOnDemand() {
  // The first toast reports on a control pressed before the library loaded (decision 0053).
  useEffect(watchPressedControls, []);
  const wanted = useSyncExternalStore(
    subscribe,
    () => toastsWanted,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToasts />
    </Suspense>
  );
}

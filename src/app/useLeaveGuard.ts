/**
 * While something must not be interrupted (a video upload), leaving asks first: the browser's
 * own question when the tab closes or reloads, and `message` when a link inside the site is
 * followed (wouter has no navigation blocker, so the click is stopped before it reaches the link).
 */
import { useEffect } from 'react';

export function useLeaveGuard(active: boolean, message: string): void {
  useEffect(() => {
    if (!active) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const linkClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || link.getAttribute('target') === '_blank') return;
      if (!window.confirm(message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', linkClick, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', linkClick, true);
    };
  }, [active, message]);
}

import { useEffect, useRef } from 'react';
import { routes } from '../routes.ts';

/** SPEC 2: every page scrolls to the top on load except admin sub-paths. */
export function shouldScrollToTop(path: string): boolean {
  return !path.startsWith(`${routes.admin.pattern}/`);
}

/**
 * Scrolls to the top when the app moves to another page. Not for the page the browser loaded: it
 * opened that at the top itself, and a server-rendered page may have been scrolled by the visitor
 * before the app hydrated it (docs/decisions/0029), where a jump back would lose their place.
 */
export function useScrollToTop(path: string): void {
  const shownPath = useRef(path);
  useEffect(() => {
    if (shownPath.current === path) return;
    shownPath.current = path;
    if (shouldScrollToTop(path)) window.scrollTo({ top: 0, left: 0 });
  }, [path]);
}

import { useEffect } from 'react';
import { routes } from '../routes.ts';

/** SPEC 2: every page scrolls to the top on load except admin sub-paths. */
export function shouldScrollToTop(path: string): boolean {
  return !path.startsWith(`${routes.admin.pattern}/`);
}

export function useScrollToTop(path: string): void {
  useEffect(() => {
    if (shouldScrollToTop(path)) window.scrollTo({ top: 0, left: 0 });
  }, [path]);
}

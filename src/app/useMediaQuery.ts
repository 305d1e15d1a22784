import { useSyncExternalStore } from 'react';

/** SPEC 9 "desktop" breakpoint. */
export const DESKTOP_QUERY = '(min-width: 1200px)';

/**
 * Whether a media query matches now, following its changes (window resized, setting changed).
 * A server render has no screen: it and the hydration of its HTML take `serverMatches`, and the
 * page's CSS must make either answer look right until the real one follows.
 */
export function useMediaQuery(query: string, serverMatches = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverMatches,
  );
}

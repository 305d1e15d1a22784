import { useSyncExternalStore } from 'react';
import { useEffects } from './effects.tsx';

const noSubscription = () => () => undefined;

/**
 * The footer's year. The server renders a page once and keeps it (docs/decisions/0021), so its HTML
 * can hold last year's (rendered on 31 December, hydrated on 1 January). As an external store's
 * server snapshot, the year the HTML was rendered with is what hydration renders, so the markup
 * matches; React then renders again with the clock's year.
 */
export function useFooterYear(renderYear: number | undefined): number {
  const { now } = useEffects();
  const clockYear = () => now().getFullYear();
  return useSyncExternalStore(noSubscription, clockYear, () => renderYear ?? clockYear());
}

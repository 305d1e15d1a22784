/**
 * SPEC 2 "About us": scrolling down clears the selected region. Selecting a region scrolls the
 * page itself, so the watch starts only once that scroll has settled (no scroll event for
 * `settleMs`); from then on it reports a scroll of more than `distance` pixels below the highest
 * point reached, so scrolling up and back a little does not count.
 */
export interface ScrollDownOptions {
  distance?: number;
  settleMs?: number;
}

export function watchScrollDown(
  target: Window,
  onScrolledDown: () => void,
  { distance = 120, settleMs = 300 }: ScrollDownOptions = {},
): () => void {
  let highest: number | null = null;
  let settleTimer = setTimeout(settle, settleMs);

  function settle() {
    highest = target.scrollY;
  }

  function onScroll() {
    if (highest === null) {
      clearTimeout(settleTimer);
      settleTimer = setTimeout(settle, settleMs);
      return;
    }
    highest = Math.min(highest, target.scrollY);
    if (target.scrollY - highest > distance) onScrolledDown();
  }

  target.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    clearTimeout(settleTimer);
    target.removeEventListener('scroll', onScroll);
  };
}

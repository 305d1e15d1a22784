import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { LoadErrorBoundary } from './LoadErrorBoundary.tsx';

/** How far below the viewport a section starts loading, so it is ready when it scrolls in. */
const LOAD_AHEAD = '600px 0px';

/**
 * Renders its children (a lazy section: code and data) only once its place nears the viewport
 * (SPEC 2 "Home": lazily loaded sections). Until then, and while the code loads, a placeholder
 * keeps the room the section will take. A section whose code fails to load shows a retry.
 */
export function NearViewport({ children }: { children: ReactNode }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  if (!near) return <div ref={placeholder} className="home-placeholder" />;
  return (
    <LoadErrorBoundary size="section">
      <Suspense fallback={<div className="home-placeholder" />}>{children}</Suspense>
    </LoadErrorBoundary>
  );
}

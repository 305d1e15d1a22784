import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { heroImages } from '../data/hero.ts';
import {
  heroRotationMachine,
  selectHeroIndex,
  selectHeroPaused,
  selectHeroPrevious,
} from '../machines/heroRotation.machine.ts';
import { HomePage } from '../views/HomePage.tsx';
import { useInspect } from './inspector.tsx';
import { NearViewport } from './NearViewport.tsx';
import { retryableLazy } from './retryableLazy.tsx';

// Each section's code and data load when it nears the viewport (SPEC 2 "Home"); the map section
// pulls in d3-geo and the map shapes only then, so a first visit that never scrolls skips them.
const ExclusivePartnersSection = retryableLazy(
  () => import('./home/CompanySections.tsx'),
  (module) => module.ExclusivePartnersSection,
);
const ProductsSection = retryableLazy(
  () => import('./home/ProductsSection.tsx'),
  (module) => module.ProductsSection,
);
const ManufacturersSection = retryableLazy(
  () => import('./home/CompanySections.tsx'),
  (module) => module.ManufacturersSection,
);
const MapSection = retryableLazy(
  () => import('./home/MapSection.tsx'),
  (module) => module.MapSection,
);
const EuFundingSection = retryableLazy(
  () => import('./home/EuFundingSection.tsx'),
  (module) => module.EuFundingSection,
);

export function HomeContainer({ brand }: { brand: string }) {
  // The server cannot know the visitor's motion setting: the page starts as it rendered it and a
  // visitor who prefers reduced motion gets the rotation paused right after.
  const [snapshot, send, actor] = useMachine(heroRotationMachine, {
    input: { count: heroImages.length, reducedMotion: false },
    inspect: useInspect(),
  });
  // Stryker disable ArrayDeclaration: useMachine's actor and send never change, so the effect runs once after the first render either way
  useEffect(() => {
    const prefersReducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (prefersReducedMotion && !actor.getSnapshot().context.paused) send({ type: 'TOGGLE_PAUSE' });
  }, [actor, send]);
  // Stryker restore ArrayDeclaration
  return (
    <HomePage
      hero={{
        brand,
        images: heroImages,
        index: selectHeroIndex(snapshot),
        previous: selectHeroPrevious(snapshot),
        paused: selectHeroPaused(snapshot),
        onPointerEnter: () => send({ type: 'POINTER_ENTER' }),
        onPointerLeave: () => send({ type: 'POINTER_LEAVE' }),
        onFocusIn: () => send({ type: 'FOCUS_IN' }),
        onFocusOut: () => send({ type: 'FOCUS_OUT' }),
        onTogglePause: () => send({ type: 'TOGGLE_PAUSE' }),
      }}
    >
      <NearViewport>
        <ExclusivePartnersSection />
      </NearViewport>
      <NearViewport>
        <ProductsSection />
      </NearViewport>
      <NearViewport>
        <ManufacturersSection />
      </NearViewport>
      <NearViewport>
        <MapSection />
      </NearViewport>
      <NearViewport>
        <EuFundingSection />
      </NearViewport>
    </HomePage>
  );
}

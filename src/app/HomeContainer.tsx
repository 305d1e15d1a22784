import { useMachine } from '@xstate/react';
import Cookies from 'js-cookie';
import { useState } from 'react';
import { heroImages, type HeroImage } from '../data/hero.ts';
import { hasGateConsent } from '../machines/accessGate.machine.ts';
import {
  heroRotationMachine,
  selectHeroIndex,
  selectHeroPaused,
  selectHeroPrevious,
} from '../machines/heroRotation.machine.ts';
import { HERO_SIZES } from '../views/HomeHero.tsx';
import { HomePage } from '../views/HomePage.tsx';
import { routes } from '../routes.ts';
import { useInspect } from './inspector.tsx';
import { NearViewport } from './NearViewport.tsx';
import { retryableLazy } from './retryableLazy.tsx';

// The first hero photo is the largest paint of a visit to /: its download starts while the site
// configuration loads, instead of after the first render (behind the gate it is not shown).
if (
  window.location.pathname === routes.home.pattern &&
  heroImages[0] &&
  hasGateConsent((name) => Cookies.get(name))
) {
  preloadImage(heroImages[0]);
}

function preloadImage(image: HeroImage) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = image.src;
  link.imageSrcset = image.srcSet;
  link.imageSizes = HERO_SIZES;
  link.fetchPriority = 'high';
  document.head.append(link);
}

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
  // Read once: a visitor who prefers reduced motion starts with the rotation paused.
  const [reducedMotion] = useState(
    () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  const [snapshot, send] = useMachine(heroRotationMachine, {
    input: { count: heroImages.length, reducedMotion },
    inspect: useInspect(),
  });
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

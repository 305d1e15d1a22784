/**
 * The four rotating home-page hero images (SPEC 2 "Home"), drawn by scripts/make-demo-images.ts
 * as WebP in three widths. The first is the largest contentful paint, so it is compressed hardest.
 * The files are imported so that Vite gives them hashed URLs (never inlined: the browser picks
 * one width, so inlining all of them would load every width); this module is SPA-only.
 */
import hero1Large from './images/hero/hero-1-1600.webp?no-inline';
import hero1Medium from './images/hero/hero-1-1024.webp?no-inline';
import hero1Small from './images/hero/hero-1-640.webp?no-inline';
import hero2Large from './images/hero/hero-2-1600.webp?no-inline';
import hero2Medium from './images/hero/hero-2-1024.webp?no-inline';
import hero2Small from './images/hero/hero-2-640.webp?no-inline';
import hero3Large from './images/hero/hero-3-1600.webp?no-inline';
import hero3Medium from './images/hero/hero-3-1024.webp?no-inline';
import hero3Small from './images/hero/hero-3-640.webp?no-inline';
import hero4Large from './images/hero/hero-4-1600.webp?no-inline';
import hero4Medium from './images/hero/hero-4-1024.webp?no-inline';
import hero4Small from './images/hero/hero-4-640.webp?no-inline';

export interface HeroImage {
  /** The middle width, for browsers that ignore srcset. */
  src: string;
  /** 640w, 1024w and 1600w; pair it with `sizes` on the img. */
  srcSet: string;
  alt: string;
  /** Intrinsic size of the largest file (2:1), for the aspect ratio. */
  width: number;
  height: number;
}

function hero(small: string, medium: string, large: string, alt: string): HeroImage {
  return {
    src: medium,
    srcSet: `${small} 640w, ${medium} 1024w, ${large} 1600w`,
    alt,
    width: 1600,
    height: 800,
  };
}

export const heroImages: readonly HeroImage[] = [
  hero(
    hero1Small,
    hero1Medium,
    hero1Large,
    'Svijetla stomatološka ordinacija sa stomatološkom stolicom i operacijskim svjetlom',
  ),
  hero(
    hero2Small,
    hero2Medium,
    hero2Large,
    'Stomatološki instrumenti, valjci vate i model zuba na čeličnom pladnju',
  ),
  hero(hero3Small, hero3Medium, hero3Large, 'Police s dentalnim materijalom i potrošnom robom'),
  hero(
    hero4Small,
    hero4Medium,
    hero4Large,
    'Predavanje o endodonciji pred polaznicima stručnog tečaja',
  ),
];

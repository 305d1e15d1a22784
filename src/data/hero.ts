/**
 * The four rotating home-page hero images (SPEC 2 "Home"), drawn by scripts/make-demo-images.ts
 * as WebP in a few widths. The first is the largest contentful paint, so it is the lightest.
 */
export interface HeroImage {
  src: string;
  srcSet: string;
  alt: string;
  width: number;
  height: number;
}

export const heroImages: readonly HeroImage[] = [];

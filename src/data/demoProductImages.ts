/**
 * Pictures of the demo products the seed puts on the home-page product strip, drawn by
 * scripts/make-demo-images.ts. They live in public/ under stable URLs because the database
 * stores the URL; this module imports nothing, so the server's seed can import it too.
 */
export interface DemoProductImage {
  name: string;
  imageUrl: string;
}

export const demoProductImages: readonly DemoProductImage[] = [
  { name: 'Kompozit za ispune A2', imageUrl: '/images/proizvodi/kompozit.webp' },
  { name: 'Nitrilne rukavice bez pudera', imageUrl: '/images/proizvodi/rukavice.webp' },
  { name: 'Dentalni implantat 4,1 × 10 mm', imageUrl: '/images/proizvodi/implantat.webp' },
  { name: 'Turbina s LED svjetlom', imageUrl: '/images/proizvodi/turbina.webp' },
  { name: 'Otisna masa A-silikon', imageUrl: '/images/proizvodi/otisna-masa.webp' },
  { name: 'Set za izbjeljivanje zuba', imageUrl: '/images/proizvodi/izbjeljivanje.webp' },
];

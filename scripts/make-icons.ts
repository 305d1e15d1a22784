/**
 * Renders the site's icon (scripts/brand/favicon.svg) to the PNG files the pages link to: a
 * 32 px favicon and a 180 px home-screen icon for iOS, flattened on the brand's red (iOS draws
 * transparent corners black and rounds the icon itself).
 *
 *   npm run data:icons
 *
 * The favicon is a PNG, not the SVG itself: Chromium decodes a page's favicon in the page's own
 * renderer, and an SVG picture costs it a document of its own on the main thread, after the
 * first paint, on every first visit (docs/decisions/0033).
 */
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'scripts', 'brand', 'favicon.svg');
const BRAND_RED = '#e30613';
/** The icon's viewBox is 64 units wide; sharp renders SVG at 72 dpi. */
const densityFor = (px: number) => (72 * px) / 64;

await sharp(source, { density: densityFor(32) })
  .resize(32, 32)
  .png({ compressionLevel: 9 })
  .toFile(path.join(root, 'public', 'favicon-32.png'));
await sharp(source, { density: densityFor(180) })
  .resize(180, 180)
  .flatten({ background: BRAND_RED })
  .png({ compressionLevel: 9 })
  .toFile(path.join(root, 'public', 'apple-touch-icon.png'));
console.log('Wrote public/favicon-32.png and public/apple-touch-icon.png');

/**
 * Reduces DejaVu Sans (regular and bold) to the Latin letters, digits and punctuation a Croatian
 * text needs, for content/fonts, which the catalogue PDF embeds (scripts/build-catalogue.ts):
 *
 *   node scripts/subset-font.ts [folder with DejaVuSans.ttf and DejaVuSans-Bold.ttf]
 *
 * The folder defaults to Debian's fonts-dejavu-core location. Only needed to change the
 * character set: the subsets (about 60 kB each instead of 700 kB) are committed, so builds and
 * CI do not need the system font. The subsetting is HarfBuzz's (the subset-font package).
 * DejaVu's licence (Bitstream Vera terms, changes in the public domain) is in content/fonts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

const root = path.resolve(import.meta.dirname, '..');
export const FONT_DIR = path.join(root, 'content', 'fonts');

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Basic Latin, Latin-1, Latin Extended-A (č ć đ š ž and neighbours), typographic punctuation, €. */
export const CODE_POINTS = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0x17f),
  ...[0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2022, 0x2026],
  ...[0x2030, 0x20ac, 0x2122, 0x2212],
];

export const FONT_FILES = {
  regular: { source: 'DejaVuSans.ttf', subset: 'DejaVuSans-Latin.ttf' },
  bold: { source: 'DejaVuSans-Bold.ttf', subset: 'DejaVuSans-Bold-Latin.ttf' },
} as const;

if (import.meta.main) {
  const sourceDir = process.argv[2] ?? '/usr/share/fonts/truetype/dejavu';
  for (const { source, subset } of Object.values(FONT_FILES)) {
    const bytes = await subsetFont(
      readFileSync(path.join(sourceDir, source)),
      String.fromCodePoint(...CODE_POINTS),
      // Without layout features (ligatures, kerning) each character stays one glyph; pdf-lib
      // places glyphs by their advance widths alone anyway, so the tables would only add bytes.
      { targetFormat: 'sfnt', keepFeatures: [] },
    );
    writeFileSync(path.join(FONT_DIR, subset), bytes);
    console.log(`${subset}: ${(bytes.length / 1024).toFixed(1)} kB`);
  }
}

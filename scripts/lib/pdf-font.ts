/**
 * Lets pdf-lib embed a TrueType font without @pdf-lib/fontkit: pdf-lib only needs a "fontkit"
 * that opens a font, maps text to glyphs with their advance widths and writes a subset, and
 * scripts/lib/truetype.ts does exactly that. pdf-lib then writes a Type0 font (Identity-H) with
 * a ToUnicode map, so the PDF shows and copies č, ć, đ, š and ž correctly.
 *
 * No shaping or kerning: each character is one glyph, which is right for Croatian text.
 *
 *   doc.registerFontkit(trueTypeFontkit);
 *   const font = await doc.embedFont(bytes, { subset: true, customName: 'DNTLAA+DejaVuSans' });
 */
import { Readable } from 'node:stream';
import type { PDFDocument } from 'pdf-lib';
import { subsetFont, TrueTypeFont } from './truetype.ts';

interface Glyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

class GlyphSubset {
  private readonly glyphs: number[] = [];
  private readonly font: TrueTypeFont;

  constructor(font: TrueTypeFont) {
    this.font = font;
  }

  /** The glyph's id in the subset: 1, 2, ... in order of first use (0 is .notdef). */
  includeGlyph(glyph: Glyph): number {
    const index = this.glyphs.indexOf(glyph.id);
    if (index >= 0) return index + 1;
    this.glyphs.push(glyph.id);
    return this.glyphs.length;
  }

  encodeStream(): Readable {
    return Readable.from([subsetFont(this.font, this.glyphs).bytes]);
  }
}

/** The part of fontkit's Font object that pdf-lib's custom-font embedders read. */
class FontFacade {
  private readonly font: TrueTypeFont;
  private readonly glyphCache = new Map<number, Glyph>();
  readonly cff = false;
  readonly postscriptName: string;
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly italicAngle: number;
  readonly bbox: { minX: number; minY: number; maxX: number; maxY: number };
  readonly characterSet: number[];
  readonly post: { isFixedPitch: boolean };
  readonly head: { macStyle: { italic: boolean } };
  readonly 'OS/2': { sFamilyClass: number };

  constructor(font: TrueTypeFont) {
    this.font = font;
    this.postscriptName = font.postscriptName;
    this.unitsPerEm = font.unitsPerEm;
    this.ascent = font.ascent;
    this.descent = font.descent;
    this.capHeight = font.capHeight;
    this.xHeight = font.xHeight;
    this.italicAngle = font.italicAngle;
    const { xMin, yMin, xMax, yMax } = font.bbox;
    this.bbox = { minX: xMin, minY: yMin, maxX: xMax, maxY: yMax };
    this.characterSet = [...font.cmap.keys()];
    this.post = { isFixedPitch: font.isFixedPitch };
    this.head = { macStyle: { italic: font.isItalic } };
    this['OS/2'] = { sFamilyClass: font.familyClass };
  }

  glyphForCodePoint(codePoint: number): Glyph {
    const id = this.font.cmap.get(codePoint);
    if (id === undefined) {
      const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
      throw new Error(`The font ${this.postscriptName} has no glyph for U+${hex}`);
    }
    let glyph = this.glyphCache.get(id);
    if (!glyph) {
      glyph = { id, advanceWidth: this.font.advanceWidth(id), codePoints: [codePoint] };
      this.glyphCache.set(id, glyph);
    }
    return glyph;
  }

  layout(text: string): { glyphs: Glyph[] } {
    return {
      glyphs: [...text].map((character) =>
        this.glyphForCodePoint(character.codePointAt(0) as number),
      ),
    };
  }

  createSubset(): GlyphSubset {
    return new GlyphSubset(this.font);
  }
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

// pdf-lib types its fontkit parameter with all of fontkit's API; it calls only what is above.
export const trueTypeFontkit = {
  create: (bytes: Uint8Array) => new FontFacade(new TrueTypeFont(bytes)),
} as unknown as Fontkit;

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE_POINTS, FONT_DIR, FONT_FILES } from '../subset-font.ts';
import { trueTypeFontkit } from './pdf-font.ts';
import { componentGlyphs, subsetFont, subsetForCodePoints, TrueTypeFont } from './truetype.ts';

const regularBytes = readFileSync(path.join(FONT_DIR, FONT_FILES.regular.subset));
const regular = new TrueTypeFont(regularBytes);
const code = (character: string) => character.codePointAt(0) as number;

function wholeFileChecksum(bytes: Uint8Array): number {
  const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
  padded.set(bytes);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}

describe('the committed DejaVu Sans subsets', () => {
  it.each(Object.values(FONT_FILES))('$subset covers every chosen character', ({ subset }) => {
    const font = new TrueTypeFont(readFileSync(path.join(FONT_DIR, subset)));
    expect(CODE_POINTS.filter((c) => !font.cmap.has(c))).toEqual([]);
    expect(font.postscriptName).toMatch(/^DejaVuSans/);
  });

  it('has a valid whole-font checksum', () => {
    expect(wholeFileChecksum(regularBytes)).toBe(0xb1b0afba);
  });
});

describe('subsetFont', () => {
  it('renumbers glyphs from 1 and keeps their widths and outlines', () => {
    const glyphs = [...'Ažš€'].map((c) => regular.cmap.get(code(c)) as number);
    const { bytes, glyphMap } = subsetFont(regular, glyphs);
    const subset = new TrueTypeFont(bytes);
    expect(glyphs.map((g) => glyphMap.get(g))).toEqual([1, 2, 3, 4]);
    for (const glyph of glyphs) {
      const renumbered = glyphMap.get(glyph) as number;
      expect(subset.advanceWidth(renumbered)).toBe(regular.advanceWidth(glyph));
      if (componentGlyphs(regular.glyphData(glyph)).length === 0) {
        expect(Buffer.from(subset.glyphData(renumbered))).toEqual(
          Buffer.from(regular.glyphData(glyph)),
        );
      }
    }
    expect(wholeFileChecksum(bytes)).toBe(0xb1b0afba);
  });

  it('pulls in the components of composite glyphs and points them at their new numbers', () => {
    const caron = regular.cmap.get(code('č')) as number;
    const components = componentGlyphs(regular.glyphData(caron));
    expect(components.length).toBeGreaterThan(0);
    const { bytes, glyphMap } = subsetFont(regular, [caron]);
    const subset = new TrueTypeFont(bytes);
    expect(subset.numGlyphs).toBe(2 + components.length);
    const renumbered = componentGlyphs(subset.glyphData(glyphMap.get(caron) as number));
    expect(renumbered).toEqual(components.map((c) => glyphMap.get(c)));
    components.forEach((component, i) => {
      expect(Buffer.from(subset.glyphData(renumbered[i] as number))).toEqual(
        Buffer.from(regular.glyphData(component)),
      );
    });
  });

  it('gives a standalone subset a cmap for exactly the requested characters', () => {
    const subset = new TrueTypeFont(subsetForCodePoints(regular, [...'ćĐ '].map(code)));
    expect([...subset.cmap.keys()].sort((a, b) => a - b)).toEqual([0x20, 0x107, 0x110]);
  });

  it('refuses characters the font does not have', () => {
    expect(() => subsetForCodePoints(regular, [0x4e2d])).toThrow(/lacks U\+4E2D/);
  });
});

describe('the fontkit stand-in for pdf-lib', () => {
  it('lays text out glyph by glyph and refuses unknown characters', () => {
    const font = trueTypeFontkit.create(regularBytes);
    const { glyphs } = font.layout('Đž');
    expect(glyphs.map((g) => g.id)).toEqual([regular.cmap.get(0x110), regular.cmap.get(0x17e)]);
    expect(() => font.layout('中')).toThrow(/no glyph for U\+4E2D/);
  });
});

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument as PDFDocumentType,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
} from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { aprilCatalogue } from '../src/data/catalogues.ts';
import {
  buildCataloguePdf,
  CATALOGUE,
  MODULE_PATH,
  PDF_PATH,
  renderCatalogueModule,
} from './build-catalogue.ts';
import { CODE_POINTS, FONT_DIR, FONT_FILES } from './subset-font.ts';

const committedBytes = readFileSync(PDF_PATH);

function decoded(doc: PDFDocumentType, ref: unknown): string {
  const stream = doc.context.lookup(ref as PDFRef);
  if (!(stream instanceof PDFRawStream)) throw new Error('Not a stream');
  return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
}

function pageContents(doc: PDFDocumentType): string[] {
  return doc.getPages().map((page) => {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    return refs.map((ref) => decoded(doc, ref)).join('\n');
  });
}

/** Every font dictionary the pages use. */
function fonts(doc: PDFDocumentType): PDFDict[] {
  const found = new Map<string, PDFDict>();
  for (const page of doc.getPages()) {
    const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    for (const [, ref] of fontDict?.entries() ?? []) {
      found.set(String(ref), doc.context.lookup(ref, PDFDict));
    }
  }
  return [...found.values()];
}

describe('the April 2024 catalogue', () => {
  let committed: PDFDocumentType;
  beforeAll(async () => {
    committed = await PDFDocument.load(committedBytes, { updateMetadata: false });
  });

  it('is a multi-page A4 PDF titled as the catalogue', () => {
    expect(committed.getPageCount()).toBe(6);
    expect(committed.getTitle()).toBe('Katalog proizvoda – travanj 2024.');
    expect(committed.catalog.get(PDFName.of('Lang'))?.toString()).toBe('(hr-HR)');
    for (const page of committed.getPages()) {
      expect(page.getSize()).toEqual({ width: 595.28, height: 841.89 });
    }
  });

  it('embeds its fonts and maps their glyphs to Croatian letters, not transliterations', () => {
    const used = fonts(committed);
    expect(used).toHaveLength(2);
    const toUnicode = used
      .map((font) => {
        expect(font.get(PDFName.of('Subtype'))).toEqual(PDFName.of('Type0'));
        const [descendant] = font.lookup(PDFName.of('DescendantFonts'), PDFArray).asArray();
        const descriptor = committed.context
          .lookup(descendant as PDFRef, PDFDict)
          .lookup(PDFName.of('FontDescriptor'), PDFDict);
        expect(descriptor.get(PDFName.of('FontFile2'))).toBeDefined();
        return decoded(committed, font.get(PDFName.of('ToUnicode')));
      })
      .join('\n');
    // č ć đ š ž, Š Đ (headings) and the euro sign.
    for (const code of ['010D', '0107', '0111', '0161', '017E', '0160', '0110', '20AC']) {
      expect(toUnicode).toContain(`<${code}>`);
    }
  });

  it('draws every character with a glyph of its font, never the missing-glyph box', () => {
    // Text is shown as 4-digit glyph ids (Identity-H); glyph 0 is .notdef, which fontkit
    // substitutes for a character the font lacks.
    const shown = pageContents(committed).flatMap((content) =>
      [...content.matchAll(/<([0-9A-F]*)> Tj/g)].map((match) => match[1] as string),
    );
    expect(shown.length).toBeGreaterThan(100);
    const glyphIds = shown.flatMap((hex) => hex.match(/.{4}/g) ?? []);
    expect(glyphIds.filter((id) => id === '0000')).toEqual([]);
  });

  it('is what the script draws', async () => {
    const rebuilt = await PDFDocument.load(await buildCataloguePdf(), { updateMetadata: false });
    // Page content is compared rather than bytes: the embedded JPEGs depend on the image codec.
    expect(pageContents(rebuilt)).toEqual(pageContents(committed));
    expect(rebuilt.getTitle()).toBe(committed.getTitle());
  }, 30_000);

  it('stays small', () => {
    expect(committedBytes.length).toBeLessThan(300 * 1024);
  });
});

describe('src/data/catalogues.ts', () => {
  it('links the committed PDF with its real size', () => {
    expect(aprilCatalogue.title).toBe(CATALOGUE.title);
    expect(path.join(path.dirname(PDF_PATH), path.basename(aprilCatalogue.href))).toBe(PDF_PATH);
    expect(aprilCatalogue.sizeBytes).toBe(statSync(PDF_PATH).size);
  });

  it('is what the script writes for that size', async () => {
    expect(await renderCatalogueModule(statSync(PDF_PATH).size)).toBe(
      readFileSync(MODULE_PATH, 'utf8'),
    );
  });
});

describe('the committed DejaVu Sans subsets', () => {
  it.each(Object.values(FONT_FILES))('$subset covers every chosen character', ({ subset }) => {
    const font = fontkit.create(readFileSync(path.join(FONT_DIR, subset)));
    expect(font.postscriptName).toMatch(/^DejaVuSans/);
    expect(CODE_POINTS.filter((code) => !font.hasGlyphForCodePoint(code))).toEqual([]);
  });
});

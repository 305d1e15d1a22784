/**
 * A minimal TrueType (glyf) reader and subsetter: enough to embed a font with Croatian letters in
 * the catalogue PDF without fontkit. It reads the metrics, the Unicode cmap and glyph outlines,
 * and writes a font holding only chosen glyphs, renumbered from 1 (0 stays .notdef), with the
 * composite glyphs' components pulled in and re-pointed. Hinting tables are kept as they are, so
 * the glyphs' own instructions stay valid. Layout tables (kerning, GSUB, GPOS) are dropped.
 */

interface TableRecord {
  offset: number;
  length: number;
}

const COMPOSITE_ARGS_ARE_WORDS = 0x0001;
const COMPOSITE_HAS_SCALE = 0x0008;
const COMPOSITE_MORE_COMPONENTS = 0x0020;
const COMPOSITE_HAS_XY_SCALE = 0x0040;
const COMPOSITE_HAS_2X2 = 0x0080;

export class TrueTypeFont {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  private readonly tables = new Map<string, TableRecord>();
  readonly unitsPerEm: number;
  readonly numGlyphs: number;
  readonly bbox: { xMin: number; yMin: number; xMax: number; yMax: number };
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly italicAngle: number;
  readonly isFixedPitch: boolean;
  readonly isItalic: boolean;
  readonly familyClass: number;
  readonly postscriptName: string;
  /** Unicode code point to glyph id. */
  readonly cmap: Map<number, number>;
  private readonly numberOfHMetrics: number;
  private readonly longLoca: boolean;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const version = this.view.getUint32(0);
    if (version !== 0x00010000 && version !== 0x74727565) {
      throw new Error('Not a TrueType font with glyf outlines');
    }
    const numTables = this.view.getUint16(4);
    for (let i = 0; i < numTables; i += 1) {
      const record = 12 + i * 16;
      this.tables.set(this.tag(record), {
        offset: this.view.getUint32(record + 8),
        length: this.view.getUint32(record + 12),
      });
    }
    const head = this.table('head').offset;
    this.unitsPerEm = this.view.getUint16(head + 18);
    this.bbox = {
      xMin: this.view.getInt16(head + 36),
      yMin: this.view.getInt16(head + 38),
      xMax: this.view.getInt16(head + 40),
      yMax: this.view.getInt16(head + 42),
    };
    this.isItalic = (this.view.getUint16(head + 44) & 0x2) !== 0;
    this.longLoca = this.view.getInt16(head + 50) === 1;
    this.numGlyphs = this.view.getUint16(this.table('maxp').offset + 4);
    const hhea = this.table('hhea').offset;
    this.ascent = this.view.getInt16(hhea + 4);
    this.descent = this.view.getInt16(hhea + 6);
    this.numberOfHMetrics = this.view.getUint16(hhea + 34);
    const os2 = this.tables.get('OS/2');
    const os2Version = os2 ? this.view.getUint16(os2.offset) : 0;
    this.familyClass = os2 ? this.view.getInt16(os2.offset + 30) : 0;
    this.xHeight = os2 && os2Version >= 2 ? this.view.getInt16(os2.offset + 86) : 0;
    this.capHeight = os2 && os2Version >= 2 ? this.view.getInt16(os2.offset + 88) : this.ascent;
    // A PDF's embedded subset may lack post and cmap: a PDF addresses glyphs by number.
    const post = this.tables.get('post');
    this.italicAngle = post ? this.view.getInt32(post.offset + 4) / 65536 : 0;
    this.isFixedPitch = post ? this.view.getUint32(post.offset + 12) !== 0 : false;
    this.postscriptName = this.readPostscriptName();
    this.cmap = this.readCmap();
  }

  private tag(offset: number): string {
    return String.fromCharCode(...this.bytes.subarray(offset, offset + 4));
  }

  private table(tag: string): TableRecord {
    const record = this.tables.get(tag);
    if (!record) throw new Error(`The font has no ${tag} table`);
    return record;
  }

  tableBytes(tag: string): Uint8Array | undefined {
    const record = this.tables.get(tag);
    return record && this.bytes.subarray(record.offset, record.offset + record.length);
  }

  private readPostscriptName(): string {
    const name = this.tables.get('name');
    if (!name) return 'Font';
    const count = this.view.getUint16(name.offset + 2);
    const strings = name.offset + this.view.getUint16(name.offset + 4);
    for (let i = 0; i < count; i += 1) {
      const record = name.offset + 6 + i * 12;
      const platform = this.view.getUint16(record);
      if (this.view.getUint16(record + 6) !== 6) continue;
      const length = this.view.getUint16(record + 8);
      const start = strings + this.view.getUint16(record + 10);
      const raw = this.bytes.subarray(start, start + length);
      if (platform === 1) return String.fromCharCode(...raw);
      if (platform === 3 || platform === 0) {
        let text = '';
        for (let j = 0; j + 1 < raw.length; j += 2) {
          text += String.fromCharCode(((raw[j] as number) << 8) | (raw[j + 1] as number));
        }
        return text;
      }
    }
    return 'Font';
  }

  private readCmap(): Map<number, number> {
    if (!this.tables.has('cmap')) return new Map();
    const cmap = this.table('cmap').offset;
    const count = this.view.getUint16(cmap + 2);
    const subtables: { platform: number; encoding: number; offset: number }[] = [];
    for (let i = 0; i < count; i += 1) {
      const record = cmap + 4 + i * 8;
      subtables.push({
        platform: this.view.getUint16(record),
        encoding: this.view.getUint16(record + 2),
        offset: cmap + this.view.getUint32(record + 4),
      });
    }
    const format12 = subtables.find(
      (s) => this.view.getUint16(s.offset) === 12 && (s.platform === 0 || s.encoding === 10),
    );
    if (format12) return this.readCmapFormat12(format12.offset);
    const format4 = subtables.find(
      (s) => this.view.getUint16(s.offset) === 4 && (s.platform === 0 || s.encoding === 1),
    );
    if (format4) return this.readCmapFormat4(format4.offset);
    throw new Error('The font has no Unicode cmap of format 4 or 12');
  }

  private readCmapFormat4(offset: number): Map<number, number> {
    const map = new Map<number, number>();
    const segments = this.view.getUint16(offset + 6) / 2;
    const ends = offset + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    for (let s = 0; s < segments; s += 1) {
      const start = this.view.getUint16(starts + s * 2);
      const end = this.view.getUint16(ends + s * 2);
      const delta = this.view.getInt16(deltas + s * 2);
      const rangeOffsetAt = rangeOffsets + s * 2;
      const rangeOffset = this.view.getUint16(rangeOffsetAt);
      for (let code = start; code <= end && code !== 0xffff; code += 1) {
        let glyph: number;
        if (rangeOffset === 0) {
          glyph = (code + delta) & 0xffff;
        } else {
          const raw = this.view.getUint16(rangeOffsetAt + rangeOffset + (code - start) * 2);
          glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
        }
        if (glyph !== 0) map.set(code, glyph);
      }
    }
    return map;
  }

  private readCmapFormat12(offset: number): Map<number, number> {
    const map = new Map<number, number>();
    const groups = this.view.getUint32(offset + 12);
    for (let g = 0; g < groups; g += 1) {
      const group = offset + 16 + g * 12;
      const start = this.view.getUint32(group);
      const end = this.view.getUint32(group + 4);
      const firstGlyph = this.view.getUint32(group + 8);
      for (let code = start; code <= end; code += 1) map.set(code, firstGlyph + code - start);
    }
    return map;
  }

  advanceWidth(glyph: number): number {
    const hmtx = this.table('hmtx').offset;
    return this.view.getUint16(hmtx + Math.min(glyph, this.numberOfHMetrics - 1) * 4);
  }

  leftSideBearing(glyph: number): number {
    const hmtx = this.table('hmtx').offset;
    if (glyph < this.numberOfHMetrics) return this.view.getInt16(hmtx + glyph * 4 + 2);
    return this.view.getInt16(
      hmtx + this.numberOfHMetrics * 4 + (glyph - this.numberOfHMetrics) * 2,
    );
  }

  /** The glyph's outline record; empty for glyphs without contours (the space). */
  glyphData(glyph: number): Uint8Array {
    if (glyph < 0 || glyph >= this.numGlyphs) throw new Error(`No glyph ${glyph}`);
    const loca = this.table('loca').offset;
    const at = (index: number) =>
      this.longLoca
        ? this.view.getUint32(loca + index * 4)
        : this.view.getUint16(loca + index * 2) * 2;
    const glyf = this.table('glyf').offset;
    return this.bytes.subarray(glyf + at(glyph), glyf + at(glyph + 1));
  }
}

/** Offsets of the glyph-index fields of a composite glyph's components. */
function componentIndexOffsets(data: Uint8Array): number[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.length === 0 || view.getInt16(0) >= 0) return [];
  const offsets: number[] = [];
  let at = 10;
  let flags: number;
  do {
    flags = view.getUint16(at);
    offsets.push(at + 2);
    at += 4 + (flags & COMPOSITE_ARGS_ARE_WORDS ? 4 : 2);
    if (flags & COMPOSITE_HAS_SCALE) at += 2;
    else if (flags & COMPOSITE_HAS_XY_SCALE) at += 4;
    else if (flags & COMPOSITE_HAS_2X2) at += 8;
  } while (flags & COMPOSITE_MORE_COMPONENTS);
  return offsets;
}

export function componentGlyphs(data: Uint8Array): number[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return componentIndexOffsets(data).map((offset) => view.getUint16(offset));
}

function checksum(data: Uint8Array): number {
  const padded = new Uint8Array(Math.ceil(data.length / 4) * 4);
  padded.set(data);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}

/** A cmap table with one format 4 subtable (Windows, Unicode BMP). */
function buildCmap(mapping: Map<number, number>): Uint8Array {
  const pairs = [...mapping].filter(([code]) => code < 0xffff).sort((a, b) => a[0] - b[0]);
  const segments: { start: number; end: number; delta: number }[] = [];
  for (const [code, glyph] of pairs) {
    const last = segments.at(-1);
    if (last && code === last.end + 1 && glyph - code === last.delta) last.end = code;
    else segments.push({ start: code, end: code, delta: glyph - code });
  }
  segments.push({ start: 0xffff, end: 0xffff, delta: 1 });
  const count = segments.length;
  const subtableLength = 16 + count * 8;
  const out = new DataView(new ArrayBuffer(12 + subtableLength));
  out.setUint16(2, 1);
  out.setUint16(4, 3);
  out.setUint16(6, 1);
  out.setUint32(8, 12);
  const sub = 12;
  const searchRange = 2 ** Math.floor(Math.log2(count)) * 2;
  out.setUint16(sub, 4);
  out.setUint16(sub + 2, subtableLength);
  out.setUint16(sub + 6, count * 2);
  out.setUint16(sub + 8, searchRange);
  out.setUint16(sub + 10, Math.log2(searchRange / 2));
  out.setUint16(sub + 12, count * 2 - searchRange);
  segments.forEach((segment, i) => {
    out.setUint16(sub + 14 + i * 2, segment.end);
    out.setUint16(sub + 16 + count * 2 + i * 2, segment.start);
    out.setUint16(sub + 16 + count * 4 + i * 2, segment.delta & 0xffff);
    // idRangeOffset stays 0: every segment maps by delta.
  });
  return new Uint8Array(out.buffer);
}

function assembleFont(tables: Map<string, Uint8Array>): Uint8Array {
  const tags = [...tables.keys()].sort();
  const headerLength = 12 + tags.length * 16;
  let length = headerLength;
  for (const tag of tags) length += Math.ceil((tables.get(tag) as Uint8Array).length / 4) * 4;
  const font = new Uint8Array(length);
  const view = new DataView(font.buffer);
  const searchRange = 2 ** Math.floor(Math.log2(tags.length)) * 16;
  view.setUint32(0, 0x00010000);
  view.setUint16(4, tags.length);
  view.setUint16(6, searchRange);
  view.setUint16(8, Math.log2(searchRange / 16));
  view.setUint16(10, tags.length * 16 - searchRange);
  let offset = headerLength;
  let headOffset = 0;
  tags.forEach((tag, i) => {
    const data = tables.get(tag) as Uint8Array;
    const record = 12 + i * 16;
    for (let c = 0; c < 4; c += 1) view.setUint8(record + c, tag.charCodeAt(c));
    view.setUint32(record + 4, checksum(data));
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, data.length);
    font.set(data, offset);
    if (tag === 'head') headOffset = offset;
    offset += Math.ceil(data.length / 4) * 4;
  });
  view.setUint32(headOffset + 8, (0xb1b0afba - checksum(font)) >>> 0);
  return font;
}

export interface Subset {
  bytes: Uint8Array;
  /** Old glyph id to new glyph id, for every glyph in the subset. */
  glyphMap: Map<number, number>;
}

/**
 * Writes a font with .notdef plus the given glyphs (in that order, then any components they
 * need). With `codePoints`, the subset gets a cmap for them and the name, OS/2 and post tables,
 * so it works as a standalone font file; without, it is the bare font a PDF embeds.
 */
export function subsetFont(
  font: TrueTypeFont,
  glyphs: readonly number[],
  codePoints?: readonly number[],
): Subset {
  const order = [0];
  const glyphMap = new Map<number, number>([[0, 0]]);
  const include = (glyph: number) => {
    if (!glyphMap.has(glyph)) {
      glyphMap.set(glyph, order.length);
      order.push(glyph);
    }
  };
  glyphs.forEach(include);
  // Components may themselves be composite; the loop sees the glyphs appended while it runs.
  for (let i = 0; i < order.length; i += 1) {
    componentGlyphs(font.glyphData(order[i] as number)).forEach(include);
  }

  const glyfParts: Uint8Array[] = [];
  const loca = new DataView(new ArrayBuffer((order.length + 1) * 4));
  const hmtx = new DataView(new ArrayBuffer(order.length * 4));
  let glyfLength = 0;
  order.forEach((oldGlyph, newGlyph) => {
    const data = new Uint8Array(font.glyphData(oldGlyph));
    const view = new DataView(data.buffer);
    for (const offset of componentIndexOffsets(data)) {
      view.setUint16(offset, glyphMap.get(view.getUint16(offset)) as number);
    }
    const padded = new Uint8Array(Math.ceil(data.length / 4) * 4);
    padded.set(data);
    loca.setUint32(newGlyph * 4, glyfLength);
    glyfParts.push(padded);
    glyfLength += padded.length;
    hmtx.setUint16(newGlyph * 4, font.advanceWidth(oldGlyph));
    hmtx.setInt16(newGlyph * 4 + 2, font.leftSideBearing(oldGlyph));
  });
  loca.setUint32(order.length * 4, glyfLength);
  const glyf = new Uint8Array(glyfLength);
  let at = 0;
  for (const part of glyfParts) {
    glyf.set(part, at);
    at += part.length;
  }

  const copy = (tag: string) => {
    const bytes = font.tableBytes(tag);
    if (!bytes) throw new Error(`The font has no ${tag} table`);
    return new Uint8Array(bytes);
  };
  const head = copy('head');
  new DataView(head.buffer).setUint32(8, 0);
  new DataView(head.buffer).setInt16(50, 1);
  const hhea = copy('hhea');
  new DataView(hhea.buffer).setUint16(34, order.length);
  const maxp = copy('maxp');
  new DataView(maxp.buffer).setUint16(4, order.length);

  const tables = new Map<string, Uint8Array>([
    ['head', head],
    ['hhea', hhea],
    ['maxp', maxp],
    ['hmtx', new Uint8Array(hmtx.buffer)],
    ['loca', new Uint8Array(loca.buffer)],
    ['glyf', glyf],
  ]);
  for (const tag of ['cvt ', 'fpgm', 'prep']) {
    const bytes = font.tableBytes(tag);
    if (bytes) tables.set(tag, new Uint8Array(bytes));
  }
  if (codePoints) {
    const mapping = new Map<number, number>();
    for (const code of codePoints) {
      const glyph = font.cmap.get(code);
      if (glyph !== undefined && glyphMap.has(glyph))
        mapping.set(code, glyphMap.get(glyph) as number);
    }
    tables.set('cmap', buildCmap(mapping));
    tables.set('name', copy('name'));
    tables.set('OS/2', copy('OS/2'));
    // Version 3 of post carries no glyph names, which would no longer match the renumbering.
    const post = copy('post').subarray(0, 32);
    new DataView(post.buffer, post.byteOffset).setUint32(0, 0x00030000);
    tables.set('post', post);
  }
  return { bytes: assembleFont(tables), glyphMap };
}

/** A font reduced to the glyphs of the given code points, usable as a standalone .ttf file. */
export function subsetForCodePoints(font: TrueTypeFont, codePoints: readonly number[]): Uint8Array {
  const missing = codePoints.filter((code) => !font.cmap.has(code));
  if (missing.length > 0) {
    throw new Error(
      `The font lacks ${missing.map((c) => `U+${c.toString(16).toUpperCase()}`).join(', ')}`,
    );
  }
  const glyphs = [...new Set(codePoints.map((code) => font.cmap.get(code) as number))];
  return subsetFont(font, glyphs, codePoints).bytes;
}

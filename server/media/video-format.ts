/**
 * What a video file is, decided from its bytes (ARCHITECTURE.md "Media"): MP4 (ISO base media
 * file format) or WebM, the two formats every browser plays. Only box and element headers are
 * read, never the whole file, so a 4 GiB upload costs a few hundred small reads.
 *
 * How far the check goes:
 * - MP4: the first box is `ftyp` naming a known MP4 brand (major or compatible); the top-level
 *   boxes then chain without a gap from the start to exactly the end of the file, and a `moov`
 *   (the index a player needs) is among them. A file cut off anywhere inside its last box is
 *   refused as incomplete, since that box claims more bytes than remain. What is inside `moov`
 *   (sample tables) is not checked.
 * - WebM: an EBML header whose DocType is `webm`, followed by a Segment element that fits in the
 *   file (a live recording's "unknown size" Segment is allowed: nothing to compare).
 */
import { open, type FileHandle } from 'node:fs/promises';

export type VideoFormat = 'mp4' | 'webm';
export type VideoProblem = 'not-a-video' | 'incomplete';
export type VideoInspection = { format: VideoFormat } | { problem: VideoProblem };

/** ISO/IEC 14496-12 and -14 brands browsers play as MP4 (not QuickTime's `qt  `, not 3GPP). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'msdh',
  'cmfc',
]);

const EBML_HEADER_ID = 0x1a45dfa3;
const EBML_DOCTYPE_ID = 0x4282;
const WEBM_SEGMENT_ID = 0x18538067;
/** An EBML header is a few dozen bytes; anything this long is not one we would read. */
const EBML_HEADER_MAX_BYTES = 4096;
/** A real MP4 has a handful of top-level boxes, a fragmented one one pair per fragment. */
const MAX_TOP_LEVEL_BOXES = 1_000_000;

export async function inspectVideo(file: string): Promise<VideoInspection> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = await readAt(handle, 0, Math.min(size, EBML_HEADER_MAX_BYTES + 16));
    if (head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp') {
      return await inspectMp4(handle, head, size);
    }
    if (head.length >= 4 && head.readUInt32BE(0) === EBML_HEADER_ID) {
      return inspectWebm(head, size);
    }
    return { problem: 'not-a-video' };
  } finally {
    await handle.close();
  }
}

async function inspectMp4(handle: FileHandle, head: Buffer, size: number) {
  const ftypSize = head.readUInt32BE(0);
  if (ftypSize < 16 || ftypSize > head.length) return { problem: 'not-a-video' } as const;
  const brands = [head.toString('latin1', 8, 12)];
  for (let offset = 16; offset + 4 <= ftypSize; offset += 4) {
    brands.push(head.toString('latin1', offset, offset + 4));
  }
  if (!brands.some((brand) => MP4_BRANDS.has(brand))) return { problem: 'not-a-video' } as const;

  let offset = 0;
  let hasMoov = false;
  for (let count = 0; offset < size; count++) {
    if (count === MAX_TOP_LEVEL_BOXES || offset + 8 > size)
      return { problem: 'incomplete' } as const;
    const header = await readAt(handle, offset, 16);
    const type = header.toString('latin1', 4, 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return { problem: 'incomplete' } as const;
    const boxSize = boxSizeOf(header, size - offset);
    if (boxSize === undefined || offset + boxSize > size) return { problem: 'incomplete' } as const;
    if (type === 'moov') hasMoov = true;
    offset += boxSize;
  }
  return hasMoov ? ({ format: 'mp4' } as const) : ({ problem: 'incomplete' } as const);
}

/** ISO/IEC 14496-12 4.2: 32-bit size, 1 for a 64-bit size after the type, 0 for "to the end". */
function boxSizeOf(header: Buffer, remaining: number): number | undefined {
  const compact = header.readUInt32BE(0);
  if (compact === 0) return remaining;
  if (compact === 1) {
    if (header.length < 16) return undefined;
    const large = header.readBigUInt64BE(8);
    return large >= 16n && large <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(large) : undefined;
  }
  return compact >= 8 ? compact : undefined;
}

function inspectWebm(head: Buffer, size: number): VideoInspection {
  const headerSize = readVint(head, 4);
  if (headerSize === undefined || headerSize.value === undefined) return { problem: 'not-a-video' };
  const bodyStart = 4 + headerSize.length;
  const bodyEnd = bodyStart + headerSize.value;
  if (bodyEnd > head.length) return { problem: 'not-a-video' };
  let docType: string | undefined;
  for (let offset = bodyStart; offset < bodyEnd;) {
    const id = readElementId(head, offset);
    const length = id && readVint(head, offset + id.length);
    if (!id || length?.value === undefined) return { problem: 'not-a-video' };
    const dataStart = offset + id.length + length.length;
    if (id.value === EBML_DOCTYPE_ID) {
      docType = head.toString('latin1', dataStart, dataStart + length.value).replace(/\0+$/, '');
    }
    offset = dataStart + length.value;
  }
  if (docType !== 'webm') return { problem: 'not-a-video' };
  // The Segment follows the header; a cut-off file's Segment claims more than remains.
  const segmentId = readElementId(head, bodyEnd);
  const segmentSize = segmentId && readVint(head, bodyEnd + segmentId.length);
  if (segmentId?.value !== WEBM_SEGMENT_ID || segmentSize === undefined) {
    return { problem: 'incomplete' };
  }
  const segmentEnd = bodyEnd + segmentId.length + segmentSize.length + (segmentSize.value ?? 0);
  return segmentSize.value !== undefined && segmentEnd > size
    ? { problem: 'incomplete' }
    : { format: 'webm' };
}

/** An EBML element id: its length marker bits stay part of the value. */
function readElementId(buffer: Buffer, offset: number) {
  if (offset >= buffer.length) return undefined;
  const length = leadingZeros(buffer[offset] ?? 0) + 1;
  if (length > 4 || offset + length > buffer.length) return undefined;
  return { value: buffer.readUIntBE(offset, length), length };
}

/** An EBML variable-size integer; `value` undefined means "unknown size" (all ones). */
function readVint(buffer: Buffer, offset: number) {
  if (offset >= buffer.length) return undefined;
  const first = buffer[offset] ?? 0;
  const length = leadingZeros(first) + 1;
  if (length > 8 || offset + length > buffer.length) return undefined;
  let value = BigInt(first & (0xff >> length));
  let allOnes = value === BigInt(0xff >> length);
  for (let index = 1; index < length; index++) {
    const byte = buffer[offset + index] ?? 0;
    value = (value << 8n) | BigInt(byte);
    allOnes &&= byte === 0xff;
  }
  if (allOnes) return { value: undefined, length };
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? { value: Number(value), length } : undefined;
}

function leadingZeros(byte: number): number {
  return byte === 0 ? 8 : Math.clz32(byte) - 24;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

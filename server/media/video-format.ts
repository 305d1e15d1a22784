/**
 * What container a video file is, from its bytes (ARCHITECTURE.md "Media", issue 27): the first
 * bytes name the container (`videoContainerOf`, also the tus route's check of a first PATCH),
 * and the container's own length fields say whether the file is whole (`isIncomplete`). Which
 * streams and codecs are inside is ffprobe's to say (server/transcodes/probe.ts). Only headers
 * are read, never the whole file, so a 4 GiB upload costs a few hundred small reads.
 *
 * - ISO base media (MP4, QuickTime MOV, 3GP): a first box `ftyp` (any brand), or one of the boxes
 *   old QuickTime files begin with. Whole when the top-level boxes chain without a gap to exactly
 *   the end of the file and a `moov` (the index a player needs) is among them: a file cut off
 *   inside its last box claims more bytes than remain.
 * - Matroska and WebM: the EBML magic number. Whole when the Segment after the header fits in the
 *   file (a live recording's "unknown size" Segment has nothing to compare).
 * - AVI: `RIFF....AVI `. Whole when the RIFF chunks chain to the end (OpenDML's `AVIX` follow).
 */
import { open, type FileHandle } from 'node:fs/promises';

export type VideoContainer = 'iso-bmff' | 'matroska' | 'avi';

/** The bytes `videoContainerOf` needs; a first PATCH must carry at least these. */
export const CONTAINER_SIGNATURE_BYTES = 12;

/** Boxes a QuickTime file may begin with instead of `ftyp` (files from before 2001 do). */
const QUICKTIME_FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip']);
const EBML_MAGIC = 0x1a45dfa3;
const EBML_DOCTYPE_ID = 0x4282;
const SEGMENT_ID = 0x18538067;
/** An EBML header is a few dozen bytes; anything this long is not one we would read. */
const EBML_HEADER_MAX_BYTES = 4096;
/** A real MP4 has a handful of top-level boxes, a fragmented one one pair per fragment. */
const MAX_TOP_LEVEL_BOXES = 1_000_000;
const MAX_RIFF_CHUNKS = 10_000;

/** The container the first bytes of a file announce, or undefined for anything else. */
export function videoContainerOf(head: Buffer): VideoContainer | undefined {
  if (head.length < CONTAINER_SIGNATURE_BYTES) return undefined;
  if (head.readUInt32BE(0) === EBML_MAGIC) return 'matroska';
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'AVI ') {
    return 'avi';
  }
  const firstBox = head.toString('latin1', 4, 8);
  const size = head.readUInt32BE(0);
  if (QUICKTIME_FIRST_BOXES.has(firstBox) && (size === 1 || size >= 8)) return 'iso-bmff';
  return undefined;
}

/** The container of `file` and whether it was cut off; undefined when it is no video container. */
export async function inspectContainer(
  file: string,
): Promise<{ container: VideoContainer; incomplete: boolean } | undefined> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = await readAt(handle, 0, Math.min(size, EBML_HEADER_MAX_BYTES + 16));
    const container = videoContainerOf(head);
    if (container === undefined) return undefined;
    const whole =
      container === 'iso-bmff'
        ? await isoBoxesChain(handle, size)
        : container === 'matroska'
          ? matroskaSegmentFits(head, size)
          : await riffChunksChain(handle, size);
    return { container, incomplete: !whole };
  } finally {
    await handle.close();
  }
}

async function isoBoxesChain(handle: FileHandle, size: number): Promise<boolean> {
  let offset = 0;
  let hasMoov = false;
  for (let count = 0; offset < size; count++) {
    if (count === MAX_TOP_LEVEL_BOXES || offset + 8 > size) return false;
    const header = await readAt(handle, offset, 16);
    const type = header.toString('latin1', 4, 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
    const boxSize = boxSizeOf(header, size - offset);
    if (boxSize === undefined || offset + boxSize > size) return false;
    if (type === 'moov') hasMoov = true;
    offset += boxSize;
  }
  return hasMoov;
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

/** RIFF chunks (`RIFF` size form-type), padded to even sizes, from the start to the end. */
async function riffChunksChain(handle: FileHandle, size: number): Promise<boolean> {
  let offset = 0;
  for (let count = 0; offset < size; count++) {
    if (count === MAX_RIFF_CHUNKS || offset + 8 > size) return false;
    const header = await readAt(handle, offset, 8);
    if (header.toString('latin1', 0, 4) !== 'RIFF') return false;
    const chunkSize = header.readUInt32LE(4);
    const end = offset + 8 + chunkSize + (chunkSize % 2);
    // A writer may leave out the pad byte of the last chunk.
    if (offset + 8 + chunkSize > size) return false;
    offset = Math.min(end, size);
  }
  return true;
}

function matroskaSegmentFits(head: Buffer, size: number): boolean {
  const headerSize = readVint(head, 4);
  if (headerSize?.value === undefined) return false;
  const bodyStart = 4 + headerSize.length;
  const bodyEnd = bodyStart + headerSize.value;
  if (bodyEnd > head.length) return false;
  let docType: string | undefined;
  for (let offset = bodyStart; offset < bodyEnd;) {
    const id = readElementId(head, offset);
    const length = id && readVint(head, offset + id.length);
    if (!id || length?.value === undefined) return false;
    const dataStart = offset + id.length + length.length;
    if (id.value === EBML_DOCTYPE_ID) {
      docType = head.toString('latin1', dataStart, dataStart + length.value).replace(/\0+$/, '');
    }
    offset = dataStart + length.value;
  }
  if (docType !== 'webm' && docType !== 'matroska') return false;
  const segmentId = readElementId(head, bodyEnd);
  const segmentSize = segmentId && readVint(head, bodyEnd + segmentId.length);
  if (segmentId?.value !== SEGMENT_ID || segmentSize === undefined) return false;
  if (segmentSize.value === undefined) return true;
  return bodyEnd + segmentId.length + segmentSize.length + segmentSize.value <= size;
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

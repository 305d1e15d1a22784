/**
 * Video files made to measure for the format checks (server/media/video-format.ts): only their
 * box and element structure is real, which is all the server reads.
 */

function box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/**
 * An MP4: `ftyp` with `brand` (major and compatible), a small `moov` unless told otherwise, and an
 * `mdat` filling the file up to `size` bytes.
 */
export function mp4Of(options: { brand?: string; moov?: boolean; size?: number } = {}): Buffer {
  const brand = options.brand ?? 'isom';
  const ftyp = box(
    'ftyp',
    Buffer.concat([Buffer.from(brand, 'latin1'), Buffer.alloc(4), Buffer.from(brand, 'latin1')]),
  );
  const moov = options.moov === false ? Buffer.alloc(0) : box('moov', Buffer.alloc(100));
  const used = ftyp.length + moov.length + 8;
  const size = options.size ?? used + 1000;
  return Buffer.concat([ftyp, moov, box('mdat', Buffer.alloc(size - used, 0x42))]);
}

/** An EBML element with an 8-byte size. */
function element(id: number, payload: Buffer): Buffer {
  const idBytes = Buffer.from(
    id
      .toString(16)
      .padStart(2, '0')
      .replace(/^(.(..)*)$/, '0$1'),
    'hex',
  );
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(payload.length) | (1n << 56n));
  return Buffer.concat([idBytes, size, payload]);
}

/** A WebM (or, with another DocType, Matroska) file: EBML header, then a Segment of 2 KB. */
export function webmOf(options: { docType?: string } = {}): Buffer {
  const header = element(
    0x1a45dfa3,
    Buffer.concat([
      element(0x4286, Buffer.from([1])),
      element(0x4282, Buffer.from(options.docType ?? 'webm', 'latin1')),
    ]),
  );
  return Buffer.concat([header, element(0x18538067, Buffer.alloc(2048, 0x42))]);
}

/** The file as a dropped connection leaves it: its last 100 bytes missing. */
export function truncated(file: Buffer): Buffer {
  return file.subarray(0, file.length - 100);
}

/** A real MP4 grown to exactly `size` bytes by a trailing `free` box, which players skip. */
export function padded(video: Buffer, size: number): Buffer {
  return Buffer.concat([video, box('free', Buffer.alloc(size - video.length - 8))]);
}

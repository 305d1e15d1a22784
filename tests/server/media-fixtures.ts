/**
 * Real files and real multipart bodies for the upload tests: images encoded by sharp, a PDF
 * written by pdf-lib, and bodies serialised by the platform's own FormData, or streamed part
 * by part when a test needs a body too large to hold.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

export async function imageFile(
  format: 'png' | 'jpeg' | 'webp' | 'avif',
  width = 800,
  height = 500,
): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 227, g: 6, b: 19 } },
  });
  return image[format]().toBuffer();
}

/**
 * A logo as designers export them: a `width` x `height` mark in the middle of a transparent PNG
 * with `margin` px of nothing on every side.
 */
export async function pngWithTransparentMargins(
  width: number,
  height: number,
  margin: number,
): Promise<Buffer> {
  const mark = await sharp({
    create: { width, height, channels: 4, background: { r: 227, g: 6, b: 19, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  return sharp({
    create: {
      width: width + 2 * margin,
      height: height + 2 * margin,
      channels: 4,
      background: transparent,
    },
  })
    .composite([{ input: mark, left: margin, top: margin }])
    .png()
    .toBuffer();
}

/**
 * A real HEIC (HEVC in a HEIF container, brand `heic`) as an iPhone takes it, encoded by libheif's
 * `heif-enc` (Debian's libheif-examples, installed by .ci/run) from a PNG of `imageFile`.
 */
export async function heicFile(width = 800, height = 500): Promise<Buffer> {
  const folder = mkdtempSync(path.join(tmpdir(), 'dental-heic-'));
  try {
    const png = path.join(folder, 'photo.png');
    const heic = path.join(folder, 'photo.heic');
    await sharp(await imageFile('png', width, height)).toFile(png);
    execFileSync('heif-enc', ['--quality', '80', png, '--output', heic], { stdio: 'pipe' });
    return readFileSync(heic);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A JPEG carrying EXIF (camera, GPS-like comment), to see that it is stripped. */
export async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', ImageDescription: 'Ordinacija, 45.81N 15.98E' } })
    .toBuffer();
}

export async function pdfFile(text = 'Program tečaja'): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage().drawText(text.normalize('NFD').replace(/[^\x20-\x7e]/g, ''), { font });
  return Buffer.from(await document.save());
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

/** Starts like a PNG (the magic number passes) but the pixels are garbage. */
export async function corruptPng(): Promise<Buffer> {
  const png = await imageFile('png', 400, 400);
  const broken = Buffer.from(png);
  broken.fill(0x5a, 60);
  return broken;
}

/** A tiny PNG whose header claims 20,000 x 20,000 pixels: a decompression bomb's shape. */
export function pixelBombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0, 0, 0, 1, 0, 1])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FilePart {
  bytes: Buffer;
  filename: string;
  type?: string;
}
export type FormValue = string | FilePart;

/** A multipart body as a browser's FormData sends it. */
export async function multipart(fields: Record<string, FormValue | FormValue[]>) {
  const form = new FormData();
  for (const [name, values] of Object.entries(fields)) {
    for (const value of Array.isArray(values) ? values : [values]) {
      if (typeof value === 'string') form.append(name, value);
      else {
        const blob = new Blob([new Uint8Array(value.bytes)], { type: value.type ?? '' });
        form.append(name, blob, value.filename);
      }
    }
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** POSTs a multipart form to `url` (fields left undefined are not sent); `token` null: anonymous. */
export async function postForm(
  app: FastifyInstance,
  url: string,
  form: Record<string, FormValue | undefined>,
  token: string | null,
) {
  const fields = Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, FormValue] => entry[1] !== undefined),
  );
  const body = await multipart(fields);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  });
}

/**
 * A multipart body with one file part of `fileBytes` bytes produced on demand (after the
 * real `head` bytes), counting how much of it the server pulled and calling `onChunk` before
 * each piece.
 */
export function streamedMultipart(
  field: string,
  head: Buffer,
  fileBytes: number,
  onChunk: () => void = () => {},
) {
  const boundary = '----dentalia-test-boundary';
  const opening = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  const progress = { pulled: 0 };
  async function* body() {
    yield opening;
    yield head;
    let sent = head.length;
    while (sent < fileBytes) {
      const piece = chunk.subarray(0, Math.min(chunk.length, fileBytes - sent));
      sent += piece.length;
      progress.pulled = sent;
      onChunk();
      yield piece;
    }
    yield closing;
  }
  return {
    payload: Readable.from(body()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    progress,
  };
}

/** The bytes of every file under a folder, recursively. */
export function bytesUnder(folder: string): number {
  return filesUnder(folder).reduce((sum, file) => sum + statSync(path.join(folder, file)).size, 0);
}

/** Every file under a folder, recursively, relative to it (empty when it does not exist). */
export function filesUnder(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

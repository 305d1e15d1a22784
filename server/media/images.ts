/**
 * Images for the web: every accepted image is decoded, turned upright, and re-encoded as WebP
 * at two sizes (a large one for a full view, a card one for lists and `srcset`), which also
 * drops its metadata (EXIF with GPS positions, camera serials). Re-encoding means a file that
 * merely starts like an image never reaches a browser as it was uploaded.
 */
import { readFile } from 'node:fs/promises';
import pLimit from 'p-limit';
import type { default as Sharp, Metadata, SharpOptions } from 'sharp';

/** Images above this are refused before decoding: a small file can expand to gigabytes. */
export const MAX_INPUT_MEGAPIXELS = 50;
export const IMAGE_SIZES = {
  /** Fits a large screen at full width; tall images are bounded too. */
  full: { width: 1600, height: 2400 },
  /** A card in a list of courses or products (600 CSS px wide at most). */
  card: { width: 600, height: 1200 },
} as const;
const WEBP = { quality: 80, effort: 4 } as const;

let loadedSharp: Promise<typeof Sharp> | undefined;

/**
 * sharp with libvips loads with the first image, not with the server: a start loaded its ~130
 * modules and native library (issue 31), and most starts never encode an image.
 */
function sharpLoaded(): Promise<typeof Sharp> {
  loadedSharp ??= import('sharp').then(({ default: sharp }) => {
    // Uploaded files are read once and deleted: libvips must not keep them open in its cache.
    sharp.cache({ files: 0 });
    return sharp;
  });
  return loadedSharp;
}

/** Decoding is memory-hungry: a few at a time, the rest wait. */
const limited = pLimit(2);

export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError';
}
export class TooManyPixelsError extends Error {
  override name = 'TooManyPixelsError';
}

export interface WebImage {
  full: Buffer;
  card: Buffer;
}

const DECODE_OPTIONS = { limitInputPixels: MAX_INPUT_MEGAPIXELS * 1_000_000, autoOrient: true };

/** Reads only the header, so the pixel limit applies before anything is decoded. */
async function refuseOversized(input: string | Buffer): Promise<Metadata> {
  const sharp = await sharpLoaded();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new UnreadableImageError('unreadable image', { cause: error });
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > MAX_INPUT_MEGAPIXELS * 1_000_000) throw new TooManyPixelsError(`${pixels} px`);
  return metadata;
}

interface Decodable {
  input: string | Buffer;
  options: SharpOptions;
}

/**
 * What sharp can read. Its prebuilt libvips reads a HEIF container (so the header and the pixel
 * limit above work) but has no HEVC decoder, so an iPhone's HEIC photo is decoded to RGBA pixels
 * by libheif compiled to WebAssembly (heic-decode, decision 0057), loaded only when one arrives.
 * libheif applies the container's rotation and mirroring, as `autoOrient` does for EXIF.
 */
async function decodable(input: string | Buffer, metadata: Metadata): Promise<Decodable> {
  if (metadata.format !== 'heif' || metadata.compression !== 'hevc') {
    return { input, options: DECODE_OPTIONS };
  }
  const { default: decodeHeic } = await import('heic-decode');
  const bytes = typeof input === 'string' ? await readFile(input) : input;
  const { width, height, data } = await decodeHeic({ buffer: bytes });
  const pixels = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return { input: pixels, options: { raw: { width, height, channels: 4 } } };
}

export interface WebImageOptions {
  /**
   * Cut the margins of the background colour (the top-left pixel's; transparent margins with
   * alpha): a logo is drawn at a fixed height beside its name, and a margin would shrink it and
   * leave a gap (issue 32).
   */
  trim?: boolean;
}

/** Throws `TooManyPixelsError` or `UnreadableImageError` for input that is not a usable image. */
export function toWebImage(
  input: string | Buffer,
  options: WebImageOptions = {},
): Promise<WebImage> {
  return limited(async () => {
    const metadata = await refuseOversized(input);
    const sharp = await sharpLoaded();
    try {
      const source = await decodable(input, metadata);
      // One decode (with shrink-on-load) to the full size; the card is made from those pixels.
      const decoded = sharp(source.input, source.options);
      // A uniform image has nothing to cut and stays as it is.
      const { data, info } = await (options.trim ? decoded.trim() : decoded)
        .resize({ ...IMAGE_SIZES.full, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixelsOf = () =>
        sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      const [full, card] = await Promise.all([
        pixelsOf().webp(WEBP).toBuffer(),
        pixelsOf()
          .resize({ ...IMAGE_SIZES.card, fit: 'inside', withoutEnlargement: true })
          .webp(WEBP)
          .toBuffer(),
      ]);
      return { full, card };
    } catch (error) {
      throw new UnreadableImageError('unreadable image', { cause: error });
    }
  });
}

/**
 * The width of a product's image in a newsletter (issue 28): a card in one of two columns of the
 * 600 px mail, one under the other on a phone; the image is twice as wide for 2x screens. Square
 * at most, so a tall photo never takes a whole screen.
 */
export const MAIL_IMAGE_WIDTH = 250;

export interface MailImage {
  /** JPEG, `MAIL_IMAGE_WIDTH` px wide at most. */
  standard: Buffer;
  /** JPEG, twice as wide at most, for `srcset` on high-density screens. */
  double: Buffer;
}

/**
 * Images for mail: JPEG, because WebP still fails in some mail clients (Outlook for Windows);
 * transparency is flattened onto white, the background of the mail. Same limits as `toWebImage`.
 */
export function toMailImage(input: string | Buffer): Promise<MailImage> {
  return limited(async () => {
    const metadata = await refuseOversized(input);
    const sharp = await sharpLoaded();
    const jpeg = (source: Decodable, width: number) =>
      sharp(source.input, source.options)
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    try {
      const source = await decodable(input, metadata);
      const [standard, double] = await Promise.all([
        jpeg(source, MAIL_IMAGE_WIDTH),
        jpeg(source, MAIL_IMAGE_WIDTH * 2),
      ]);
      return { standard, double };
    } catch (error) {
      throw new UnreadableImageError('unreadable image', { cause: error });
    }
  });
}

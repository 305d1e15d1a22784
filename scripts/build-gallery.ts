/**
 * Builds the course photo gallery (SPEC 2 "Gallery") from content/gallery:
 *
 *   npm run data:gallery
 *
 * Input: one folder per past course, content/gallery/<event folder>/, holding its photos
 * (*.jpg, *.jpeg, *.png, *.webp) and optionally an event.json:
 *
 *   { "eventName": "Tečaj endodoncije – dr. Ime Prezime, Zagreb 2024.", "alt": ["...", "..."] }
 *
 * - eventName is the heading the gallery groups the photos under; without it the folder name is
 *   used (a leading date such as "2024-03-" dropped, dashes read as spaces).
 * - alt describes each photo for screen readers, in the photos' file-name order; without it every
 *   photo gets a generic description. A list of the wrong length fails the build.
 * Events are listed newest first by folder name (so start folder names with the date), photos
 * in file-name order.
 *
 * Output, for each photo: public/galerija/<event-slug>/<photo>.webp, the full-size photo (at most
 * 1600 px wide), and <photo>-placeholder.webp, a 40 px wide blurred version that the page shows
 * lazily until the visitor opens the full size. Metadata (camera, GPS) is stripped and EXIF
 * orientation applied. src/data/gallery.ts lists them. Re-running gives the same result and
 * removes the outputs of deleted photos and events.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');

export const FULL_MAX_WIDTH = 1600;
export const PLACEHOLDER_WIDTH = 40;
const PHOTO_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp']);

export interface GalleryPaths {
  /** Folder with one sub-folder per event. */
  contentDir: string;
  /** Folder the web images are written to; everything else in it is removed. */
  outputDir: string;
  /** URL path under which outputDir is served. */
  urlBase: string;
  /** The TypeScript module listing the photos. */
  moduleFile: string;
}

export const defaultPaths: GalleryPaths = {
  contentDir: path.join(root, 'content', 'gallery'),
  outputDir: path.join(root, 'public', 'galerija'),
  urlBase: '/galerija',
  moduleFile: path.join(root, 'src', 'data', 'gallery.ts'),
};

export interface GalleryPhotoEntry {
  eventName: string;
  fullSizedPhoto: string;
  smallSizedPhoto: string;
  width: number;
  height: number;
  alt: string;
}

interface EventDescription {
  eventName?: string;
  alt?: string[];
}

/** ASCII, lower-case, dash-separated: safe in URLs and file systems. */
export function slugify(name: string): string {
  return name
    .replace(/[đĐ]/g, 'd')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function eventNameFromFolder(folder: string): string {
  const words = folder.replace(/^\d{4}(-\d{2}){0,2}-/, '').replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function readDescription(eventDir: string): EventDescription {
  const file = path.join(eventDir, 'event.json');
  if (!existsSync(file)) return {};
  const description = JSON.parse(readFileSync(file, 'utf8')) as EventDescription;
  if (description.eventName !== undefined && typeof description.eventName !== 'string') {
    throw new Error(`${file}: eventName must be a string`);
  }
  if (description.alt !== undefined && !description.alt.every((a) => typeof a === 'string')) {
    throw new Error(`${file}: alt must be a list of strings`);
  }
  return description;
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

async function buildEvent(folder: string, paths: GalleryPaths): Promise<GalleryPhotoEntry[]> {
  const eventDir = path.join(paths.contentDir, folder);
  const photos = readdirSync(eventDir)
    .filter((file) => PHOTO_EXTENSIONS.has(path.extname(file).toLowerCase()))
    .sort(byName);
  const description = readDescription(eventDir);
  const eventName = description.eventName?.trim() || eventNameFromFolder(folder);
  if (description.alt && description.alt.length !== photos.length) {
    throw new Error(
      `${folder}/event.json lists ${description.alt.length} alt texts for ${photos.length} photos`,
    );
  }
  const slug = slugify(folder);
  const outputDir = path.join(paths.outputDir, slug);
  mkdirSync(outputDir, { recursive: true });
  const stems = photos.map((photo) => slugify(path.parse(photo).name));
  if (new Set(stems).size !== stems.length) {
    throw new Error(`${folder}: two photos have the same name apart from their extension`);
  }
  const entries: GalleryPhotoEntry[] = [];
  for (const [index, photo] of photos.entries()) {
    const stem = stems[index] as string;
    const source = sharp(path.join(eventDir, photo)).rotate();
    const full = await source
      .clone()
      .resize({ width: FULL_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 78, effort: 5 })
      .toFile(path.join(outputDir, `${stem}.webp`));
    await source
      .clone()
      .resize({ width: PLACEHOLDER_WIDTH })
      .blur(0.8)
      .webp({ quality: 50 })
      .toFile(path.join(outputDir, `${stem}-placeholder.webp`));
    entries.push({
      eventName,
      fullSizedPhoto: `${paths.urlBase}/${slug}/${stem}.webp`,
      smallSizedPhoto: `${paths.urlBase}/${slug}/${stem}-placeholder.webp`,
      width: full.width,
      height: full.height,
      alt:
        description.alt?.[index]?.trim() ||
        `Fotografija ${index + 1} od ${photos.length}: ${eventName}`,
    });
  }
  return entries;
}

/** Deletes every output that the current content did not produce. */
function removeStaleOutputs(outputDir: string, produced: Set<string>): void {
  for (const entry of readdirSync(outputDir, { recursive: true, encoding: 'utf8' })
    .sort()
    .reverse()) {
    const file = path.join(outputDir, entry);
    if (produced.has(file)) continue;
    const isNonEmptyFolder = [...produced].some((p) => p.startsWith(`${file}${path.sep}`));
    if (!isNonEmptyFolder) rmSync(file, { recursive: true, force: true });
  }
}

export async function renderGalleryModule(photos: GalleryPhotoEntry[]): Promise<string> {
  const source = `// Generated by scripts/build-gallery.ts from content/gallery; do not edit by hand.

export interface GalleryPhoto {
  /** The course or its organiser; the gallery groups photos by it. */
  eventName: string;
  /** WebP, at most ${FULL_MAX_WIDTH} px wide. */
  fullSizedPhoto: string;
  /** A ${PLACEHOLDER_WIDTH} px wide blurred WebP, shown until the full size is opened. */
  smallSizedPhoto: string;
  /** Size of the full-sized photo. */
  width: number;
  height: number;
  alt: string;
}

export const galleryPhotos: readonly GalleryPhoto[] = ${JSON.stringify(photos)};
`;
  const options = await prettier.resolveConfig(path.join(root, 'src', 'data', 'gallery.ts'));
  return prettier.format(source, { ...options, parser: 'typescript' });
}

export async function buildGallery(
  paths: GalleryPaths = defaultPaths,
): Promise<GalleryPhotoEntry[]> {
  const folders = existsSync(paths.contentDir)
    ? readdirSync(paths.contentDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort(byName)
        .reverse()
    : [];
  const slugs = folders.map(slugify);
  if (new Set(slugs).size !== slugs.length) {
    throw new Error('Two event folders differ only in case or accents');
  }
  mkdirSync(paths.outputDir, { recursive: true });
  const photos: GalleryPhotoEntry[] = [];
  for (const folder of folders) photos.push(...(await buildEvent(folder, paths)));
  const produced = new Set(
    photos.flatMap((photo) =>
      [photo.fullSizedPhoto, photo.smallSizedPhoto].map((url) =>
        path.join(paths.outputDir, url.slice(paths.urlBase.length + 1)),
      ),
    ),
  );
  removeStaleOutputs(paths.outputDir, produced);
  writeFileSync(paths.moduleFile, await renderGalleryModule(photos));
  return photos;
}

if (import.meta.main) {
  const photos = await buildGallery();
  const events = new Set(photos.map((photo) => photo.eventName)).size;
  console.log(`Gallery: ${photos.length} photos of ${events} events`);
}

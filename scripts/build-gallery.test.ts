import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildGallery,
  defaultPaths,
  eventNameFromFolder,
  type GalleryPaths,
  slugify,
} from './build-gallery.ts';

let workDir: string;
let paths: GalleryPaths;

beforeEach(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'gallery-'));
  paths = {
    contentDir: path.join(workDir, 'content'),
    outputDir: path.join(workDir, 'public', 'galerija'),
    urlBase: '/galerija',
    moduleFile: path.join(workDir, 'gallery.ts'),
  };
});

afterEach(() => {
  rmSync(workDir, { recursive: true, force: true });
});

async function addPhoto(
  folder: string,
  file: string,
  width: number,
  height: number,
  orientation?: number,
): Promise<void> {
  const dir = path.join(paths.contentDir, folder);
  mkdirSync(dir, { recursive: true });
  let image = sharp({ create: { width, height, channels: 3, background: '#3a86ff' } });
  if (orientation) image = image.withMetadata({ orientation });
  const format = path.extname(file).slice(1) as 'jpg' | 'png' | 'webp';
  await image.toFormat(format === 'jpg' ? 'jpeg' : format).toFile(path.join(dir, file));
}

function describeEvent(folder: string, description: object): void {
  writeFileSync(path.join(paths.contentDir, folder, 'event.json'), JSON.stringify(description));
}

function outputFiles(): string[] {
  return readdirSync(paths.outputDir, { recursive: true, encoding: 'utf8' }).sort();
}

describe('slugs and fallback names', () => {
  it('turns Croatian folder names into URL-safe slugs', () => {
    expect(slugify('2024-03 Tečaj Đakovo, Šibenik!')).toBe('2024-03-tecaj-dakovo-sibenik');
  });

  it('reads an event name from a folder name without its leading date', () => {
    expect(eventNameFromFolder('2023-05-kompozitni-ispuni-osijek')).toBe(
      'Kompozitni ispuni osijek',
    );
    expect(eventNameFromFolder('radionica_parodontologije')).toBe('Radionica parodontologije');
  });
});

describe('scripts/build-gallery.ts', () => {
  it('writes full-size and placeholder WebP files and lists them newest event first', async () => {
    await addPhoto('2023-01-radionica', 'b.png', 800, 600);
    await addPhoto('2024-06-tecaj', '10.jpg', 2400, 1600);
    await addPhoto('2024-06-tecaj', '2.webp', 600, 400);
    describeEvent('2024-06-tecaj', { eventName: 'Tečaj – dr. Ana Ivić', alt: ['Drugi', 'Deseti'] });

    const photos = await buildGallery(paths);

    expect(photos).toEqual([
      {
        eventName: 'Tečaj – dr. Ana Ivić',
        fullSizedPhoto: '/galerija/2024-06-tecaj/2.webp',
        smallSizedPhoto: '/galerija/2024-06-tecaj/2-placeholder.webp',
        width: 600,
        height: 400,
        alt: 'Drugi',
      },
      {
        eventName: 'Tečaj – dr. Ana Ivić',
        fullSizedPhoto: '/galerija/2024-06-tecaj/10.webp',
        smallSizedPhoto: '/galerija/2024-06-tecaj/10-placeholder.webp',
        width: 1600,
        height: 1067,
        alt: 'Deseti',
      },
      {
        eventName: 'Radionica',
        fullSizedPhoto: '/galerija/2023-01-radionica/b.webp',
        smallSizedPhoto: '/galerija/2023-01-radionica/b-placeholder.webp',
        width: 800,
        height: 600,
        alt: 'Fotografija 1 od 1: Radionica',
      },
    ]);
    const full = await sharp(path.join(paths.outputDir, '2024-06-tecaj', '10.webp')).metadata();
    expect([full.format, full.width, full.height]).toEqual(['webp', 1600, 1067]);
    const small = await sharp(
      path.join(paths.outputDir, '2024-06-tecaj', '10-placeholder.webp'),
    ).metadata();
    expect([small.format, small.width]).toEqual(['webp', 40]);

    const module = readFileSync(paths.moduleFile, 'utf8');
    expect(module).toContain('export interface GalleryPhoto {');
    expect(module).toContain("fullSizedPhoto: '/galerija/2024-06-tecaj/10.webp'");
  });

  it('applies the EXIF orientation and strips the metadata', async () => {
    await addPhoto('2024-tecaj', 'portrait.jpg', 300, 200, 6);
    const [photo] = await buildGallery(paths);
    expect([photo?.width, photo?.height]).toEqual([200, 300]);
    const output = await sharp(
      path.join(paths.outputDir, '2024-tecaj', 'portrait.webp'),
    ).metadata();
    expect(output.exif).toBeUndefined();
  });

  it('gives the same result when run again', async () => {
    await addPhoto('2024-tecaj', '1.jpg', 400, 300);
    await buildGallery(paths);
    const firstModule = readFileSync(paths.moduleFile, 'utf8');
    const firstFiles = outputFiles();
    await buildGallery(paths);
    expect(readFileSync(paths.moduleFile, 'utf8')).toBe(firstModule);
    expect(outputFiles()).toEqual(firstFiles);
  });

  it('removes the outputs of deleted photos and events', async () => {
    await addPhoto('2024-tecaj', '1.jpg', 400, 300);
    await addPhoto('2024-tecaj', '2.jpg', 400, 300);
    await addPhoto('2023-staro', '1.jpg', 400, 300);
    await buildGallery(paths);
    rmSync(path.join(paths.contentDir, '2024-tecaj', '2.jpg'));
    rmSync(path.join(paths.contentDir, '2023-staro'), { recursive: true });

    const photos = await buildGallery(paths);

    expect(photos.map((photo) => photo.fullSizedPhoto)).toEqual(['/galerija/2024-tecaj/1.webp']);
    expect(outputFiles()).toEqual([
      '2024-tecaj',
      path.join('2024-tecaj', '1-placeholder.webp'),
      path.join('2024-tecaj', '1.webp'),
    ]);
  });

  it('refuses an alt list that does not match the photos', async () => {
    await addPhoto('2024-tecaj', '1.jpg', 400, 300);
    await addPhoto('2024-tecaj', '2.jpg', 400, 300);
    describeEvent('2024-tecaj', { eventName: 'Tečaj', alt: ['Samo jedan'] });
    await expect(buildGallery(paths)).rejects.toThrow(/1 alt texts for 2 photos/);
  });

  it('produced the committed gallery module from content/gallery', async () => {
    await buildGallery({ ...paths, contentDir: defaultPaths.contentDir });
    expect(readFileSync(paths.moduleFile, 'utf8')).toBe(
      readFileSync(defaultPaths.moduleFile, 'utf8'),
    );
    expect(outputFiles()).toEqual(
      readdirSync(defaultPaths.outputDir, { recursive: true, encoding: 'utf8' }).sort(),
    );
  }, 30_000);
});

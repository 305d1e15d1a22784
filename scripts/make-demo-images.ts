/**
 * Renders the invented demo pictures from the SVG drawings in scripts/demo-art:
 *
 *   npm run data:demo-images
 *
 * - the four home-page hero images as WebP in three widths (src/data/images/hero/, imported by
 *   src/data/hero.ts so Vite gives them hashed URLs);
 * - the six product pictures of the demo product strip (public/images/proizvodi/<slug>.webp,
 *   stable URLs because the demo seed stores them in the database);
 * - the demo course photos with their event.json (content/gallery/<event>/), given grain, a
 *   slight blur and a colour cast so they read as photos; `npm run data:gallery` then turns them
 *   into the gallery's web images.
 *
 * The drawings are seeded, so a re-run reproduces the same pictures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { productDrawings } from './demo-art/products.ts';
import { seededRandom } from './demo-art/primitives.ts';
import {
  clinicScene,
  groupPhotoScene,
  handsScene,
  instrumentTrayScene,
  lectureScene,
  suppliesScene,
  workshopScene,
} from './demo-art/scenes.ts';

const root = path.resolve(import.meta.dirname, '..');
const heroDir = path.join(root, 'src', 'data', 'images', 'hero');
const productDir = path.join(root, 'public', 'images', 'proizvodi');
const galleryContentDir = path.join(root, 'content', 'gallery');

export const HERO_WIDTHS = [640, 1024, 1600] as const;
const HERO_SIZE = { width: 1600, height: 800 };
const PHOTO_SIZE = { width: 1200, height: 800 };

const heroDrawings = [
  clinicScene({ ...HERO_SIZE, seed: 11, upholstery: '#2b8a8a' }),
  instrumentTrayScene({ ...HERO_SIZE, seed: 12, drape: '#2f8f8a' }),
  suppliesScene({ ...HERO_SIZE, seed: 13 }),
  lectureScene({ ...HERO_SIZE, seed: 14, topic: 'endodontics', wall: '#c9c2b8' }),
];

async function renderHeroes(): Promise<void> {
  mkdirSync(heroDir, { recursive: true });
  for (const [index, svg] of heroDrawings.entries()) {
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    for (const width of HERO_WIDTHS) {
      // The first hero is the largest contentful paint: it gets the strongest compression.
      const quality = index === 0 ? 62 : 70;
      await sharp(png)
        .resize({ width })
        .webp({ quality, effort: 6, smartSubsample: true })
        .toFile(path.join(heroDir, `hero-${index + 1}-${width}.webp`));
    }
  }
}

async function renderProducts(): Promise<void> {
  mkdirSync(productDir, { recursive: true });
  for (const [slug, svg] of Object.entries(productDrawings)) {
    await sharp(Buffer.from(svg))
      .webp({ quality: 78, effort: 6 })
      .toFile(path.join(productDir, `${slug}.webp`));
  }
}

interface DemoEvent {
  folder: string;
  eventName: string;
  /** Warm or cool cast per event, as if each was shot with a different camera. */
  tint: { r: number; g: number; b: number };
  photos: { svg: string; alt: string }[];
}

const photo = { ...PHOTO_SIZE, photographic: true };

const demoEvents: DemoEvent[] = [
  {
    folder: '2024-03-endodoncija-zagreb',
    eventName: 'Tečaj endodoncije – dr. Tena Marović, Zagreb 2024.',
    tint: { r: 1.04, g: 1.0, b: 0.94 },
    photos: [
      {
        svg: lectureScene({ ...photo, seed: 101, topic: 'endodontics', wall: '#c9c2b8' }),
        alt: 'Predavačica objašnjava punjenje korijenskih kanala pred punom dvoranom',
      },
      {
        svg: handsScene({ ...photo, seed: 102, drape: '#3b7fa3', glove: '#8a6fd1' }),
        alt: 'Ruke u rukavicama s instrumentima nad modelom čeljusti',
      },
      {
        svg: workshopScene({ ...photo, seed: 103, wall: '#d8dee3' }),
        alt: 'Polaznici u kutama vježbaju na modelima čeljusti',
      },
      {
        svg: groupPhotoScene({ ...photo, seed: 104, wall: '#d9d3c7', banner: '#e30613' }),
        alt: 'Zajednička fotografija polaznika tečaja endodoncije',
      },
    ],
  },
  {
    folder: '2023-11-implantologija-split',
    eventName: 'Radionica implantologije – dr. Bruno Kalinić, Split 2023.',
    tint: { r: 0.96, g: 1.0, b: 1.05 },
    photos: [
      {
        svg: lectureScene({ ...photo, seed: 201, topic: 'implant', wall: '#bfc8cf', rows: 2 }),
        alt: 'Predavanje o ugradnji dentalnih implantata',
      },
      {
        svg: clinicScene({ ...photo, seed: 202, upholstery: '#3a6fb0', people: 2 }),
        alt: 'Demonstracija u ordinaciji uz stomatološku stolicu',
      },
      {
        svg: handsScene({ ...photo, seed: 203, drape: '#2f8f6a', glove: '#6f9fd8' }),
        alt: 'Vježba postavljanja implantata na modelu čeljusti',
      },
      {
        svg: groupPhotoScene({ ...photo, seed: 204, wall: '#d3dade', banner: '#1f6fb2' }),
        alt: 'Polaznici radionice implantologije na zajedničkoj fotografiji',
      },
    ],
  },
  {
    folder: '2023-05-kompozitni-ispuni-osijek',
    eventName: 'Estetski kompozitni ispuni – dr. Lorena Bašić, Osijek 2023.',
    tint: { r: 1.06, g: 1.01, b: 0.92 },
    photos: [
      {
        svg: lectureScene({ ...photo, seed: 301, topic: 'composite', wall: '#d4c9b6' }),
        alt: 'Predavanje o slojevanju kompozitnih ispuna',
      },
      {
        svg: workshopScene({ ...photo, seed: 302, wall: '#e0d8cc' }),
        alt: 'Praktični dio tečaja: izrada ispuna na modelima',
      },
      {
        svg: handsScene({ ...photo, seed: 303, drape: '#6b8fb5', glove: '#e9ecef' }),
        alt: 'Modeliranje kompozitnog ispuna na modelu čeljusti',
      },
    ],
  },
];

/**
 * Sensor-like grain and the event's colour cast, added pixel by pixel: blend modes cannot grain
 * the bright areas (overlay leaves white white), and JPEG needs real noise to look like a photo.
 */
function developPhoto(pixels: Buffer, tint: DemoEvent['tint'], seed: number): void {
  const random = seededRandom(seed);
  const gain = [tint.r, tint.g, tint.b];
  for (let i = 0; i < pixels.length; i += 3) {
    const luminanceNoise = (random() + random() + random() - 1.5) * 9;
    for (let channel = 0; channel < 3; channel += 1) {
      const value = (pixels[i + channel] as number) * (gain[channel] as number);
      pixels[i + channel] = Math.max(
        0,
        Math.min(255, value + luminanceNoise + (random() - 0.5) * 4),
      );
    }
  }
}

async function renderGalleryContent(): Promise<void> {
  for (const [eventIndex, event] of demoEvents.entries()) {
    const dir = path.join(galleryContentDir, event.folder);
    mkdirSync(dir, { recursive: true });
    for (const [photoIndex, { svg }] of event.photos.entries()) {
      const { data, info } = await sharp(Buffer.from(svg))
        .blur(0.6)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      developPhoto(data, event.tint, eventIndex * 10 + photoIndex);
      await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
        .jpeg({ quality: 74, mozjpeg: true })
        .toFile(path.join(dir, `${String(photoIndex + 1).padStart(2, '0')}.jpg`));
    }
    const description = { eventName: event.eventName, alt: event.photos.map((p) => p.alt) };
    writeFileSync(path.join(dir, 'event.json'), `${JSON.stringify(description, null, 2)}\n`);
  }
}

if (import.meta.main) {
  await renderHeroes();
  await renderProducts();
  await renderGalleryContent();
  console.log('Rendered the hero, product and demo gallery pictures');
}

/**
 * Draws the bundled demo illustrations: staff portraits (avatars, never photos of real people)
 * as small WebP pictures, supplier wordmarks and the EU-funding logos as SVG files. Everything is
 * invented. The data modules in src/data import the files, so Vite serves them under hashed URLs.
 *
 * Portraits stand in for photos, and are raster like them: the browser gives every SVG picture a
 * document of its own, built on the main thread (thirteen on /info, each a task of several
 * milliseconds on a phone), while a WebP is decoded off it (docs/decisions/0033).
 *
 *   npm run data:drawings
 *
 * Re-running rewrites the same files; a person or supplier is added here and in its data module.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const imagesDir = path.resolve(import.meta.dirname, '..', 'src', 'data', 'images');

type HairStyle = 'short' | 'sidePart' | 'long' | 'bob' | 'bun' | 'curly' | 'buzz';
type Outfit = 'scrubs' | 'blazer' | 'sweater';

export interface AvatarLook {
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  outfit: Outfit;
  clothes: string;
  background: string;
  glasses?: boolean;
  beard?: boolean;
}

/** Darkens a #rrggbb colour by a factor, for shadows and seams. */
function shade(hex: string, factor: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) =>
      Math.round(c * factor)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const HAIR_BACK: Partial<Record<HairStyle, string>> = {
  long: 'M35 56C33 30 47 22 60 22s27 8 25 34l3 38c-12 6-44 6-56 0z',
  bob: 'M36 56C34 30 47 23 60 23s26 7 24 33v20c-8 3-40 3-48 0z',
};

const HAIR_FRONT: Record<HairStyle, string> = {
  short: 'M39 54c-2-20 9-28 22-28 14 0 22 9 20 28-3-9-10-14-21-14-11 0-18 5-21 14z',
  sidePart: 'M39 55c-3-21 9-30 23-30 13 0 21 9 19 30-2-10-6-15-12-16-10 6-22 6-30 16z',
  long: 'M40 52c0-17 9-24 21-24s20 8 19 24c-8-7-20-13-32-10-4 2-6 5-8 10z',
  bob: 'M39 52c0-17 9-25 21-25s21 8 20 25c-5-5-11-10-20-10s-16 5-21 10z',
  bun: 'M40 52c0-17 9-24 20-24 12 0 21 7 20 24-4-7-11-11-20-11s-16 4-20 11zM60 11a10 10 0 1 1 0 20 10 10 0 1 1 0-20z',
  curly:
    'M38 56a8 8 0 0 1 2-18 9 9 0 0 1 12-10 9 9 0 0 1 16 0 9 9 0 0 1 12 10 8 8 0 0 1 2 18c-4-8-8-12-12-13-6 3-14 3-20 0-4 1-8 5-12 13z',
  buzz: 'M40 50c0-15 9-22 20-22s20 7 20 22c-5-5-12-8-20-8s-15 3-20 8z',
};

const OUTFIT_NECK: Record<Outfit, (clothes: string) => string> = {
  scrubs: (c) =>
    `<path d="M47 86 60 101 73 86" fill="none" stroke="${shade(c, 0.7)}" stroke-width="3"/>`,
  blazer: (c) =>
    `<path d="M48 85 60 106 72 85z" fill="#f4f6f8"/><path d="M46 86 60 120M74 86 60 120" stroke="${shade(c, 0.65)}" stroke-width="2.5"/>`,
  sweater: (c) =>
    `<path d="M46 87c8 8 20 8 28 0" fill="none" stroke="${shade(c, 0.75)}" stroke-width="4"/>`,
};

export function avatarSvg(look: AvatarLook): string {
  const skinShadow = shade(look.skin, 0.86);
  const back = HAIR_BACK[look.hairStyle];
  const parts = [
    `<rect width="120" height="120" fill="${look.background}"/>`,
    back ? `<path d="${back}" fill="${shade(look.hair, 0.85)}"/>` : '',
    `<path d="M50 68h20v18c0 6-20 6-20 0z" fill="${skinShadow}"/>`,
    `<path d="M12 120c2-26 22-35 48-35s46 9 48 35z" fill="${look.clothes}"/>`,
    OUTFIT_NECK[look.outfit](look.clothes),
    `<circle cx="40" cy="57" r="4.5" fill="${skinShadow}"/><circle cx="80" cy="57" r="4.5" fill="${skinShadow}"/>`,
    `<ellipse cx="60" cy="55" rx="20" ry="24" fill="${look.skin}"/>`,
    look.beard
      ? `<path d="M41 60c1 17 9 23 19 23s18-6 19-23c-4 8-10 11-19 11s-15-3-19-11z" fill="${look.hair}"/>`
      : '',
    `<path d="${HAIR_FRONT[look.hairStyle]}" fill="${look.hair}"/>`,
    `<path d="M48 49q4-2 8 0M64 49q4-2 8 0" fill="none" stroke="${shade(look.hair, 0.8)}" stroke-width="1.8" stroke-linecap="round"/>`,
    `<circle cx="52" cy="56" r="2.2" fill="#2a2a2e"/><circle cx="68" cy="56" r="2.2" fill="#2a2a2e"/>`,
    `<path d="M60 58l-2 6h3" fill="none" stroke="${shade(look.skin, 0.72)}" stroke-width="1.4" stroke-linecap="round"/>`,
    `<path d="M53 68q7 5 14 0" fill="none" stroke="#9a4a3e" stroke-width="2" stroke-linecap="round"/>`,
    look.glasses
      ? `<g fill="none" stroke="#33363b" stroke-width="1.6"><circle cx="52" cy="56" r="6.5"/><circle cx="68" cy="56" r="6.5"/><path d="M58.5 56h3M45.5 55l-5-2M74.5 55l5-2"/></g>`
      : '',
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120">${parts.join('')}</svg>\n`;
}

const SKIN = {
  light: '#f3d3bf',
  fair: '#eec3a4',
  medium: '#d9a27e',
  olive: '#c68e67',
  deep: '#8d5a3f',
};
const HAIR = {
  black: '#2b2422',
  brown: '#5b3b28',
  chestnut: '#7a4a2b',
  blond: '#c9a45f',
  auburn: '#8e3f26',
  grey: '#9a9a9c',
};

/** One look per portrait file; the file name is the person's slug used in employees.ts. */
export const portraits: Record<string, AvatarLook> = {
  'petra-juric': {
    skin: SKIN.fair,
    hair: HAIR.brown,
    hairStyle: 'long',
    outfit: 'scrubs',
    clothes: '#2f7f8f',
    background: '#dcecef',
  },
  'tomislav-babic': {
    skin: SKIN.light,
    hair: HAIR.black,
    hairStyle: 'sidePart',
    outfit: 'blazer',
    clothes: '#34435e',
    background: '#e4e7ef',
    beard: true,
  },
  'lucija-peric': {
    skin: SKIN.medium,
    hair: HAIR.auburn,
    hairStyle: 'bun',
    outfit: 'scrubs',
    clothes: '#6a5fa8',
    background: '#ebe6f4',
    glasses: true,
  },
  'marko-vukovic': {
    skin: SKIN.olive,
    hair: HAIR.brown,
    hairStyle: 'short',
    outfit: 'sweater',
    clothes: '#8c2f39',
    background: '#f3e3e1',
  },
  'ana-matic': {
    skin: SKIN.light,
    hair: HAIR.blond,
    hairStyle: 'bob',
    outfit: 'blazer',
    clothes: '#3d5a4a',
    background: '#e1eee6',
  },
  'karlo-simunovic': {
    skin: SKIN.fair,
    hair: HAIR.grey,
    hairStyle: 'buzz',
    outfit: 'scrubs',
    clothes: '#2e6db0',
    background: '#e0eaf6',
    glasses: true,
    beard: true,
  },
  'ivana-kolar': {
    skin: SKIN.deep,
    hair: HAIR.black,
    hairStyle: 'curly',
    outfit: 'sweater',
    clothes: '#c46a2b',
    background: '#f6e9dc',
  },
  'maja-knezevic': {
    skin: SKIN.medium,
    hair: HAIR.chestnut,
    hairStyle: 'long',
    outfit: 'sweater',
    clothes: '#4d7c9a',
    background: '#e2edf3',
  },
  'filip-radic': {
    skin: SKIN.light,
    hair: HAIR.blond,
    hairStyle: 'short',
    outfit: 'blazer',
    clothes: '#505357',
    background: '#ececec',
    glasses: true,
  },
  'nikolina-saric': {
    skin: SKIN.olive,
    hair: HAIR.black,
    hairStyle: 'bun',
    outfit: 'blazer',
    clothes: '#7b3f61',
    background: '#f2e4ec',
  },
  'vesna-kralj': {
    skin: SKIN.fair,
    hair: HAIR.grey,
    hairStyle: 'bob',
    outfit: 'sweater',
    clothes: '#5e6f3a',
    background: '#ebefdf',
    glasses: true,
  },
  'dario-lovric': {
    skin: SKIN.medium,
    hair: HAIR.black,
    hairStyle: 'buzz',
    outfit: 'sweater',
    clothes: '#2d4f6e',
    background: '#dfe8f0',
    beard: true,
  },
  'sanja-pavic': {
    skin: SKIN.light,
    hair: HAIR.auburn,
    hairStyle: 'curly',
    outfit: 'blazer',
    clothes: '#1f6f68',
    background: '#dff0ee',
  },
};

type Mark = 'tooth' | 'ring' | 'hexagon' | 'wave' | 'triangle' | 'cross' | 'drop';

export interface Wordmark {
  name: string;
  tagline: string;
  color: string;
  mark: Mark;
}

const MARKS: Record<Mark, (color: string) => string> = {
  tooth: (c) =>
    `<path d="M14 14c-7 0-10 7-9 14 1 9 5 12 6 21 1 7 3 9 5 9 3 0 3-12 7-12s4 12 7 12c2 0 4-2 5-9 1-9 5-12 6-21 1-7-2-14-9-14-5 0-6 4-9 4s-4-4-9-4z" fill="${c}"/>`,
  ring: (c) =>
    `<circle cx="24" cy="36" r="16" fill="none" stroke="${c}" stroke-width="7"/><circle cx="24" cy="36" r="5" fill="${c}"/>`,
  hexagon: (c) =>
    `<path d="M24 16l17 10v20L24 56 7 46V26z" fill="${c}"/><path d="M24 27l8 5v9l-8 5-8-5v-9z" fill="#fff"/>`,
  wave: (c) =>
    `<path d="M6 30c6-8 12-8 18 0s12 8 18 0M6 42c6-8 12-8 18 0s12 8 18 0" fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round"/>`,
  triangle: (c) => `<path d="M24 14l20 38H4z" fill="${c}"/><path d="M24 30l8 15H16z" fill="#fff"/>`,
  cross: (c) => `<path d="M17 16h14v13h13v14H31v13H17V43H4V29h13z" fill="${c}"/>`,
  drop: (c) =>
    `<path d="M24 12c10 14 16 22 16 30a16 16 0 0 1-32 0c0-8 6-16 16-30z" fill="${c}"/><path d="M17 43a7 7 0 0 0 7 7" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>`,
};

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function wordmarkSvg(logo: Wordmark): string {
  // Long names get a smaller size so every wordmark fits the same 240x72 box.
  const fontSize = Math.min(28, Math.floor(300 / logo.name.length));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 72" width="240" height="72">${MARKS[logo.mark](logo.color)}<text x="54" y="40" font-family="Segoe UI,Helvetica,Arial,sans-serif" font-size="${fontSize}" font-weight="700" fill="#25282c">${escapeXml(logo.name)}</text><text x="55" y="58" font-family="Segoe UI,Helvetica,Arial,sans-serif" font-size="10" letter-spacing="2.2" fill="${shade(logo.color, 0.8)}">${escapeXml(logo.tagline.toUpperCase())}</text></svg>\n`;
}

/** One wordmark per invented supplier; the file name is the slug used in companies.ts. */
export const wordmarks: Record<string, Wordmark> = {
  nordentis: { name: 'Nordentis', tagline: 'Dental materials', color: '#1f5fa8', mark: 'tooth' },
  alpavera: { name: 'Alpavera', tagline: 'Dental instruments', color: '#2a8c6e', mark: 'triangle' },
  lumidenta: { name: 'Lumidenta', tagline: 'Curing & whitening', color: '#e0a100', mark: 'ring' },
  kerameo: { name: 'Kerameo', tagline: 'Ceramics lab', color: '#b5533c', mark: 'hexagon' },
  silvaris: { name: 'Silvaris Endo', tagline: 'Endodontics', color: '#5a63b8', mark: 'wave' },
  polarix: { name: 'Polarix', tagline: 'Implant systems', color: '#0f7c91', mark: 'cross' },
  vitrobond: { name: 'Vitrobond', tagline: 'Adhesives', color: '#8a3f8f', mark: 'drop' },
  clarodent: { name: 'Clarodent', tagline: 'Prophylaxis', color: '#2f9bd6', mark: 'tooth' },
  medivor: { name: 'Medivor', tagline: 'Handpieces', color: '#44515e', mark: 'ring' },
  arkadent: { name: 'Arkadent', tagline: 'Orthodontics', color: '#c0392b', mark: 'triangle' },
  sanovia: { name: 'Sanovia', tagline: 'Hygiene & disinfection', color: '#3c9a3f', mark: 'drop' },
  zenitra: { name: 'Zenitra', tagline: 'Impression materials', color: '#d2691e', mark: 'wave' },
  istrodent: {
    name: 'Istrodent Lab',
    tagline: 'Laboratory supplies',
    color: '#35608c',
    mark: 'hexagon',
  },
  orbimed: { name: 'Orbimed', tagline: 'Imaging', color: '#6b4ea2', mark: 'cross' },
};

/** Twelve five-pointed stars on a circle: drawn here, not copied from the official emblem. */
function starCircle(cx: number, cy: number, radius: number, starRadius: number): string {
  const star = (x: number, y: number) =>
    Array.from({ length: 10 }, (_, i) => {
      const r = i % 2 === 0 ? starRadius : starRadius * 0.4;
      const angle = -Math.PI / 2 + (i * Math.PI) / 5;
      return `${(x + r * Math.cos(angle)).toFixed(1)},${(y + r * Math.sin(angle)).toFixed(1)}`;
    }).join(' ');
  return Array.from({ length: 12 }, (_, i) => {
    const angle = (i * Math.PI) / 6;
    return `<polygon points="${star(cx + radius * Math.sin(angle), cy - radius * Math.cos(angle))}"/>`;
  }).join('');
}

const euEmblemSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 90" width="300" height="90"><rect x="4" y="9" width="108" height="72" fill="#1d3f94"/><g fill="#f7d117">${starCircle(58, 45, 24, 5)}</g><text font-family="Segoe UI,Helvetica,Arial,sans-serif" fill="#1d3f94" font-size="17"><tspan x="124" y="40">Sufinancira</tspan><tspan x="124" y="62" font-weight="700">Europska unija</tspan></text></svg>\n`;

// Three short lines: an <img> of SVG draws with whatever fonts the visitor has, and the programme's
// name and years on one line ran past the edge in wide ones (DejaVu Sans: 238 of 210 px, issue 32).
const programmeLogoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 90" width="300" height="90"><g fill="none" stroke-width="7" stroke-linecap="round"><path d="M14 62a32 32 0 0 1 40-40" stroke="#1d3f94"/><path d="M26 70a32 32 0 0 0 42-36" stroke="#f7b500"/><path d="M34 48a12 12 0 0 1 14-12" stroke="#3a8dde"/></g><text font-family="Segoe UI,Helvetica,Arial,sans-serif" fill="#1d3f94"><tspan x="90" y="34" font-size="18" font-weight="700">Europski fondovi</tspan><tspan x="90" y="55" font-size="14">Operativni program</tspan><tspan x="90" y="73" font-size="14">2021. – 2027.</tspan></text></svg>\n`;

/** Writes `<slug>.<extension>` for every file, and removes whatever else the folder holds. */
function writeFolder(folder: string, extension: string, files: Record<string, string | Buffer>) {
  const dir = path.join(imagesDir, folder);
  mkdirSync(dir, { recursive: true });
  const names = new Set(Object.keys(files).map((slug) => `${slug}.${extension}`));
  for (const stale of readdirSync(dir)) if (!names.has(stale)) rmSync(path.join(dir, stale));
  for (const [slug, contents] of Object.entries(files)) {
    writeFileSync(path.join(dir, `${slug}.${extension}`), contents);
  }
}

/** A portrait's pixels: 96 CSS pixels (its largest size on /info) at twice the density. */
const PORTRAIT_PX = 192;
/** The avatars' viewBox is 120 units wide; sharp renders SVG at 72 dpi. */
const PORTRAIT_DENSITY = (72 * PORTRAIT_PX) / 120;

function portraitWebp(look: AvatarLook): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(look)), { density: PORTRAIT_DENSITY })
    .resize(PORTRAIT_PX, PORTRAIT_PX)
    .webp({ quality: 82, effort: 6 })
    .toBuffer();
}

function mapValues<T>(
  record: Record<string, T>,
  draw: (value: T) => string,
): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, draw(value)]));
}

if (import.meta.main) {
  const portraitFiles = await Promise.all(
    Object.entries(portraits).map(async ([slug, look]) => [slug, await portraitWebp(look)]),
  );
  writeFolder('portraits', 'webp', Object.fromEntries(portraitFiles));
  writeFolder('logos', 'svg', mapValues(wordmarks, wordmarkSvg));
  writeFolder('eu', 'svg', {
    'sufinancira-eu': euEmblemSvg,
    'operativni-program': programmeLogoSvg,
  });
  console.log(`Wrote the drawings under ${path.relative(process.cwd(), imagesDir)}`);
}

/**
 * Small SVG drawing helpers for the invented demo pictures (hero, gallery photos, products).
 * Every function returns an SVG fragment string; positions are in the caller's user units.
 */

export type Random = () => number;

/** A seeded generator (mulberry32), so re-running the script draws the same pictures. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

export function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}

/** Scales a #rrggbb colour's channels: below 1 darkens, above 1 lightens. */
export function shade(hex: string, factor: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c * factor)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

export function linearGradient(
  id: string,
  stops: readonly string[],
  direction: 'down' | 'right' | 'diagonal' = 'down',
): string {
  const [x2, y2] = { down: [0, 1], right: [1, 0], diagonal: [1, 1] }[direction];
  const offsets = stops
    .map((color, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${color}"/>`)
    .join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${offsets}</linearGradient>`;
}

export function radialGlow(id: string, color: string, opacity: number): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

export function blurFilter(id: string, deviation: number): string {
  return `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`;
}

/** Darkened corners, the way a real lens renders them. */
export function vignette(width: number, height: number, strength: number): string {
  return `<defs><radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${strength}"/></radialGradient></defs><rect width="${width}" height="${height}" fill="url(#vignette)"/>`;
}

const TOOTH_PATH =
  'M-16-26c-9 0-14 8-13 17 1 11 6 15 7 26 1 9 4 12 7 12 4 0 4-15 9-15s5 15 9 15c3 0 6-3 7-12 1-11 6-15 7-26 1-9-4-17-13-17-6 0-7 5-10 5s-4-5-10-5z';

/** A molar seen from the side, centred on (x, y); about 44 x 64 units at scale 1. */
export function tooth(x: number, y: number, scale: number, fill = '#fbfaf4'): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})"><path d="${TOOTH_PATH}" fill="${fill}" stroke="${shade(fill, 0.82)}" stroke-width="1.5"/><path d="M-20-14c2-6 6-8 11-8" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity="0.8"/></g>`;
}

export interface PersonLook {
  skin: string;
  hair: string;
  top: string;
  /** Long hair falls to the shoulders. */
  longHair?: boolean;
  /** A white lab coat over the top colour. */
  labCoat?: boolean;
}

const SKINS = ['#f1cdb4', '#e8b896', '#d39c76', '#b97f5a', '#8a593e'];
const HAIRS = ['#2b2320', '#4a3325', '#6b4428', '#a8834d', '#8d3c22', '#8f8f91'];
const TOPS = [
  '#2f5d8a',
  '#8c2f39',
  '#3d6b4f',
  '#5b4f8c',
  '#c2702f',
  '#3a3f47',
  '#2b8a8a',
  '#9a9488',
];

export function randomLook(random: Random): PersonLook {
  return {
    skin: pick(random, SKINS),
    hair: pick(random, HAIRS),
    top: pick(random, TOPS),
    longHair: random() < 0.45,
    labCoat: random() < 0.3,
  };
}

/** Head and shoulders facing the camera; (x, y) is the bottom centre of the torso. */
export function personFront(x: number, y: number, scale: number, look: PersonLook): string {
  const coat = look.labCoat ? '#f3f5f6' : look.top;
  const hairBack = look.longHair
    ? `<path d="M-27-150c-4-30 10-44 27-44s31 14 27 44l4 46c-18 8-44 8-62 0z" fill="${shade(look.hair, 0.85)}"/>`
    : '';
  const collar = look.labCoat
    ? `<path d="M-14-100 0-70 14-100z" fill="${look.top}"/><path d="M-16-100-4-40M16-100 4-40" stroke="#d5dadd" stroke-width="3"/>`
    : `<path d="M-14-100q14 12 28 0" fill="none" stroke="${shade(look.top, 0.8)}" stroke-width="4"/>`;
  return `<g transform="translate(${x} ${y}) scale(${scale})">${hairBack}<rect x="-9" y="-118" width="18" height="22" fill="${shade(look.skin, 0.88)}"/><path d="M-58 0c0-70 16-102 58-102s58 32 58 102z" fill="${coat}"/>${collar}<ellipse cx="0" cy="-140" rx="21" ry="26" fill="${look.skin}"/><path d="M-22-142c-2-24 9-33 22-33s25 9 22 33c-5-10-12-15-22-15s-17 5-22 15z" fill="${look.hair}"/><circle cx="-7" cy="-139" r="2" fill="#2a2a2e" opacity="0.8"/><circle cx="7" cy="-139" r="2" fill="#2a2a2e" opacity="0.8"/><path d="M-6-126q6 4 12 0" fill="none" stroke="#8e4a3c" stroke-width="2" stroke-linecap="round"/></g>`;
}

/** An audience member seen from behind; (x, y) is the bottom centre. */
export function personBack(x: number, y: number, scale: number, look: PersonLook): string {
  const hair = look.longHair
    ? `<path d="M-24-150c0-26 10-38 24-38s24 12 24 38l3 40c-14 6-40 6-54 0z" fill="${look.hair}"/>`
    : `<ellipse cx="0" cy="-146" rx="22" ry="27" fill="${look.hair}"/>`;
  return `<g transform="translate(${x} ${y}) scale(${scale})"><rect x="-9" y="-122" width="18" height="24" fill="${shade(look.skin, 0.8)}"/><circle cx="-22" cy="-142" r="5" fill="${look.skin}"/><circle cx="22" cy="-142" r="5" fill="${look.skin}"/>${hair}<path d="M-60 0c0-70 16-100 60-100s60 30 60 100z" fill="${look.labCoat ? '#e9ecee' : look.top}"/></g>`;
}

/** A standing presenter, full figure; (x, y) is where the feet touch the floor. */
export function presenter(x: number, y: number, scale: number, look: PersonLook): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})"><path d="M-26-190h22l-2 190h-20zM4-190h22l-2 190H6z" fill="#2e3238"/><path d="M-30 0h26v-8h-26zM6 0h26v-8H6z" fill="#1b1d20"/><path d="M-40-190c0-60 8-96 40-96s40 36 40 96z" fill="${look.labCoat ? '#f3f5f6' : look.top}"/><path d="M38-250l34 38-8 8-34-30z" fill="${look.labCoat ? '#e6e9eb' : shade(look.top, 0.9)}"/><circle cx="70" cy="-210" r="7" fill="${look.skin}"/><rect x="-7" y="-302" width="14" height="18" fill="${shade(look.skin, 0.88)}"/><ellipse cx="0" cy="-322" rx="18" ry="22" fill="${look.skin}"/><path d="M-19-324c-2-20 8-28 19-28s21 8 19 28c-4-8-10-12-19-12s-15 4-19 12z" fill="${look.hair}"/></g>`;
}

/** A dental chair seen from the side, head to the left; (x, y) is the centre of its foot plate. */
export function dentalChair(x: number, y: number, scale: number, upholstery: string): string {
  const light = shade(upholstery, 1.25);
  return `<g transform="translate(${x} ${y}) scale(${scale})"><ellipse cx="0" cy="4" rx="210" ry="16" fill="#000" opacity="0.18"/><rect x="-140" y="-20" width="280" height="20" rx="10" fill="#4d555c"/><rect x="-38" y="-150" width="76" height="135" rx="12" fill="#6c767e"/><rect x="-30" y="-150" width="18" height="135" fill="#87919a"/><path d="M-250-250-70-170h180l140 60" fill="none" stroke="${upholstery}" stroke-width="50" stroke-linecap="round" stroke-linejoin="round"/><path d="M-245-262-72-184h182l132 56" fill="none" stroke="${light}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" opacity="0.7"/><ellipse cx="-285" cy="-272" rx="40" ry="20" transform="rotate(24 -285 -272)" fill="${upholstery}"/><rect x="-30" y="-236" width="130" height="16" rx="8" fill="#dde2e6"/><rect x="40" y="-226" width="12" height="40" fill="#b9c1c7"/><path d="M180-150v-220h130" fill="none" stroke="#c9d0d5" stroke-width="14" stroke-linecap="round"/><rect x="250" y="-392" width="170" height="22" rx="6" fill="#eef1f3"/><path d="M270-392v-18M300-392v-22M330-392v-16M360-392v-20" stroke="#5d6b78" stroke-width="6" stroke-linecap="round"/></g>`;
}

/** The operating lamp above a chair, with its light; (x, y) is the lamp head's centre. */
export function operatingLamp(x: number, y: number, scale: number): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})"><path d="M0-20v-120h260v-200" fill="none" stroke="#d3d9de" stroke-width="16"/><ellipse cx="0" cy="0" rx="90" ry="34" fill="#eef2f4"/><ellipse cx="0" cy="8" rx="74" ry="20" fill="#fffbe8"/><ellipse cx="0" cy="40" rx="170" ry="80" fill="url(#lampGlow)"/></g>`;
}

/** A lower jaw model (pink arch with white teeth) seen from above at an angle; (x, y) its centre. */
export function jawModel(x: number, y: number, scale: number): string {
  const teeth = Array.from({ length: 12 }, (_, i) => {
    const angle = Math.PI * (0.08 + (0.84 * i) / 11);
    const tx = -Math.cos(angle) * 78;
    const ty = -Math.sin(angle) * 52 + 18;
    const size = i < 3 || i > 8 ? 13 : 10;
    return `<ellipse cx="${tx.toFixed(1)}" cy="${ty.toFixed(1)}" rx="${size}" ry="${size * 0.8}" fill="#fbf8ef" stroke="#d9d2c0" stroke-width="1.5"/>`;
  }).join('');
  return `<g transform="translate(${x} ${y}) scale(${scale})"><ellipse cx="0" cy="30" rx="112" ry="36" fill="#000" opacity="0.18"/><path d="M-104 28c0-62 46-92 104-92s104 30 104 92c0 14-26 14-28 0-4-40-36-60-76-60s-72 20-76 60c-2 14-28 14-28 0z" fill="#e59aa0"/><path d="M-104 28c2 12 26 12 28 0M76 28c2 12 26 12 28 0" fill="none" stroke="#c9747c" stroke-width="3"/>${teeth}</g>`;
}

/**
 * A gloved hand holding a thin instrument that points up and to the right (to the left when
 * mirrored); (x, y) is the wrist, angle in degrees.
 */
export function glovedHand(
  x: number,
  y: number,
  scale: number,
  angle: number,
  glove: string,
  mirrored = false,
): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${mirrored ? -scale : scale} ${scale})"><path d="M-40 120c-6-50 0-90 20-110l60-40c14-8 24 4 14 16l-40 34 70-30c14-6 22 8 10 16l-60 34 64-14c14-2 18 12 6 18l-60 22 50-4c12 0 14 12 2 16l-70 20c-20 10-30 30-34 42z" fill="${glove}"/><path d="M-40 120c-6-50 0-90 20-110" fill="none" stroke="${shade(glove, 1.2)}" stroke-width="6" opacity="0.6"/><path d="M20-10 150-120" stroke="#c8ced3" stroke-width="7" stroke-linecap="round"/><path d="M150-120l30-22" stroke="#9aa3aa" stroke-width="3" stroke-linecap="round"/><circle cx="186" cy="-146" r="10" fill="#dfe6ea" stroke="#9aa3aa" stroke-width="3"/></g>`;
}

/**
 * Whole demo pictures as SVG documents: clinic, instruments, supplies, lectures, workshops and
 * group photos. All invented; the people are faceless figures, never likenesses.
 */
import {
  between,
  blurFilter,
  dentalChair,
  glovedHand,
  jawModel,
  linearGradient,
  operatingLamp,
  personBack,
  personFront,
  pick,
  presenter,
  radialGlow,
  randomLook,
  seededRandom,
  shade,
  svgDocument,
  tooth,
  vignette,
} from './primitives.ts';

export interface SceneOptions {
  width: number;
  height: number;
  seed: number;
  /** Lens vignette, for the pictures meant to look like photos. */
  photographic?: boolean;
}

function finish(options: SceneOptions, defs: string, body: string): string {
  const lens = options.photographic ? vignette(options.width, options.height, 0.45) : '';
  return svgDocument(options.width, options.height, `<defs>${defs}</defs>${body}${lens}`);
}

/** A treatment room: window light, cabinets and a dental chair under its lamp. */
export function clinicScene(
  options: SceneOptions & { upholstery: string; people?: number },
): string {
  const { width: w, height: h } = options;
  const random = seededRandom(options.seed);
  const floorY = h * 0.78;
  const defs = [
    linearGradient('wall', ['#eef4f7', '#d6e3ea']),
    linearGradient('floor', ['#c3ced5', '#9eacb5']),
    linearGradient('window', ['#ffffff', '#dcecf6', '#c4dced'], 'diagonal'),
    radialGlow('lampGlow', '#fff8d8', 0.55),
    radialGlow('windowGlow', '#ffffff', 0.7),
    blurFilter('far', 3),
  ].join('');
  const window = `<g filter="url(#far)"><rect x="${w * 0.05}" y="${h * 0.12}" width="${w * 0.26}" height="${h * 0.52}" fill="url(#window)"/><path d="M${w * 0.18} ${h * 0.12}v${h * 0.52}M${w * 0.05} ${h * 0.38}h${w * 0.26}" stroke="#f7fafc" stroke-width="10"/><rect x="${w * 0.05}" y="${h * 0.12}" width="${w * 0.26}" height="${h * 0.52}" fill="none" stroke="#e3eaee" stroke-width="14"/></g><ellipse cx="${w * 0.2}" cy="${h * 0.5}" rx="${w * 0.28}" ry="${h * 0.5}" fill="url(#windowGlow)"/>`;
  const cabinets = `<g filter="url(#far)"><rect x="${w * 0.68}" y="${floorY - 190}" width="${w * 0.3}" height="190" fill="#f7f9fa"/><rect x="${w * 0.67}" y="${floorY - 200}" width="${w * 0.32}" height="16" fill="#b8c4cc"/>${[
    0, 1, 2,
  ]
    .map(
      (i) =>
        `<rect x="${w * (0.69 + i * 0.097)}" y="${floorY - 170}" width="${w * 0.088}" height="150" fill="none" stroke="#dbe2e6" stroke-width="3"/><rect x="${w * (0.72 + i * 0.097)}" y="${floorY - 150}" width="${w * 0.03}" height="6" rx="3" fill="#9aa6ae"/>`,
    )
    .join(
      '',
    )}<rect x="${w * 0.7}" y="${h * 0.12}" width="${w * 0.27}" height="${h * 0.2}" fill="#f5f7f8" stroke="#dde4e8" stroke-width="3"/><rect x="${w * 0.75}" y="${floorY - 240}" width="40" height="40" rx="6" fill="#5aa0c8"/><rect x="${w * 0.8}" y="${floorY - 260}" width="26" height="60" rx="6" fill="#e8eef1"/></g>`;
  const plant = `<g filter="url(#far)"><rect x="${w * 0.36}" y="${floorY - 70}" width="60" height="70" rx="8" fill="#d9cbb6"/>${Array.from(
    { length: 9 },
    (_, i) =>
      `<ellipse cx="${w * 0.36 + 30 + (i - 4) * 12}" cy="${floorY - 110 - (i % 3) * 30}" rx="14" ry="46" transform="rotate(${(i - 4) * 14} ${w * 0.36 + 30} ${floorY - 70})" fill="${shade('#4f8f5a', 0.85 + (i % 3) * 0.12)}"/>`,
  ).join('')}</g>`;
  const staff = Array.from({ length: options.people ?? 0 }, (_, i) =>
    presenter(w * (0.76 - i * 0.1), floorY + 10, 1.05, { ...randomLook(random), labCoat: true }),
  ).join('');
  const body = `<rect width="${w}" height="${h}" fill="url(#wall)"/><rect y="${floorY}" width="${w}" height="${h - floorY}" fill="url(#floor)"/>${window}${cabinets}${plant}${dentalChair(w * 0.5, floorY + 14, 1.08, options.upholstery)}${operatingLamp(w * 0.37, h * 0.2, 1)}${staff}`;
  return finish(options, defs, body);
}

/** Instruments on a steel tray over a surgical drape, seen from above. */
export function instrumentTrayScene(options: SceneOptions & { drape: string }): string {
  const { width: w, height: h } = options;
  const random = seededRandom(options.seed);
  const defs = [
    `<radialGradient id="drape" cx="0.4" cy="0.35" r="0.9"><stop offset="0" stop-color="${shade(options.drape, 1.15)}"/><stop offset="1" stop-color="${shade(options.drape, 0.7)}"/></radialGradient>`,
    linearGradient('steel', ['#eef1f3', '#c3cbd1', '#e3e7ea'], 'diagonal'),
    linearGradient('mirror', ['#ffffff', '#9fb3c2', '#e9f0f4'], 'diagonal'),
    blurFilter('soft', 8),
  ].join('');
  const folds = Array.from(
    { length: 6 },
    () =>
      `<path d="M${between(random, -100, w)} ${between(random, 0, h)}q${between(random, 100, 300)} ${between(random, -80, 80)} ${between(random, 300, 600)} ${between(random, -40, 40)}" fill="none" stroke="${shade(options.drape, 0.6)}" stroke-width="${between(random, 14, 30)}" opacity="0.35" filter="url(#soft)"/>`,
  ).join('');
  const trayX = w * 0.18;
  const trayW = w * 0.64;
  const instrument = (x: number, y: number, angle: number, tip: string) =>
    `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="-150" y="-8" width="230" height="16" rx="8" fill="#aeb8bf"/><path d="M-140-8v16M-120-8v16M-100-8v16M-80-8v16" stroke="#8e99a1" stroke-width="3"/>${tip}</g>`;
  const body = `<rect width="${w}" height="${h}" fill="url(#drape)"/>${folds}<rect x="${trayX + 14}" y="${h * 0.2 + 18}" width="${trayW}" height="${h * 0.62}" rx="28" fill="#000" opacity="0.25" filter="url(#soft)"/><rect x="${trayX}" y="${h * 0.2}" width="${trayW}" height="${h * 0.62}" rx="28" fill="url(#steel)"/><rect x="${trayX + 24}" y="${h * 0.2 + 24}" width="${trayW - 48}" height="${h * 0.62 - 48}" rx="18" fill="none" stroke="#b3bcc3" stroke-width="4"/>${instrument(
    w * 0.36,
    h * 0.36,
    -8,
    '<rect x="80" y="-4" width="70" height="8" fill="#c9d0d5"/><circle cx="170" cy="0" r="24" fill="url(#mirror)" stroke="#8e99a1" stroke-width="4"/>',
  )}${instrument(
    w * 0.38,
    h * 0.5,
    -4,
    '<path d="M80 0h60q24 0 30-20" fill="none" stroke="#9aa3aa" stroke-width="5" stroke-linecap="round"/>',
  )}${instrument(
    w * 0.37,
    h * 0.64,
    2,
    '<path d="M80 0h70q14 0 16 14" fill="none" stroke="#9aa3aa" stroke-width="6" stroke-linecap="round"/>',
  )}${[0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="${w * 0.6 + i * 34}" y="${h * 0.3}" width="26" height="110" rx="13" fill="#fbfbf8" stroke="#e0ded6" stroke-width="2"/>`,
    )
    .join('')}${tooth(w * 0.66, h * 0.62, 2.2)}`;
  return finish(options, defs, body);
}

const BOX_COLOURS = [
  '#1f6fb2',
  '#e30613',
  '#2a9d8f',
  '#f4a261',
  '#6a4c93',
  '#3a86ff',
  '#8ab17d',
  '#e76f51',
];

/** Shelves of dental supplies: boxes, tubes and bottles in a warm light. */
export function suppliesScene(options: SceneOptions): string {
  const { width: w, height: h } = options;
  const random = seededRandom(options.seed);
  const defs = [
    linearGradient('backWall', ['#f6efe6', '#e6dccd']),
    linearGradient('plank', ['#c79b6d', '#a77a4e']),
    radialGlow('warm', '#fff4d6', 0.8),
    blurFilter('depth', 2),
  ].join('');
  const shelves = [0.3, 0.58, 0.86].map((level) => h * level);
  const items = shelves
    .map((shelfY) => {
      let x = w * 0.04;
      const parts: string[] = [];
      while (x < w * 0.94) {
        const kind = random();
        const colour = pick(random, BOX_COLOURS);
        if (kind < 0.55) {
          const bw = between(random, 90, 170);
          const bh = between(random, 90, h * 0.2);
          parts.push(
            `<rect x="${x}" y="${shelfY - bh}" width="${bw}" height="${bh}" fill="${colour}"/><rect x="${x}" y="${shelfY - bh}" width="${bw * 0.12}" height="${bh}" fill="${shade(colour, 0.8)}"/><rect x="${x + bw * 0.22}" y="${shelfY - bh * 0.7}" width="${bw * 0.66}" height="${bh * 0.34}" fill="#ffffff" opacity="0.92"/><path d="M${x + bw * 0.28} ${shelfY - bh * 0.6}h${bw * 0.5}M${x + bw * 0.28} ${shelfY - bh * 0.5}h${bw * 0.34}" stroke="${shade(colour, 0.7)}" stroke-width="5"/>`,
          );
          x += bw + between(random, 6, 18);
        } else if (kind < 0.8) {
          const bh = between(random, 80, 130);
          parts.push(
            `<rect x="${x}" y="${shelfY - bh}" width="44" height="${bh}" rx="12" fill="#f5f7f8"/><rect x="${x + 6}" y="${shelfY - bh * 0.7}" width="32" height="${bh * 0.4}" fill="${colour}"/><rect x="${x + 10}" y="${shelfY - bh - 18}" width="24" height="22" rx="4" fill="${shade(colour, 0.75)}"/>`,
          );
          x += 56;
        } else {
          parts.push(
            `<path d="M${x} ${shelfY - 22}h110l16 11-16 11H${x}z" fill="#eef1f2"/><rect x="${x + 8}" y="${shelfY - 19}" width="60" height="16" fill="${colour}"/><rect x="${x - 22}" y="${shelfY - 18}" width="24" height="14" fill="#c8ced3"/>`,
          );
          x += 150;
        }
      }
      return `${parts.join('')}<rect x="0" y="${shelfY}" width="${w}" height="22" fill="url(#plank)"/><rect x="0" y="${shelfY + 22}" width="${w}" height="14" fill="#000" opacity="0.12"/>`;
    })
    .join('');
  const body = `<rect width="${w}" height="${h}" fill="url(#backWall)"/><g filter="url(#depth)">${items}</g><ellipse cx="${w * 0.3}" cy="${h * 0.15}" rx="${w * 0.5}" ry="${h * 0.55}" fill="url(#warm)"/>`;
  return finish(options, defs, body);
}

export type SlideTopic = 'endodontics' | 'implant' | 'composite';

function slide(x: number, y: number, sw: number, sh: number, topic: SlideTopic): string {
  const title = `<rect x="${x + sw * 0.08}" y="${y + sh * 0.1}" width="${sw * 0.5}" height="${sh * 0.07}" fill="#1f3b57"/><rect x="${x + sw * 0.08}" y="${y + sh * 0.22}" width="${sw * 0.32}" height="${sh * 0.035}" fill="#8aa0b4"/>`;
  const cx = x + sw * 0.68;
  const cy = y + sh * 0.58;
  const scale = sh / 150;
  const art = {
    endodontics: `${tooth(cx, cy, scale * 1.4)}<path d="M${cx - 8 * scale} ${cy - 20 * scale}l-4 ${48 * scale}M${cx + 8 * scale} ${cy - 20 * scale}l4 ${48 * scale}" stroke="#e30613" stroke-width="${2.5 * scale}"/>`,
    implant: `<rect x="${cx - 10 * scale}" y="${cy - 36 * scale}" width="${20 * scale}" height="${18 * scale}" fill="#b7c1c8"/><path d="M${cx - 12 * scale} ${cy - 16 * scale}h${24 * scale}l-4 ${56 * scale}h${-16 * scale}z" fill="#8d99a3"/>${[
      0, 1, 2, 3, 4,
    ]
      .map(
        (i) =>
          `<path d="M${cx - 14 * scale} ${cy + (i * 10 - 10) * scale}l${28 * scale} ${-4 * scale}" stroke="#6c7780" stroke-width="${2 * scale}"/>`,
      )
      .join('')}`,
    composite: `${tooth(cx, cy, scale * 1.4)}<path d="M${cx - 14 * scale} ${cy - 32 * scale}q${14 * scale} ${12 * scale} ${28 * scale} 0" fill="#f2d9a0" stroke="#d8b56a" stroke-width="${1.5 * scale}"/>`,
  }[topic];
  const bullets = [0, 1, 2]
    .map(
      (i) =>
        `<circle cx="${x + sw * 0.1}" cy="${y + sh * (0.4 + i * 0.14)}" r="${sh * 0.015}" fill="#e30613"/><rect x="${x + sw * 0.13}" y="${y + sh * (0.385 + i * 0.14)}" width="${sw * (0.3 - i * 0.04)}" height="${sh * 0.03}" fill="#56697b"/>`,
    )
    .join('');
  return `<rect x="${x}" y="${y}" width="${sw}" height="${sh}" fill="#fdfdfb"/>${title}${bullets}${art}`;
}

/** A lecture: projection screen, presenter at the side, audience from behind in the foreground. */
export function lectureScene(
  options: SceneOptions & { topic: SlideTopic; wall: string; rows?: number },
): string {
  const { width: w, height: h } = options;
  const random = seededRandom(options.seed);
  const defs = [
    linearGradient('hall', [shade(options.wall, 1.05), shade(options.wall, 0.82)]),
    radialGlow('beam', '#ffffff', 0.35),
    radialGlow('ceilingLight', '#fff6dc', 0.9),
    blurFilter('stage', 2.5),
  ].join('');
  const screenW = w * 0.46;
  const screenH = screenW * 0.56;
  const screenX = w * 0.3;
  const screenY = h * 0.1;
  const lights = [0.15, 0.38, 0.62, 0.85]
    .map(
      (fx) =>
        `<ellipse cx="${w * fx}" cy="0" rx="${w * 0.08}" ry="${h * 0.06}" fill="url(#ceilingLight)"/>`,
    )
    .join('');
  const stage = `<g filter="url(#stage)">${lights}<rect x="${screenX - 12}" y="${screenY - 12}" width="${screenW + 24}" height="${screenH + 24}" fill="#30343a"/>${slide(screenX, screenY, screenW, screenH, options.topic)}<ellipse cx="${screenX + screenW / 2}" cy="${screenY + screenH / 2}" rx="${screenW * 0.7}" ry="${screenH * 0.8}" fill="url(#beam)"/><rect x="${w * 0.82}" y="${h * 0.52}" width="${w * 0.08}" height="${h * 0.3}" fill="#6b4a33"/><rect x="${w * 0.81}" y="${h * 0.5}" width="${w * 0.1}" height="${h * 0.04}" fill="#7d5a40"/>${presenter(w * 0.8, h * 0.82, h / 900, randomLook(random))}</g>`;
  const rows = options.rows ?? 3;
  const audience = Array.from({ length: rows }, (_, row) => {
    const scale = (h / 800) * (0.9 + row * 0.45);
    const y = h * (0.86 + row * 0.12);
    const spacing = 135 * scale;
    const offset = between(random, -spacing / 2, 0);
    const people: string[] = [];
    for (let x = offset; x < w + spacing; x += spacing * between(random, 0.9, 1.15)) {
      if (random() < 0.88) people.push(personBack(x, y, scale, randomLook(random)));
    }
    return people.join('');
  }).join('');
  const body = `<rect width="${w}" height="${h}" fill="url(#hall)"/><rect y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="${shade(options.wall, 0.55)}"/>${stage}${audience}`;
  return finish(options, defs, body);
}

/** A hands-on course: participants in lab coats at tables with jaw models, an instructor walking. */
export function workshopScene(options: SceneOptions & { wall: string }): string {
  const { width: w, height: h } = options;
  const random = seededRandom(options.seed);
  const defs = [
    linearGradient('room', [shade(options.wall, 1.08), shade(options.wall, 0.86)]),
    linearGradient('table', ['#f4f5f6', '#cfd5d9']),
    radialGlow('lampGlow', '#fff8d8', 0.5),
    blurFilter('back', 3.5),
  ].join('');
  const backRow = `<g filter="url(#back)">${Array.from({ length: 5 }, (_, i) =>
    personFront(w * (0.12 + i * 0.19), h * 0.52, h / 1300, {
      ...randomLook(random),
      labCoat: random() < 0.7,
    }),
  ).join('')}<rect x="0" y="${h * 0.5}" width="${w}" height="${h * 0.06}" fill="#dde2e5"/>${[
    0.2, 0.5, 0.8,
  ]
    .map((fx) => jawModel(w * fx, h * 0.49, 0.45))
    .join('')}</g>`;
  const frontRow = Array.from({ length: 3 }, (_, i) =>
    personFront(w * (0.2 + i * 0.3), h * 0.86, h / 760, { ...randomLook(random), labCoat: true }),
  ).join('');
  const frontTable = `<path d="M0 ${h * 0.8}H${w}V${h}H0z" fill="url(#table)"/>${[0.22, 0.52, 0.82]
    .map((fx) => jawModel(w * fx, h * 0.88, 0.9))
    .join('')}`;
  const instructor = presenter(w * 0.9, h * 0.9, h / 760, { ...randomLook(random), labCoat: true });
  const body = `<rect width="${w}" height="${h}" fill="url(#room)"/>${backRow}${frontRow}${instructor}${frontTable}`;
  return finish(options, defs, body);
}

/** Close-up of gloved hands working on a jaw model. */
export function handsScene(options: SceneOptions & { drape: string; glove: string }): string {
  const { width: w, height: h } = options;
  const defs = [
    `<radialGradient id="cloth" cx="0.5" cy="0.45" r="0.8"><stop offset="0" stop-color="${shade(options.drape, 1.2)}"/><stop offset="1" stop-color="${shade(options.drape, 0.65)}"/></radialGradient>`,
    blurFilter('dof', 5),
  ].join('');
  const body = `<rect width="${w}" height="${h}" fill="url(#cloth)"/><g filter="url(#dof)">${tooth(w * 0.12, h * 0.2, 1.4)}<rect x="${w * 0.78}" y="${h * 0.1}" width="${w * 0.18}" height="${h * 0.22}" rx="14" fill="#e6ecef"/></g>${jawModel(w * 0.5, h * 0.58, (w / 1200) * 2.2)}${glovedHand(w * 0.18, h * 0.92, (w / 1200) * 1.8, -5, options.glove)}${glovedHand(w * 0.84, h * 0.95, (w / 1200) * 1.8, 5, options.glove, true)}`;
  return finish(options, defs, body);
}

/** Course participants posing for a group photo in front of a roll-up banner. */
export function groupPhotoScene(options: SceneOptions & { wall: string; banner: string }): string {
  const { width: w, height: h } = options;
  const random = seededRandom(options.seed);
  const defs = [
    linearGradient('backdrop', [shade(options.wall, 1.06), shade(options.wall, 0.85)]),
    linearGradient('banner', [options.banner, shade(options.banner, 0.7)]),
    blurFilter('bg', 4),
  ].join('');
  const banner = `<g filter="url(#bg)"><rect x="${w * 0.7}" y="${h * 0.08}" width="${w * 0.2}" height="${h * 0.7}" fill="url(#banner)"/><g transform="translate(${w * 0.8} ${h * 0.3})">${tooth(0, 0, 2.4, '#ffffff')}</g><rect x="${w * 0.73}" y="${h * 0.5}" width="${w * 0.14}" height="${h * 0.03}" fill="#ffffff" opacity="0.85"/><rect x="${w * 0.75}" y="${h * 0.56}" width="${w * 0.1}" height="${h * 0.02}" fill="#ffffff" opacity="0.7"/></g>`;
  const back = Array.from({ length: 6 }, (_, i) =>
    personFront(
      w * (0.1 + i * 0.15) + between(random, -10, 10),
      h * 0.8,
      h / 600,
      randomLook(random),
    ),
  ).join('');
  const front = Array.from({ length: 5 }, (_, i) =>
    personFront(w * (0.16 + i * 0.17) + between(random, -10, 10), h * 1.02, h / 520, {
      ...randomLook(random),
      labCoat: random() < 0.4,
    }),
  ).join('');
  const body = `<rect width="${w}" height="${h}" fill="url(#backdrop)"/><rect y="${h * 0.82}" width="${w}" height="${h * 0.18}" fill="${shade(options.wall, 0.6)}"/>${banner}${back}${front}`;
  return finish(options, defs, body);
}

/**
 * Drawn product illustrations for the home page's demo product strip (400 x 400). Invented
 * products without brands; the labels only carry generic words.
 */
import { linearGradient, radialGlow, svgDocument } from './primitives.ts';

const SIZE = 400;
const FONT = 'font-family="DejaVu Sans,Arial,sans-serif"';

function stage(accent: string, body: string, extraDefs = ''): string {
  const defs = `<defs>${radialGlow('halo', accent, 0.22)}${linearGradient('metal', ['#f4f6f7', '#aab4bb', '#e7ebee', '#8f9aa2'], 'right')}${extraDefs}<filter id="shadow" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="9"/></filter></defs>`;
  return svgDocument(
    SIZE,
    SIZE,
    `${defs}<rect width="${SIZE}" height="${SIZE}" fill="#f7f8f9"/><circle cx="200" cy="190" r="190" fill="url(#halo)"/><ellipse cx="200" cy="345" rx="140" ry="16" fill="#000" opacity="0.16" filter="url(#shadow)"/>${body}`,
  );
}

const composite = stage(
  '#f2b134',
  `<g transform="rotate(-28 200 200)"><rect x="70" y="182" width="190" height="44" rx="8" fill="#4c5560"/><rect x="110" y="186" width="110" height="36" rx="4" fill="#ffffff"/><text x="165" y="211" ${FONT} font-size="20" font-weight="700" fill="#c5841a" text-anchor="middle">A2</text><rect x="260" y="192" width="50" height="24" rx="5" fill="#f2b134"/><path d="M310 197h26l10 7-10 7h-26z" fill="#d39420"/><rect x="40" y="176" width="30" height="56" rx="6" fill="#343b44"/><rect x="10" y="198" width="32" height="12" rx="4" fill="#7b8590"/></g><rect x="240" y="250" width="110" height="80" rx="6" fill="#ffffff" stroke="#e1e4e7" stroke-width="2"/><rect x="240" y="250" width="110" height="20" rx="6" fill="#f2b134"/><text x="295" y="300" ${FONT} font-size="15" fill="#4c5560" text-anchor="middle">KOMPOZIT</text>`,
);

const gloves = stage(
  '#3a86ff',
  `<path d="M80 170h240l10 170H70z" fill="#2f6fd6"/><path d="M80 170h240v-20H80z" fill="#3a86ff"/><ellipse cx="200" cy="162" rx="80" ry="10" fill="#1c4ea3"/><rect x="110" y="240" width="180" height="46" rx="6" fill="#ffffff"/><text x="200" y="270" ${FONT} font-size="18" font-weight="700" fill="#2f6fd6" text-anchor="middle">NITRIL M</text><path d="M160 162c-10-40 4-90 22-104 8-6 16 0 14 10l-6 40 10-56c2-12 18-12 18 0l-2 56 12-50c4-12 18-8 16 4l-10 52 18-36c6-10 18-4 14 8l-22 60c-4 12-6 16-8 16z" fill="#9fc2f7" opacity="0.95"/>`,
);

const implant = stage(
  '#7d8b96',
  `<rect x="170" y="60" width="60" height="46" rx="6" fill="url(#metal)"/><path d="M178 106h44l-6 26h-32z" fill="#9ba6ae"/><path d="M168 132h64l-8 170c-4 18-44 18-48 0z" fill="url(#metal)"/>${Array.from(
    { length: 9 },
    (_, i) =>
      `<path d="M${166 + i * 0.9} ${146 + i * 17}l${68 - i * 1.8} -10" stroke="#7a858d" stroke-width="5" stroke-linecap="round"/>`,
  ).join('')}`,
);

const handpiece = stage(
  '#2a9d8f',
  `<g transform="rotate(-35 200 200)"><path d="M40 186h200l40 6v22l-40 6H40z" fill="url(#metal)"/><rect x="40" y="184" width="60" height="38" rx="6" fill="#2a9d8f"/><path d="M280 192l40-20h28v60h-28l-40-16z" fill="url(#metal)"/><circle cx="334" cy="202" r="18" fill="#dfe5e8" stroke="#8f9aa2" stroke-width="4"/><circle cx="334" cy="202" r="5" fill="#fff8c4"/><rect x="14" y="192" width="30" height="22" rx="4" fill="#5b666e"/></g>`,
);

const impression = stage(
  '#8ab17d',
  `<g transform="rotate(-20 200 200)"><rect x="90" y="150" width="150" height="50" rx="10" fill="#8ab17d"/><rect x="90" y="204" width="150" height="50" rx="10" fill="#f1d36b"/><rect x="70" y="146" width="24" height="112" rx="6" fill="#3f4a52"/><path d="M240 160l30 20v44l-30 20z" fill="#e3e8eb"/><path d="M270 188h60l26 14-26 14h-60z" fill="#d8e8d2"/><path d="M290 188v28M306 188v28M322 188v28" stroke="#a9c39d" stroke-width="4"/><text x="165" y="182" ${FONT} font-size="16" font-weight="700" fill="#ffffff" text-anchor="middle">BAZA</text><text x="165" y="236" ${FONT} font-size="16" font-weight="700" fill="#8a6d16" text-anchor="middle">KATALIZATOR</text></g>`,
);

const whitening = stage(
  '#5bc0eb',
  `<path d="M90 250c0-70 48-110 110-110s110 40 110 110c0 16-30 16-32 0-4-44-36-70-78-70s-74 26-78 70c-2 16-32 16-32 0z" fill="#dff3fb" stroke="#8fd3ef" stroke-width="4" opacity="0.95"/><g transform="rotate(-12 200 300)"><rect x="110" y="286" width="170" height="30" rx="8" fill="#ffffff" stroke="#cfd6db" stroke-width="2"/><rect x="150" y="290" width="80" height="22" fill="#5bc0eb"/><path d="M280 294h34l10 7-10 7h-34z" fill="#e8eef1"/><rect x="84" y="282" width="28" height="38" rx="6" fill="#3a8fb7"/></g><g transform="translate(300 110)">${[
    0, 1, 2, 3,
  ]
    .map(
      (i) =>
        `<rect x="${i * 16}" y="0" width="14" height="40" rx="6" fill="${['#fbf8ee', '#f6efd9', '#efe3c2', '#e7d6ad'][i]}" stroke="#d8ccb0" stroke-width="1.5"/>`,
    )
    .join('')}</g>`,
);

/** The drawing of each demo product by file slug; src/data/demoProductImages.ts names them. */
export const productDrawings: Readonly<Record<string, string>> = {
  kompozit: composite,
  rukavice: gloves,
  implantat: implant,
  turbina: handpiece,
  'otisna-masa': impression,
  izbjeljivanje: whitening,
};

/**
 * Generates the demo catalogue that /katalozi offers for download (SPEC 1: a PDF catalogue dated
 * April 2024) and the module describing it:
 *
 *   npm run data:catalogue
 *
 * Output: public/katalozi/katalog-travanj-2024.pdf (A4: cover with contents, featured products
 * with pictures, price list by category, ordering page) and src/data/catalogues.ts (title, link,
 * size). The products and prices are invented; the company details come from src/data/company.ts.
 *
 * Croatian letters need a real font: pdf-lib's standard fonts are WinAnsi and cannot encode č or
 * ć. The PDF embeds, through @pdf-lib/fontkit, only the glyphs it uses of the DejaVu Sans subsets
 * in content/fonts (scripts/subset-font.ts). The output is deterministic (fixed dates, fixed
 * subset names), so re-running changes nothing.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import * as prettier from 'prettier';
import sharp from 'sharp';
import { company } from '../src/data/company.ts';
import { FONT_DIR, FONT_FILES } from './subset-font.ts';

const root = path.resolve(import.meta.dirname, '..');

export const CATALOGUE = {
  title: 'Katalog proizvoda – travanj 2024.',
  href: '/katalozi/katalog-travanj-2024.pdf',
  /** The catalogue's publication date, also its PDF creation date. */
  date: new Date('2024-04-01T08:00:00+02:00'),
};
export const PDF_PATH = path.join(root, 'public', CATALOGUE.href);
export const MODULE_PATH = path.join(root, 'src', 'data', 'catalogues.ts');

interface Product {
  code: string;
  name: string;
  pack: string;
  /** Euro, VAT included. */
  price: number;
}

interface Category {
  name: string;
  products: Product[];
}

const p = (code: string, name: string, pack: string, price: number): Product => ({
  code,
  name,
  pack,
  price,
});

export const CATEGORIES: Category[] = [
  {
    name: 'Restaurativna stomatologija',
    products: [
      p('RS-1001', 'Kompozit za ispune, nijansa A2', 'šprica 4 g', 24.9),
      p('RS-1002', 'Kompozit za ispune, nijansa A3', 'šprica 4 g', 24.9),
      p('RS-1003', 'Tekući kompozit, nijansa A2', '2 šprice × 2 g', 29.5),
      p('RS-1004', 'Jednokomponentni adheziv', 'bočica 5 ml', 45),
      p('RS-1005', 'Gel za jetkanje, 37 % fosforne kiseline', '3 šprice × 5 ml', 14.8),
      p('RS-1006', 'Staklenoionomerni cement za ispune', '15 g + 10 ml', 39.9),
      p('RS-1007', 'Čelične matrice, 5 mm', '12 kom.', 6.4),
      p('RS-1008', 'Drveni interdentalni klinčići, razne veličine', '100 kom.', 7.2),
    ],
  },
  {
    name: 'Endodoncija',
    products: [
      p('EN-2001', 'Ručne K-igle 25 mm, veličine 15–40', '6 kom.', 8.9),
      p('EN-2002', 'Strojni NiTi instrumenti, set za preparaciju', '6 kom.', 58),
      p('EN-2003', 'Gutaperka štapići, konicitet 04', '60 kom.', 12.5),
      p('EN-2004', 'Papirnati štapići, konicitet 04', '200 kom.', 9.8),
      p('EN-2005', 'Otopina natrijeva hipoklorita 3 %', '500 ml', 11.2),
      p('EN-2006', 'Pasta za punjenje korijenskih kanala', '2 tube × 13,5 g', 42),
      p('EN-2007', 'Kalcijev hidroksid u šprici', '2 šprice × 2,2 g', 16.9),
    ],
  },
  {
    name: 'Profilaksa i izbjeljivanje',
    products: [
      p('PR-3001', 'Profilaktička pasta, srednje gruba, okus mente', '200 g', 13.9),
      p('PR-3002', 'Gumene čašice za poliranje', '100 kom.', 19.5),
      p('PR-3003', 'Četkice za poliranje, za kolječnik', '100 kom.', 21),
      p('PR-3004', 'Fluoridni lak s ksilitolom', '50 × 0,4 ml', 64),
      p('PR-3005', 'Set za izbjeljivanje zuba, 16 % karbamid-peroksid', '4 šprice × 3 g', 49),
      p('PR-3006', 'Gel za izbjeljivanje u ordinaciji, 35 %', 'za 2 pacijenta', 89),
    ],
  },
  {
    name: 'Implantologija',
    products: [
      p('IM-4001', 'Dentalni implantat 3,5 × 10 mm', '1 kom.', 159),
      p('IM-4002', 'Dentalni implantat 4,1 × 10 mm', '1 kom.', 159),
      p('IM-4003', 'Dentalni implantat 4,8 × 12 mm', '1 kom.', 169),
      p('IM-4004', 'Titanski nadogradnik, ravni', '1 kom.', 79),
      p('IM-4005', 'Vijak za cijeljenje, visina 4 mm', '1 kom.', 24),
      p('IM-4006', 'Koštani nadomjestak, granule 0,25–1 mm', '0,5 g', 68),
      p('IM-4007', 'Resorptivna kolagena membrana 25 × 25 mm', '1 kom.', 115),
    ],
  },
  {
    name: 'Otisni materijali',
    products: [
      p('OT-5001', 'Otisna masa A-silikon, kitasta', '2 × 300 ml', 54),
      p('OT-5002', 'Otisna masa A-silikon, rijetka', '2 × 50 ml', 32),
      p('OT-5003', 'Alginat s promjenom boje', '453 g', 11.5),
      p('OT-5004', 'Miješajući nastavci za kartuše', '50 kom.', 18),
      p('OT-5005', 'Žlice za otiske, perforirane, set', '12 kom.', 26),
    ],
  },
  {
    name: 'Zaštita i dezinfekcija',
    products: [
      p('ZD-6001', 'Nitrilne rukavice bez pudera, veličine S–XL', '100 kom.', 7.9),
      p('ZD-6002', 'Kirurške maske, tip IIR', '50 kom.', 6.5),
      p('ZD-6003', 'Dezinficijens za površine bez alkohola', '1 l', 12.4),
      p('ZD-6004', 'Maramice za dezinfekciju površina', '120 kom.', 9.6),
      p('ZD-6005', 'Vrećice za sterilizaciju 90 × 230 mm', '200 kom.', 10.8),
      p('ZD-6006', 'Otopina za dezinfekciju instrumenata', '2 l', 27.5),
      p('ZD-6007', 'Zaštitne naočale s bočnim štitnicima', '1 kom.', 8.9),
    ],
  },
  {
    name: 'Instrumenti i potrošni materijal',
    products: [
      p('IN-7001', 'Dijamantna svrdla, set za preparaciju', '10 kom.', 34),
      p('IN-7002', 'Karbidna svrdla za kolječnik', '5 kom.', 15.5),
      p('IN-7003', 'Stomatološka ogledalca, veličina 5', '12 kom.', 18),
      p('IN-7004', 'Sonda, obostrana', '1 kom.', 9.5),
      p('IN-7005', 'Kliješta za vađenje gornjih kutnjaka', '1 kom.', 62),
      p('IN-7006', 'Sisaljke za slinu, savitljive', '100 kom.', 4.2),
      p('IN-7007', 'Valjčići vate, veličina 2', '300 g', 5.6),
    ],
  },
  {
    name: 'Uređaji i oprema',
    products: [
      p('UR-8001', 'Turbina s LED svjetlom, brza spojka', '1 kom.', 489),
      p('UR-8002', 'Kolječnik 1:1', '1 kom.', 399),
      p('UR-8003', 'Bežična lampa za polimerizaciju', '1 kom.', 289),
      p('UR-8004', 'Ultrazvučni uređaj za čišćenje instrumenata, 3 l', '1 kom.', 349),
      p('UR-8005', 'Autoklav klase B, 18 l', '1 kom.', 3490),
      p('UR-8006', 'Apeks lokator', '1 kom.', 459),
    ],
  },
];

/** The featured page: product code and the demo picture (public/images/proizvodi) beside it. */
const FEATURED = [
  { code: 'RS-1001', image: 'kompozit' },
  { code: 'ZD-6001', image: 'rukavice' },
  { code: 'IM-4002', image: 'implantat' },
  { code: 'UR-8001', image: 'turbina' },
  { code: 'OT-5001', image: 'otisna-masa' },
  { code: 'PR-3005', image: 'izbjeljivanje' },
];

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const RED = rgb(0xe3 / 255, 0x06 / 255, 0x13 / 255);
const INK = rgb(0.13, 0.14, 0.16);
const MUTED = rgb(0.38, 0.4, 0.44);
const RULE = rgb(0.86, 0.87, 0.89);
const STRIPE = rgb(0.965, 0.968, 0.975);
const WHITE = rgb(1, 1, 1);

const euro = new Intl.NumberFormat('hr-HR', { style: 'currency', currency: 'EUR' });

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws wrapped text from the top line's baseline and returns the baseline after it. */
function paragraph(
  page: PDFPage,
  text: string,
  options: { x: number; y: number; font: PDFFont; size: number; width: number; color?: typeof INK },
): number {
  const lineHeight = options.size * 1.45;
  let y = options.y;
  for (const line of wrap(text, options.font, options.size, options.width)) {
    page.drawText(line, {
      x: options.x,
      y,
      font: options.font,
      size: options.size,
      color: options.color ?? INK,
    });
    y -= lineHeight;
  }
  return y;
}

function drawRight(
  page: PDFPage,
  text: string,
  right: number,
  y: number,
  font: PDFFont,
  size: number,
) {
  page.drawText(text, { x: right - font.widthOfTextAtSize(text, size), y, font, size, color: INK });
}

const TOOTH_PATH =
  'M-16-26c-9 0-14 8-13 17 1 11 6 15 7 26 1 9 4 12 7 12 4 0 4-15 9-15s5 15 9 15c3 0 6-3 7-12 1-11 6-15 7-26 1-9-4-17-13-17-6 0-7 5-10 5s-4-5-10-5z';

function pageHeading(page: PDFPage, fonts: Fonts, title: string): number {
  page.drawRectangle({ x: 0, y: A4.height - 12, width: A4.width, height: 12, color: RED });
  page.drawText(title, { x: MARGIN, y: A4.height - 70, font: fonts.bold, size: 20, color: INK });
  return A4.height - 100;
}

const COLUMNS = {
  code: MARGIN,
  name: MARGIN + 62,
  pack: MARGIN + 330,
  priceRight: A4.width - MARGIN,
};

function drawPriceList(doc: PDFDocument, fonts: Fonts): Map<string, number> {
  const firstPageOf = new Map<string, number>();
  let page = doc.addPage([A4.width, A4.height]);
  let y = pageHeading(page, fonts, 'Cjenik');
  const bottom = MARGIN + 40;
  const tableHeader = () => {
    page.drawRectangle({ x: MARGIN, y: y - 6, width: CONTENT_WIDTH, height: 20, color: INK });
    const header = { font: fonts.bold, size: 8.5, color: WHITE };
    page.drawText('ŠIFRA', { x: COLUMNS.code + 6, y, ...header });
    page.drawText('NAZIV PROIZVODA', { x: COLUMNS.name, y, ...header });
    page.drawText('PAKIRANJE', { x: COLUMNS.pack, y, ...header });
    const price = 'CIJENA (EUR)';
    page.drawText(price, {
      x: COLUMNS.priceRight - 6 - fonts.bold.widthOfTextAtSize(price, 8.5),
      y,
      ...header,
    });
    y -= 24;
  };
  tableHeader();
  for (const category of CATEGORIES) {
    if (y - 40 < bottom) {
      page = doc.addPage([A4.width, A4.height]);
      y = pageHeading(page, fonts, 'Cjenik (nastavak)');
      tableHeader();
    }
    firstPageOf.set(category.name, doc.getPageCount());
    y -= 8;
    page.drawText(category.name.toUpperCase(), {
      x: MARGIN,
      y,
      font: fonts.bold,
      size: 10.5,
      color: RED,
    });
    y -= 8;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4.width - MARGIN, y },
      thickness: 1,
      color: RED,
    });
    y -= 15;
    category.products.forEach((product, index) => {
      const nameLines = wrap(product.name, fonts.regular, 9, COLUMNS.pack - COLUMNS.name - 12);
      const rowHeight = 8 + nameLines.length * 12;
      if (y - rowHeight < bottom) {
        page = doc.addPage([A4.width, A4.height]);
        y = pageHeading(page, fonts, 'Cjenik (nastavak)');
        tableHeader();
      }
      if (index % 2 === 1) {
        page.drawRectangle({
          x: MARGIN,
          y: y - rowHeight + 12,
          width: CONTENT_WIDTH,
          height: rowHeight,
          color: STRIPE,
        });
      }
      const cell = { font: fonts.regular, size: 9, color: INK };
      page.drawText(product.code, { x: COLUMNS.code + 6, y, ...cell, color: MUTED });
      nameLines.forEach((line, i) =>
        page.drawText(line, { x: COLUMNS.name, y: y - i * 12, ...cell }),
      );
      page.drawText(product.pack, { x: COLUMNS.pack, y, ...cell });
      drawRight(page, euro.format(product.price), COLUMNS.priceRight - 6, y, fonts.bold, 9);
      y -= rowHeight;
    });
    y -= 10;
  }
  return firstPageOf;
}

function findProduct(code: string): Product {
  for (const category of CATEGORIES) {
    const product = category.products.find((candidate) => candidate.code === code);
    if (product) return product;
  }
  throw new Error(`No product ${code} in the catalogue`);
}

async function productPicture(doc: PDFDocument, slug: string): Promise<PDFImage> {
  const file = path.join(root, 'public', 'images', 'proizvodi', `${slug}.webp`);
  // pdf-lib embeds JPEG and PNG only; a small JPEG keeps the PDF light.
  const jpeg = await sharp(file)
    .resize(280)
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
  return doc.embedJpg(jpeg);
}

async function drawFeatured(doc: PDFDocument, fonts: Fonts): Promise<void> {
  const page = doc.addPage([A4.width, A4.height]);
  const top = pageHeading(page, fonts, 'Istaknuto u travnju');
  const cardWidth = (CONTENT_WIDTH - 20) / 2;
  const cardHeight = 210;
  for (const [index, featured] of FEATURED.entries()) {
    const product = findProduct(featured.code);
    const x = MARGIN + (index % 2) * (cardWidth + 20);
    const y = top - Math.floor(index / 2) * (cardHeight + 16) - cardHeight;
    page.drawRectangle({
      x,
      y,
      width: cardWidth,
      height: cardHeight,
      borderColor: RULE,
      borderWidth: 1,
    });
    const picture = await productPicture(doc, featured.image);
    page.drawImage(picture, { x: x + 12, y: y + cardHeight - 142, width: 130, height: 130 });
    paragraph(page, product.name, {
      x: x + 12,
      y: y + 50,
      font: fonts.bold,
      size: 10,
      width: cardWidth - 24,
    });
    page.drawText(`${product.code} · ${product.pack}`, {
      x: x + 12,
      y: y + 14,
      font: fonts.regular,
      size: 8.5,
      color: MUTED,
    });
    const price = euro.format(product.price);
    page.drawText(price, {
      x: x + cardWidth - 12 - fonts.bold.widthOfTextAtSize(price, 16),
      y: y + cardHeight - 40,
      font: fonts.bold,
      size: 16,
      color: RED,
    });
  }
}

function drawOrdering(doc: PDFDocument, fonts: Fonts): void {
  const page = doc.addPage([A4.width, A4.height]);
  let y = pageHeading(page, fonts, 'Kako naručiti');
  const text = { x: MARGIN, font: fonts.regular, size: 10.5, width: CONTENT_WIDTH };
  y = paragraph(
    page,
    'Narudžbe primamo telefonom, e-poštom ili preko prodajnog predstavnika za vašu regiju. Za veće količine i opremanje ordinacija zatražite ponudu: rado ćemo doći k vama.',
    { ...text, y },
  );
  y -= 10;
  const { address } = company;
  const contact = [
    ['Telefon', company.phone],
    ['E-pošta', company.email],
    ['Adresa', `${address.street}, ${address.postalCode} ${address.city}`],
    ['OIB', company.oib],
  ];
  for (const [label, value] of contact) {
    page.drawText(label as string, { x: MARGIN, y, font: fonts.bold, size: 10.5, color: INK });
    page.drawText(value as string, {
      x: MARGIN + 90,
      y,
      font: fonts.regular,
      size: 10.5,
      color: INK,
    });
    y -= 17;
  }
  y -= 14;
  page.drawText('Plaćanje', { x: MARGIN, y, font: fonts.bold, size: 13, color: RED });
  y -= 20;
  y = paragraph(
    page,
    'Po predračunu ili računu s odgodom plaćanja od 30 dana za stalne kupce, na jedan od računa:',
    { ...text, y },
  );
  for (const account of company.bankAccounts) {
    page.drawText(account.bank, { x: MARGIN, y, font: fonts.regular, size: 10, color: INK });
    page.drawText(account.iban, { x: MARGIN + 220, y, font: fonts.bold, size: 10, color: INK });
    y -= 16;
  }
  y -= 14;
  page.drawText('Isporuka', { x: MARGIN, y, font: fonts.bold, size: 13, color: RED });
  y -= 20;
  y = paragraph(
    page,
    'Narudžbe zaprimljene radnim danom do 12 sati šaljemo isti dan. Dostava je besplatna za narudžbe iznad 150,00 €.',
    { ...text, y },
  );
  paragraph(page, company.deliveryDisclaimer, { ...text, y: y - 4, size: 9.5, color: MUTED });
}

function drawCover(doc: PDFDocument, fonts: Fonts, contents: Map<string, number>): void {
  const page = doc.insertPage(0, [A4.width, A4.height]);
  const bandHeight = 330;
  page.drawRectangle({
    x: 0,
    y: A4.height - bandHeight,
    width: A4.width,
    height: bandHeight,
    color: RED,
  });
  page.drawSvgPath(TOOTH_PATH, {
    x: A4.width - 140,
    y: A4.height - 120,
    scale: 2.4,
    color: WHITE,
    opacity: 0.9,
  });
  page.drawText(company.shortName.toUpperCase(), {
    x: MARGIN,
    y: A4.height - 70,
    font: fonts.bold,
    size: 12,
    color: WHITE,
  });
  let titleSize = 30;
  while (fonts.bold.widthOfTextAtSize(CATALOGUE.title, titleSize) > CONTENT_WIDTH) titleSize -= 1;
  page.drawText(CATALOGUE.title, {
    x: MARGIN,
    y: A4.height - 250,
    font: fonts.bold,
    size: titleSize,
    color: WHITE,
  });
  page.drawText('Dentalni materijali, instrumenti i oprema', {
    x: MARGIN,
    y: A4.height - 285,
    font: fonts.regular,
    size: 14,
    color: WHITE,
  });

  let y = A4.height - bandHeight - 50;
  y = paragraph(
    page,
    'Cijene su u eurima s uključenim PDV-om i vrijede od 1. travnja 2024. do objave novog kataloga ili do isteka zaliha. Slike proizvoda su ilustracije.',
    { x: MARGIN, y, font: fonts.regular, size: 10.5, width: CONTENT_WIDTH, color: MUTED },
  );
  y -= 16;
  page.drawText('Sadržaj', { x: MARGIN, y, font: fonts.bold, size: 14, color: INK });
  y -= 24;
  const entries: [string, number][] = [
    ['Istaknuto u travnju', 2],
    ...[...contents].map(([name, pageNumber]): [string, number] => [name, pageNumber + 1]),
    ['Kako naručiti', doc.getPageCount()],
  ];
  for (const [name, pageNumber] of entries) {
    page.drawText(name, { x: MARGIN, y, font: fonts.regular, size: 11, color: INK });
    drawRight(page, String(pageNumber), A4.width - MARGIN, y, fonts.bold, 11);
    page.drawLine({
      start: { x: MARGIN, y: y - 6 },
      end: { x: A4.width - MARGIN, y: y - 6 },
      thickness: 0.5,
      color: RULE,
    });
    y -= 21;
  }
}

function drawFooters(doc: PDFDocument, fonts: Fonts): void {
  const total = doc.getPageCount();
  doc.getPages().forEach((page, index) => {
    const y = 30;
    page.drawLine({
      start: { x: MARGIN, y: y + 12 },
      end: { x: A4.width - MARGIN, y: y + 12 },
      thickness: 0.5,
      color: RULE,
    });
    page.drawText(`${company.shortName} · ${company.phone} · ${company.email}`, {
      x: MARGIN,
      y,
      font: fonts.regular,
      size: 8,
      color: MUTED,
    });
    const number = `Stranica ${index + 1} od ${total}`;
    page.drawText(number, {
      x: A4.width - MARGIN - fonts.regular.widthOfTextAtSize(number, 8),
      y,
      font: fonts.regular,
      size: 8,
      color: MUTED,
    });
  });
}

export async function buildCataloguePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  // Fixed subset tags (instead of random ones) keep the output byte-for-byte reproducible.
  const fonts: Fonts = {
    regular: await doc.embedFont(readFileSync(path.join(FONT_DIR, FONT_FILES.regular.subset)), {
      subset: true,
      customName: 'DNTLAA+DejaVuSans',
    }),
    bold: await doc.embedFont(readFileSync(path.join(FONT_DIR, FONT_FILES.bold.subset)), {
      subset: true,
      customName: 'DNTLAB+DejaVuSans-Bold',
    }),
  };
  await drawFeatured(doc, fonts);
  const contents = drawPriceList(doc, fonts);
  drawOrdering(doc, fonts);
  drawCover(doc, fonts, contents);
  drawFooters(doc, fonts);

  doc.setTitle(CATALOGUE.title, { showInWindowTitleBar: true });
  doc.setAuthor(company.shortName);
  doc.setSubject('Dentalni materijali, instrumenti i oprema s cijenama u eurima');
  doc.setKeywords(['katalog', 'dentalni materijali', 'cjenik', 'travanj 2024']);
  doc.setLanguage('hr-HR');
  doc.setCreator(company.shortName);
  doc.setProducer('pdf-lib');
  doc.setCreationDate(CATALOGUE.date);
  doc.setModificationDate(CATALOGUE.date);
  return doc.save();
}

export async function renderCatalogueModule(sizeBytes: number): Promise<string> {
  const source = `// Generated by scripts/build-catalogue.ts together with the PDF; do not edit by hand.

/** The downloadable catalogue of /katalozi (SPEC 1). */
export const aprilCatalogue = {
  title: ${JSON.stringify(CATALOGUE.title)},
  href: ${JSON.stringify(CATALOGUE.href)},
  sizeBytes: ${sizeBytes},
} as const;
`;
  const options = await prettier.resolveConfig(MODULE_PATH);
  return prettier.format(source, { ...options, parser: 'typescript' });
}

if (import.meta.main) {
  const pdf = await buildCataloguePdf();
  mkdirSync(path.dirname(PDF_PATH), { recursive: true });
  writeFileSync(PDF_PATH, pdf);
  writeFileSync(MODULE_PATH, await renderCatalogueModule(pdf.length));
  console.log(`Wrote ${path.relative(root, PDF_PATH)}: ${(pdf.length / 1024).toFixed(1)} kB`);
}

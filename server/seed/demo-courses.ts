/**
 * Demo courses for a fresh installation: one abroad, one free, one single-day, one with a PDF
 * programme. Their cover images are drawn here (SVG rendered by sharp, no fonts needed) and
 * their PDF is written by hand, so the seed needs no files of its own. Dates are relative to
 * the seeding moment, so the demo courses always lie ahead.
 */
import type { Clock } from '../clock.ts';
import { ensureCountries } from '../countries/store.ts';
import { COURSE_MEDIA_COLLECTION } from '../courses/service.ts';
import { hasCourses, insertCourse } from '../courses/store.ts';
import type { WebImage } from '../media/images.ts';
import type { Media } from '../media/service.ts';
import type { Db } from '../db/database.ts';
import { demoWebImage } from './demo-images.ts';

const DAY = 24 * 60 * 60 * 1000;

interface DemoCourse {
  title: string;
  description: string;
  lecturer: string;
  location: string;
  countryIsoCode: string;
  /** Days from now to the start, and the UTC hours of start and end. */
  startsInDays: number;
  startHourUtc: number;
  durationDays: number;
  endHourUtc: number;
  priceCents: number | null;
  hue: number;
  pdf?: string[];
}

const DEMO_COURSES: DemoCourse[] = [
  {
    title: 'Suvremena implantologija u svakodnevnoj praksi',
    description:
      'Dvodnevni tečaj o planiranju i postavljanju implantata: od CBCT dijagnostike i ' +
      'odabira sustava do opterećenja i održavanja. Drugi dan rad na modelima u malim grupama.',
    lecturer: 'doc. dr. sc. Ana Marić, dr. Ivan Perić',
    location: 'Zagreb, Hotel Esplanade',
    countryIsoCode: 'HR',
    startsInDays: 30,
    startHourUtc: 7,
    durationDays: 1,
    endHourUtc: 15,
    priceCents: 45_000,
    hue: 355,
  },
  {
    title: 'Digitalni protokoli u fiksnoj protetici',
    description:
      'Intraoralno skeniranje, digitalno planiranje osmijeha i CAD/CAM izrada krunica i ' +
      'mostova. Tečaj se održava na engleskom jeziku uz prijevod.',
    lecturer: 'prof. dr. Matej Novak',
    location: 'Ljubljana, Medicinska fakulteta',
    countryIsoCode: 'SI',
    startsInDays: 45,
    startHourUtc: 8,
    durationDays: 2,
    endHourUtc: 14,
    priceCents: 62_000,
    hue: 205,
  },
  {
    title: 'Radionica: higijena i sterilizacija u ordinaciji',
    description:
      'Besplatna jednodnevna radionica za dentalne asistente: protokoli dezinfekcije, ' +
      'sterilizacija instrumenata i dokumentacija prema važećim propisima.',
    lecturer: 'Maja Kovač, bacc. med. techn.',
    location: 'Split, Dentalia edukacijski centar',
    countryIsoCode: 'HR',
    startsInDays: 20,
    startHourUtc: 8,
    durationDays: 0,
    endHourUtc: 13,
    priceCents: 0,
    hue: 150,
  },
  {
    title: 'Endodoncija: od dijagnoze do punjenja',
    description:
      'Strojna obrada korijenskih kanala, irigacija i termoplastično punjenje. Program po ' +
      'satima nalazi se u priloženom PDF-u.',
    lecturer: 'dr. sc. Petra Horvat',
    location: 'Rijeka, Hotel Bonavia',
    countryIsoCode: 'HR',
    startsInDays: 60,
    startHourUtc: 7,
    durationDays: 1,
    endHourUtc: 16,
    priceCents: 29_050,
    hue: 35,
    pdf: [
      'Endodoncija - program tecaja',
      '',
      '1. dan  09:00  Dijagnostika i planiranje',
      '        11:00  Strojna obrada kanala',
      '        14:00  Rad na modelima',
      '2. dan  09:00  Irigacija i aktivacija',
      '        11:00  Termoplasticno punjenje',
      '        15:00  Rasprava i certifikati',
    ],
  },
];

export interface DemoCoursesOptions {
  now: Clock;
}

/** Seeds the demo courses when there are none; returns whether it did. */
export async function seedDemoCourses(
  db: Db,
  media: Media,
  options: DemoCoursesOptions,
): Promise<boolean> {
  if (await hasCourses(db)) return false;
  await ensureCountries(db, [...new Set(DEMO_COURSES.map((course) => course.countryIsoCode))]);
  const covers = await demoCovers();
  const now = options.now().getTime();
  // A minute apart, the first the newest: the list (newest first) shows the order above.
  for (const [index, course] of [...DEMO_COURSES].entries()) {
    const startDay = startOfUtcDay(now + course.startsInDays * DAY);
    await media.withStaging(async (staged) => {
      const cover = covers[index];
      if (cover === undefined) throw new Error('no cover drawn');
      const image = await staged.storeImage(cover, COURSE_MEDIA_COLLECTION);
      const pdfKey = course.pdf
        ? await staged.storePdf(textPdf(course.pdf), COURSE_MEDIA_COLLECTION)
        : null;
      await insertCourse(db, {
        title: course.title,
        description: course.description,
        lecturer: course.lecturer,
        location: course.location,
        country_iso_code: course.countryIsoCode,
        start_date: new Date(startDay + course.startHourUtc * 3_600_000).toISOString(),
        end_date: new Date(
          startDay + course.durationDays * DAY + course.endHourUtc * 3_600_000,
        ).toISOString(),
        price_cents: course.priceCents,
        image_key: image.key,
        image_card_key: image.cardKey,
        pdf_key: pdfKey,
        created_at: new Date(now - (index + 1) * 60_000).toISOString(),
      });
    });
  }
  return true;
}

/**
 * Encoding four covers costs about a second, so it is done once per machine (demo-images.ts);
 * drawn once per process, since every test that seeds the demo accounts seeds these too.
 */
let drawnCovers: Promise<WebImage[]> | undefined;
function demoCovers(): Promise<WebImage[]> {
  drawnCovers ??= Promise.all(
    DEMO_COURSES.map((course) => demoWebImage(coverImage(course.hue))),
  ).catch((error: unknown) => {
    drawnCovers = undefined;
    throw error;
  });
  return drawnCovers;
}

function startOfUtcDay(time: number): number {
  return Math.floor(time / DAY) * DAY;
}

/** An abstract cover: a gradient, soft circles and a tooth outline, in one hue. */
function coverImage(hue: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,88%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 40) % 360},55%,45%)"/>
    </linearGradient>
  </defs>
  <rect width="1600" height="900" fill="url(#g)"/>
  <circle cx="1320" cy="160" r="260" fill="#fff" fill-opacity="0.18"/>
  <circle cx="220" cy="780" r="340" fill="#fff" fill-opacity="0.12"/>
  <path transform="translate(640 190) scale(1.6)" fill="#fff" fill-opacity="0.92"
    d="M100 10c-30 0-45 15-70 15S-10 20-10 80c0 50 25 90 35 170 5 40 15 60 30 60 20 0 20-60 45-60s25 60 45 60c15 0 25-20 30-60 10-80 35-120 35-170 0-60-15-55-40-55S130 10 100 10z"/>
</svg>`;
  return Buffer.from(svg);
}

/**
 * A one-page A4 PDF with lines of text in Helvetica (a standard font: nothing embedded).
 * Text is kept to ASCII, which every standard font encodes.
 */
export function textPdf(lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = [
    'BT /F1 14 Tf 72 770 Td 20 TL',
    ...lines.map((line) => `(${escape(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [index, object] of objects.entries()) {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

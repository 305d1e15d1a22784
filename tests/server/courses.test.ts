import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COURSE_RULES,
  courseListSchema,
  courseSchema,
  type Course,
} from '../../src/api/contract.ts';
import { insertCourse } from '../../server/courses/store.ts';
import { openDatabase } from '../../server/db/database.ts';
import { anotherConnection, refuseInserts, testDatabase } from './support/test-database.ts';
import { SVG, corruptPng, imageFile, pdfFile, postForm, type FormValue } from './media-fixtures.ts';
import { ADMIN, EMPLOYEE, USER, login } from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';
import { mediaFilesIn, rowCount, uploadTempFilesIn } from './support/stored.ts';
import { useTempDir } from './support/temp-dir.ts';
import { COURSES_LIMIT_PATH, coursesLimitRoute } from '../../bench/support/courses-limit-server.ts';
import { createTestApp } from './support/test-app.ts';

const tempDir = useTempDir();
const DAY = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

const server = useServer({ seedAccounts: true, perFile: true });
const tokens: Record<'administrator' | 'employee' | 'user', string> = {
  administrator: '',
  employee: '',
  user: '',
};
let png: Buffer;
let pdf: Buffer;

beforeAll(async () => {
  tokens.administrator = (await login(server.app, ADMIN)).accessToken;
  tokens.employee = (await login(server.app, EMPLOYEE)).accessToken;
  tokens.user = (await login(server.app, USER)).accessToken;
  png = await imageFile('png', 1200, 800);
  pdf = await pdfFile();
}, 60_000);

const inDays = (days: number, hourUtc: number) => {
  const day = Math.floor((Date.now() + days * DAY) / DAY) * DAY;
  return new Date(day + hourUtc * 3_600_000).toISOString();
};

/** A form that passes every rule; tests change one thing at a time. */
function validForm(): Record<string, FormValue | undefined> {
  return {
    Title: 'Estetska stomatologija',
    Description: 'Kompozitne ljuskice i izbjeljivanje.',
    CountryIsoCode: 'HR',
    Lecturer: 'dr. Ana Anić',
    Location: 'Osijek',
    StartDate: inDays(10, 8),
    EndDate: inDays(10, 16),
    Price: '120.50',
    Image: { bytes: png, filename: 'naslovna.png', type: 'image/png' },
  };
}

/** `token` null: anonymous. */
const createCourse = (
  form: Record<string, FormValue | undefined>,
  token: string | null = tokens.administrator,
) => postForm(server.app, '/api/v1/courses', form, token);

const listCourses = (headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: '/api/v1/courses', headers });
const deleteCourse = (id: number | string, token: string | null = tokens.administrator) =>
  server.app.inject({
    method: 'DELETE',
    url: `/api/v1/courses/${id}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const mediaFiles = () => mediaFilesIn(server.dataDir);
const tempFiles = () => uploadTempFilesIn(server.dataDir);
const courseCount = () => rowCount(server.db, 'courses');

describe('GET /courses', () => {
  it('lists the demo courses publicly, newest first, in the shape of the contract', async () => {
    const response = await listCourses();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const courses = courseListSchema.parse(response.json());
    expect(courses.length).toBeGreaterThanOrEqual(4);
    const createdAt = courses.map((course) => course.createdAt);
    expect(createdAt).toEqual([...createdAt].sort().reverse());
    const demo = courses.slice(-4);
    expect(demo.some((course) => course.country.isoCode !== 'HR')).toBe(true);
    expect(demo.some((course) => course.price === 0)).toBe(true);
    expect(demo.some((course) => course.pdfPath !== null)).toBe(true);
    expect(
      demo.some((course) => course.startDate.slice(0, 10) === course.endDate.slice(0, 10)),
    ).toBe(true);
    for (const course of demo) expect(Date.parse(course.startDate)).toBeGreaterThan(Date.now());
  });

  it('serves every listed image and PDF', async () => {
    const courses = courseListSchema.parse((await listCourses()).json());
    for (const course of courses) {
      const urls = [course.imagePath, course.imageCardPath, course.pdfPath].filter(
        (url): url is string => url !== null,
      );
      for (const url of urls) {
        const response = await server.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
      }
    }
  });
});

describe('POST /courses', () => {
  it('creates a course as an administrator and answers it (201)', async () => {
    const response = await createCourse({
      ...validForm(),
      Lecturer: ' dr. Ana Anić ,prof. Ivo Ivić,, ',
      Pdf: { bytes: pdf, filename: 'program.pdf', type: 'application/pdf' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const course = courseSchema.parse(response.json());
    expect(course).toMatchObject({
      title: 'Estetska stomatologija',
      description: 'Kompozitne ljuskice i izbjeljivanje.',
      lecturer: 'dr. Ana Anić, prof. Ivo Ivić',
      location: 'Osijek',
      price: 120.5,
      country: { isoCode: 'HR' },
      startDate: inDays(10, 8),
      endDate: inDays(10, 16),
    });
    expect(course.imagePath).toMatch(/^\/media\/courses\/[\w-]{22}\.webp$/);
    expect(course.imageCardPath).toMatch(/^\/media\/courses\/[\w-]{22}-card\.webp$/);
    expect(course.pdfPath).toMatch(/^\/media\/courses\/[\w-]{22}\.pdf$/);
    const served = await server.app.inject({ method: 'GET', url: course.pdfPath ?? '' });
    expect(served.rawPayload.equals(pdf)).toBe(true);

    const [first] = courseListSchema.parse((await listCourses()).json());
    expect(first).toEqual(course);
    expect(tempFiles()).toEqual([]);
  });

  it.each([
    ['', null],
    ['0', 0],
    ['0.1', 0.1],
    ['12.5', 12.5],
    ['1999.99', 1999.99],
    ['1000000', 1_000_000],
  ])('stores the price %j as %j (integer cents, no float error)', async (price, expected) => {
    const response = await createCourse({ ...validForm(), Price: price });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Course>().price).toBe(expected);
  });

  it('takes HR when no country is sent, and any offered country in any case', async () => {
    const noCountry = await createCourse({ ...validForm(), CountryIsoCode: undefined });
    expect(noCountry.json<Course>().country).toEqual({ isoCode: 'HR' });
    const abroad = await createCourse({ ...validForm(), CountryIsoCode: 'si' });
    expect(abroad.json<Course>().country).toEqual({ isoCode: 'SI' });
  });

  it('accepts a start and an end with a time-zone offset, stored as UTC', async () => {
    const response = await createCourse({
      ...validForm(),
      StartDate: '2031-06-01T09:00:00+02:00',
      EndDate: '2031-06-02T17:30:00+02:00',
    });
    expect(response.json<Course>()).toMatchObject({
      startDate: '2031-06-01T07:00:00.000Z',
      endDate: '2031-06-02T15:30:00.000Z',
    });
  });

  it('accepts a description of exactly the maximum length', async () => {
    const description = 'ž'.repeat(COURSE_RULES.descriptionMaxLength);
    const response = await createCourse({ ...validForm(), Description: description });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Course>().description).toBe(description);
  });
});

describe('POST /courses with bad input', () => {
  const required = [
    ['Title', 'Title must not be empty.'],
    ['Description', 'Description must not be empty.'],
    ['Lecturer', 'Lecturer must not be empty.'],
    ['Location', 'Location must not be empty.'],
    ['StartDate', 'Both StartDate and EndDate must be set.'],
    ['EndDate', 'Both StartDate and EndDate must be set.'],
    ['Image', 'Image is required.'],
  ] as const;

  it.each(required)('requires %s', async (field, message) => {
    const missing = await createCourse({ ...validForm(), [field]: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ errors: { [field]: [message] } });
    if (field !== 'Image') {
      const blank = await createCourse({ ...validForm(), [field]: '   ' });
      expect(blank.json()).toEqual({ errors: { [field]: [message] } });
    }
  });

  it('reports every broken rule at once', async () => {
    const response = await createCourse({ Price: '-1', CountryIsoCode: 'XX' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        Title: ['Title must not be empty.'],
        Description: ['Description must not be empty.'],
        Lecturer: ['Lecturer must not be empty.'],
        Location: ['Location must not be empty.'],
        CountryIsoCode: ["No courses are offered in the country 'XX'."],
        StartDate: ['Both StartDate and EndDate must be set.'],
        EndDate: ['Both StartDate and EndDate must be set.'],
        Price: ['Price must be a number from 0 to 1000000 with at most two decimals, or empty.'],
        Image: ['Image is required.'],
      },
    });
  });

  it.each([
    ['in the past', inDays(-1, 8), inDays(1, 8), 'The course must start in the future.'],
    [
      'identical to the end',
      inDays(5, 8),
      inDays(5, 8),
      'The start and the end of the course must differ; give the hours of a single-day course.',
    ],
    ['after the end', inDays(6, 8), inDays(5, 8), 'The course must start before it ends.'],
  ])('refuses a start %s', async (_case, start, end, message) => {
    const response = await createCourse({ ...validForm(), StartDate: start, EndDate: end });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { StartDate: [message] } });
  });

  it.each(['17. 05. 2030. 08:00', '2030-05-17', '2030-05-17T08:00:00', '2030-02-31T08:00:00Z'])(
    'refuses the date %j (not an ISO instant with a zone)',
    async (value) => {
      const response = await createCourse({ ...validForm(), EndDate: value });
      expect(response.json()).toEqual({
        errors: {
          EndDate: [
            'EndDate must be an ISO 8601 date and time with a time zone, e.g. 2030-05-17T08:00:00.000Z.',
          ],
        },
      });
    },
  );

  it.each(['-1', '-0.01', '12.345', 'abc', '12,50', '1e3', '1000000.01', 'NaN'])(
    'refuses the price %j',
    async (price) => {
      const response = await createCourse({ ...validForm(), Price: price });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: {
          Price: ['Price must be a number from 0 to 1000000 with at most two decimals, or empty.'],
        },
      });
    },
  );

  it('refuses a description over 10000 characters and overlong short fields', async () => {
    const response = await createCourse({
      ...validForm(),
      Description: 'a'.repeat(COURSE_RULES.descriptionMaxLength + 1),
      Title: 'T'.repeat(COURSE_RULES.titleMaxLength + 1),
    });
    expect(response.json()).toEqual({
      errors: {
        Title: ['Title must be at most 200 characters long.'],
        Description: ['Description must be at most 10000 characters long.'],
      },
    });
  });

  it('refuses a country courses are not offered in', async () => {
    const response = await createCourse({ ...validForm(), CountryIsoCode: 'JP' });
    expect(response.json()).toEqual({
      errors: { CountryIsoCode: ["No courses are offered in the country 'JP'."] },
    });
  });

  const NOT_AN_IMAGE = 'Image must be a JPEG, PNG, WebP, AVIF or HEIC image.';
  it.each([
    ['a PDF named .jpg as the image', 'Image', 'pdf', 'naslovna.jpg', 'image/jpeg', NOT_AN_IMAGE],
    [
      'a PNG named .pdf as the PDF',
      'Pdf',
      'png',
      'program.pdf',
      'application/pdf',
      'Pdf must be a PDF document.',
    ],
    ['an SVG image', 'Image', 'svg', 'naslovna.svg', 'image/svg+xml', NOT_AN_IMAGE],
    [
      'a corrupt image',
      'Image',
      'corrupt',
      'naslovna.png',
      'image/png',
      'Image is not a readable image.',
    ],
  ] as const)('refuses %s', async (_case, field, content, filename, type, message) => {
    const bytes = { pdf, png, svg: SVG, corrupt: await corruptPng() }[content];
    const response = await createCourse({ ...validForm(), [field]: { bytes, filename, type } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { [field]: [message] } });
  });

  it.each([
    ['Image', 10],
    ['Pdf', 20],
  ] as const)('refuses an oversized %s (over %i MB) with 413', async (field, capMb) => {
    const head = field === 'Image' ? png : pdf;
    const bytes = Buffer.concat([head, Buffer.alloc(capMb * MB + 1 - head.length)]);
    const response = await createCourse({ ...validForm(), [field]: { bytes, filename: 'x' } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      errors: [`The file in ${field} is larger than ${capMb} MB.`],
    });
  });

  it('leaves no file and no row behind, whatever failed', async () => {
    const filesBefore = mediaFiles();
    const countBefore = await courseCount();
    const failures = [
      { ...validForm(), Title: '' },
      { ...validForm(), Image: { bytes: await corruptPng(), filename: 'a.png' } },
      { ...validForm(), Pdf: { bytes: png, filename: 'a.pdf' } },
      {
        ...validForm(),
        Pdf: { bytes: Buffer.concat([pdf, Buffer.alloc(20 * MB)]), filename: 'p' },
      },
    ];
    for (const form of failures) {
      const response = await createCourse(form);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(mediaFiles()).toEqual(filesBefore);
    expect(tempFiles()).toEqual([]);
    expect(await courseCount()).toBe(countBefore);
  });

  it('takes the stored files back when the row cannot be written', async () => {
    const filesBefore = mediaFiles();
    // A trigger makes the insert fail after the image and the PDF have been stored.
    const allowInserts = await refuseInserts(server.db, 'courses');
    try {
      const response = await createCourse({
        ...validForm(),
        Pdf: { bytes: pdf, filename: 'program.pdf' },
      });
      expect(response.statusCode).toBe(500);
      expect(mediaFiles()).toEqual(filesBefore);
      expect(tempFiles()).toEqual([]);
    } finally {
      await allowInserts();
    }
  });
});

describe('who may create and delete', () => {
  it.each([
    ['anonymous', undefined, 401],
    ['user', 'user', 403],
    ['employee', 'employee', 403],
  ] as const)('refuses %s (%s) to create or delete', async (_who, role, status) => {
    const token = role ? tokens[role] : null;
    const countBefore = await courseCount();
    const create = await createCourse(validForm(), token);
    expect(create.statusCode).toBe(status);
    expect(create.json()).toEqual({
      errors: [status === 401 ? 'Authentication is required.' : 'You are not allowed to do this.'],
    });
    const [course] = courseListSchema.parse((await listCourses()).json());
    const remove = await deleteCourse(course?.id ?? 1, token);
    expect(remove.statusCode).toBe(status);
    expect(await courseCount()).toBe(countBefore);
    expect(tempFiles()).toEqual([]);
  });

  it('lets anyone read the list', async () => {
    expect((await listCourses()).statusCode).toBe(200);
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: '/api/v1/courses',
          headers: { authorization: `Bearer ${tokens.user}` },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('DELETE /courses/{id}', () => {
  it('deletes the row and its files, image sizes and PDF', async () => {
    const created = await createCourse({
      ...validForm(),
      Pdf: { bytes: pdf, filename: 'program.pdf' },
    });
    const course = courseSchema.parse(created.json());
    const urls = [course.imagePath, course.imageCardPath, course.pdfPath ?? ''];
    const files = urls.map((url) => url.replace('/media/', ''));
    expect(mediaFiles()).toEqual(expect.arrayContaining(files));

    const response = await deleteCourse(course.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const listed = courseListSchema.parse((await listCourses()).json());
    expect(listed.map((c) => c.id)).not.toContain(course.id);
    for (const file of files) expect(mediaFiles()).not.toContain(file);
    for (const url of urls) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    const unknown = await deleteCourse(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: ['Course not found.'] });
    const bad = await deleteCourse('abc');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ errors: object }>().errors)).toEqual(['id']);
  });
});

describe('the cached list', () => {
  it('answers with a strong ETag, no-cache, and 304 to a matching If-None-Match', async () => {
    const first = await listCourses();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/accept-encoding/i);

    const again = await listCourses({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');

    const weak = await listCourses({ 'if-none-match': `"other", W/${etag}` });
    expect(weak.statusCode).toBe(304);
    const other = await listCourses({ 'if-none-match': '"other"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('changes after every create and delete, never answering stale data', async () => {
    const before = await listCourses();
    const created = await createCourse(validForm());
    const course = created.json<Course>();

    const afterCreate = await listCourses({ 'if-none-match': before.headers.etag as string });
    expect(afterCreate.statusCode).toBe(200);
    expect(afterCreate.headers.etag).not.toBe(before.headers.etag);
    expect(afterCreate.json<Course[]>()[0]?.id).toBe(course.id);

    await deleteCourse(course.id);
    const afterDelete = await listCourses({
      'if-none-match': afterCreate.headers.etag as string,
    });
    expect(afterDelete.statusCode).toBe(200);
    expect(afterDelete.json<Course[]>().map((c) => c.id)).not.toContain(course.id);
    // Same rows, same bytes, same tag: processes agree without talking to each other.
    expect(afterDelete.headers.etag).toBe(before.headers.etag);
  });

  it('sees a write made by another process through the same database', async () => {
    const before = await listCourses();
    const otherProcess = openDatabase(await testDatabase(server.dataDir));
    try {
      const template = await otherProcess
        .selectFrom('courses')
        .selectAll()
        .limit(1)
        .executeTakeFirstOrThrow();
      await insertCourse(otherProcess, {
        ...template,
        id: undefined,
        title: 'Upisano iz drugog procesa',
        created_at: new Date(Date.now() + DAY).toISOString(),
      });
    } finally {
      await otherProcess.destroy();
    }
    const after = await listCourses({ 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json<Course[]>()[0]?.title).toBe('Upisano iz drugog procesa');
    await deleteCourse(after.json<Course[]>()[0]?.id ?? 0);
  });

  it('sees a write committed by another connection between two requests', async () => {
    const otherProcess = await anotherConnection(server.dataDir);
    try {
      const before = listCourses();
      // Committed between two requests (on SQLite synchronously), as another process would.
      await otherProcess.run(`
        begin;
        insert into courses (title, description, lecturer, location, country_iso_code,
          start_date, end_date, price_cents, image_key, image_card_key, pdf_key, created_at)
        select 'Između dva zahtjeva', description, lecturer, location, country_iso_code,
          start_date, end_date, price_cents, image_key, image_card_key, pdf_key,
          '2999-01-01T00:00:00.000Z'
        from courses limit 1;
        update content_versions set version = version + 1 where name = 'courses';
        commit;
      `);
      const after = await listCourses();
      await before;
      const [newest] = courseListSchema.parse(after.json());
      expect(newest?.title).toBe('Između dva zahtjeva');
      await otherProcess.run(`
        begin;
        delete from courses where title = 'Između dva zahtjeva';
        update content_versions set version = version + 1 where name = 'courses';
        commit;
      `);
    } finally {
      await otherProcess.close();
    }
  });

  it('sends prepared brotli and gzip copies with their own tags', async () => {
    const plain = await listCourses();
    const brotli = await listCourses({ 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-br"`);
    const gzip = await listCourses({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const refused = await listCourses({ 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();

    const revalidated = await listCourses({
      'accept-encoding': 'br',
      'if-none-match': brotli.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('has no bench route in the production server', async () => {
    const response = await server.app.inject({ method: 'GET', url: COURSES_LIMIT_PATH });
    expect(response.statusCode).toBe(404);
  });

  it("bench:courses's own server answers the list's bytes and tag from memory", async () => {
    const bench = await createTestApp(tempDir());
    try {
      await bench.app.register(coursesLimitRoute(bench.app));
      const list = await bench.app.inject({ method: 'GET', url: '/api/v1/courses' });
      const limit = await bench.app.inject({ method: 'GET', url: COURSES_LIMIT_PATH });
      expect(limit.statusCode).toBe(200);
      expect(limit.body).toBe(list.body);
      expect(limit.headers.etag).toBe(list.headers.etag);
      const revalidated = await bench.app.inject({
        method: 'GET',
        url: COURSES_LIMIT_PATH,
        headers: { 'if-none-match': list.headers.etag as string },
      });
      expect(revalidated.statusCode).toBe(304);
    } finally {
      await bench.close();
    }
  });
});

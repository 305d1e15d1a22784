/**
 * One rule for every free-text field of every route (issue 25 point 4, src/api/text.ts): controls,
 * format characters (bidi overrides, zero-width marks) and lone surrogates are never stored, a
 * text of only those is empty and gets its field's "must not be empty", descriptions keep their
 * line breaks, and lengths are measured on the cleaned text. The same rule is fuzzed over every
 * text field in contract-fuzz.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COURSE_RULES,
  courseSchema,
  educationSchema,
  partnerSchema,
  productSchema,
} from '../../src/api/contract.ts';
import { SERVER_MESSAGES } from '../../src/api/serverMessages.ts';
import { imageFile, postForm, type FormValue } from './media-fixtures.ts';
import { ADMIN, login } from './support/accounts.ts';
import {
  campaignIdByName,
  newsletterRequest,
  postImageForm,
  postNewsletter,
  uploadNewsletterImage,
} from './support/newsletters.ts';
import { useServer } from './support/server-fixture.ts';
import { FREE_TEXT_COLUMNS, OTHER_TEXT_COLUMNS } from './support/free-text-columns.ts';

const DAY = 24 * 60 * 60 * 1000;
const server = useServer({ seedAccounts: true, perFile: true });
let token: string;
let png: Buffer;

beforeAll(async () => {
  token = (await login(server.app, ADMIN)).accessToken;
  png = await imageFile('png', 640, 360);
}, 60_000);

const image = () => ({ bytes: png, filename: 'slika.png', type: 'image/png' });
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function courseForm(overrides: Record<string, FormValue | undefined> = {}) {
  return {
    Title: 'Estetska stomatologija',
    Description: 'Kompozitne ljuskice i izbjeljivanje.',
    CountryIsoCode: 'HR',
    Lecturer: 'dr. Ana Anić',
    Location: 'Osijek',
    StartDate: inDays(10),
    EndDate: inDays(11),
    Price: '',
    Image: image(),
    ...overrides,
  };
}
const createCourse = (overrides: Record<string, FormValue | undefined>) =>
  postForm(server.app, '/api/v1/courses', courseForm(overrides), token);

async function partnerId() {
  const partners = await server.app.inject({ method: 'GET', url: '/api/v1/partners' });
  return partners.json<{ id: number }[]>()[0]?.id ?? 0;
}
const educationForm = async (overrides: Record<string, FormValue | undefined> = {}) => ({
  Title: 'Minimalno invazivna endodoncija',
  Description: 'Predavanje o očuvanju zubnog tkiva.',
  Lecturer: 'dr. Ana Anić',
  CountryIsoCode: 'HR',
  PartnerId: String(await partnerId()),
  VideoUrl: 'https://youtu.be/dQw4w9WgXcQ',
  ...overrides,
});
const createEducation = async (overrides: Record<string, FormValue | undefined>) =>
  postForm(server.app, '/api/v1/educations', await educationForm(overrides), token);
const patchEducation = (id: number, patch: object) =>
  server.app.inject({
    method: 'PATCH',
    url: `/api/v1/educations/${id}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/merge-patch+json' },
    payload: JSON.stringify(patch),
  });

describe('course texts (POST /courses)', () => {
  it('stores a title without its NUL and its right-to-left override', async () => {
    const response = await createCourse({ Title: 'Ab\u0000cd \u202eevil\u202c tečaj' });
    expect(response.statusCode, response.body).toBe(201);
    expect(courseSchema.parse(response.json()).title).toBe('Abcd evil tečaj');
  });

  it('refuses a lecturer of zero-width spaces with the required message', async () => {
    const response = await createCourse({ Lecturer: '\u200b\u200b\u200b' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { Lecturer: [SERVER_MESSAGES.required('Lecturer')] },
    });
  });

  it('refuses a location that is only invisible, and a list of lecturers that hides one', async () => {
    const response = await createCourse({
      Location: '\u2066\u2069\ufeff',
      Lecturer: 'dr. Ana Anić, \u200b, prof. Ivo\u00ad Ivić',
    });
    expect(response.json()).toEqual({
      errors: { Location: [SERVER_MESSAGES.required('Location')] },
    });
    const created = await createCourse({ Lecturer: 'dr. Ana Anić, \u200b, prof. Ivo\u00ad Ivić' });
    expect(created.json<{ lecturer: string }>().lecturer).toBe('dr. Ana Anić, prof. Ivo Ivić');
  });

  it('keeps the line breaks of a description and strips everything else invisible', async () => {
    const response = await createCourse({
      Description: 'Prvi\u0007 dan:\r\n\r\n\u202eteorija\u202c\tI vježbe 👩‍⚕️\u2028Drugi dan',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(courseSchema.parse(response.json()).description).toBe(
      'Prvi dan:\n\nteorija I vježbe 👩‍⚕️\nDrugi dan',
    );
  });

  it('measures the description as stored: 10000 characters pass with invisible ones around, 10001 do not', async () => {
    const max = COURSE_RULES.descriptionMaxLength;
    const padded = `\u200b${'x'.repeat(max)}\u202e\u0000`;
    const accepted = await createCourse({ Description: padded });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(courseSchema.parse(accepted.json()).description).toHaveLength(max);
    const refused = await createCourse({ Description: 'x'.repeat(max + 1) });
    expect(refused.json()).toEqual({
      errors: { Description: [SERVER_MESSAGES.tooLong('Description', max)] },
    });
  });
});

describe('education texts (POST and PATCH /educations)', () => {
  it('refuses an invisible lecturer and stores a title without its NUL', async () => {
    const invisible = await createEducation({ Lecturer: '\u200b\u200b\u200b' });
    expect(invisible.json()).toEqual({
      errors: { Lecturer: [SERVER_MESSAGES.required('Lecturer')] },
    });
    const created = await createEducation({
      Title: 'Endo\u0000doncija\u202e',
      SubtitleLanguage: '\u200b',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(educationSchema.parse(created.json())).toMatchObject({
      title: 'Endodoncija',
      subtitleLanguage: null,
    });
  });

  it('cleans a PATCH: a NUL and a lone surrogate are not stored, an invisible-only lecturer is empty', async () => {
    const created = educationSchema.parse((await createEducation({})).json());
    const patched = await patchEducation(created.id, {
      lecturer: 'a\u0000b',
      title: 'Naslov \ud800obnovljen',
      description: 'Prvi red\r\n\u202eDrugi red\udfff',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(educationSchema.parse(patched.json())).toMatchObject({
      lecturer: 'ab',
      title: 'Naslov obnovljen',
      description: 'Prvi red\nDrugi red',
    });
    const invisible = await patchEducation(created.id, { lecturer: '\u200b\u200b\u200b' });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json()).toEqual({ errors: { lecturer: ['lecturer must not be empty.'] } });
    const tooShort = await patchEducation(created.id, { title: 'a\u200bb\u0000' });
    expect(tooShort.json()).toEqual({
      errors: { title: ['title must be at least 3 characters long.'] },
    });
  });
});

describe('the other forms', () => {
  it('stores a product description without controls, a partner name without format characters', async () => {
    const product = await postForm(
      server.app,
      '/api/v1/products',
      { Name: 'Kofer\u200bdam', Description: 'Opis\u0000\n\u202eproizvoda', Image: image() },
      token,
    );
    expect(product.statusCode, product.body).toBe(201);
    expect(productSchema.parse(product.json()).name).toBe('Koferdam');
    const stored = await server.db
      .selectFrom('products')
      .select('description')
      .where('id', '=', product.json<{ id: number }>().id)
      .executeTakeFirstOrThrow();
    expect(stored.description).toBe('Opis\nproizvoda');
    const partner = await postForm(
      server.app,
      '/api/v1/partners',
      { Name: '\u2067Dental\u2069 d.o.o.', WebsiteUrl: 'https://dental.example', Logo: image() },
      token,
    );
    expect(partnerSchema.parse(partner.json()).name).toBe('Dental d.o.o.');
  });

  it('cleans a newsletter (subject, name and product titles on one line, the body on several) and its image title', async () => {
    const invisibleTitle = await postImageForm(server.app, token, {
      ProductTitle: '\u200b\u202e',
      ProductImage: image(),
    });
    expect(invisibleTitle.json()).toEqual({
      errors: { ProductTitle: [SERVER_MESSAGES.required('ProductTitle')] },
    });
    const { productImageUrl } = await uploadNewsletterImage(server.app, token, 'Kompozit\u0000 A2');
    const request = newsletterRequest(
      await campaignIdByName(server.app, 'Catalogs'),
      [productImageUrl],
      new Date(),
    );
    const response = await postNewsletter(server.app, token, {
      ...request,
      subject: `${request.subject}\u202e\r\nBcc: x@example.com`,
      singleValues: { name: 'Ponuda\u200b', body: 'Poštovani,\u0007\n\n\u202eizdvajamo ponudu.' },
      listValues: request.listValues.map((product) => ({ ...product, title: 'A\u0000B' })),
    });
    expect(response.statusCode, response.body).toBe(201);
    const stored = await server.db
      .selectFrom('newsletters')
      .selectAll()
      .where('id', '=', response.json<{ id: number }>().id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      subject: `${request.subject} Bcc: x@example.com`,
      heading: 'Ponuda',
      body: 'Poštovani,\n\nizdvajamo ponudu.',
    });
    const products = await server.db
      .selectFrom('newsletter_products')
      .select('title')
      .where('newsletter_id', '=', stored.id)
      .execute();
    expect(products).toEqual([{ title: 'AB' }]);
    const invisible = await postNewsletter(server.app, token, {
      ...newsletterRequest(
        await campaignIdByName(server.app, 'Catalogs'),
        [productImageUrl],
        new Date(),
      ),
      singleValues: { name: '\u200b', body: '\u202e\n\u0000' },
    });
    expect(invisible.json()).toEqual({
      errors: {
        'singleValues.name': [SERVER_MESSAGES.required('name')],
        'singleValues.body': [SERVER_MESSAGES.required('body')],
      },
    });
  });
});

describe('the page a subscription was made on', () => {
  it.each(['/tecajevi\u202e', '/\u0000', '/a\u200bb'])(
    'refuses %j: no invisible character in a path kept as consent evidence',
    async (sourcePage) => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/campaigns/subscriptions',
        payload: {
          email: 'pretplatnik@example.com',
          campaignId: 1,
          recaptchaToken: 'token',
          sourcePage,
        },
      });
      expect(response.json()).toEqual({
        errors: { sourcePage: ['sourcePage must be a path of this site.'] },
      });
    },
  );
});

describe('the stored texts the contract fuzzing checks', () => {
  it('names every text column of the schema as free text or as something else', async () => {
    const tables = (await server.db.introspection.getTables()).filter((table) => !table.isView);
    const columns = (filter: (dataType: string) => boolean) =>
      tables.flatMap((table) =>
        table.columns
          .filter((column) => filter(column.dataType))
          .map((column) => `${table.name}.${column.name}`),
      );
    const freeText = Object.entries(FREE_TEXT_COLUMNS).flatMap(([table, names]) =>
      Object.keys(names).map((column) => `${table}.${column}`),
    );
    const other = Object.entries(OTHER_TEXT_COLUMNS).flatMap(([table, names]) =>
      names.map((column) => `${table}.${column}`),
    );
    const textColumns = columns((dataType) => /text|char/i.test(dataType));
    expect(textColumns.filter((column) => ![...freeText, ...other].includes(column))).toEqual([]);
    expect(freeText.filter((column) => !textColumns.includes(column))).toEqual([]);
    const allColumns = columns(() => true);
    expect(other.filter((column) => !allColumns.includes(column))).toEqual([]);
  });
});

/**
 * Staff run the home-page product strip (issue 11; SPEC 3 "Product", 7, 8): `POST /products`
 * (multipart, the image through the media module), `PATCH /products/{id}` (merge patch only, the
 * highlight and visibility rules) and `DELETE /products/{id}` (the row and its uploaded files,
 * never a bundled picture); employees and administrators only.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { productSchema, type Product, type ProductPage } from '../../src/api/contract.ts';
import { referencedMediaKeys } from '../../server/media-references.ts';
import { MEDIA_FOLDER, UPLOAD_TEMP_FOLDER } from '../../server/media/store.ts';
import {
  SVG,
  corruptPng,
  filesUnder,
  imageFile,
  jpegWithExif,
  multipart,
  pdfFile,
  type FormValue,
} from './media-fixtures.ts';
import { ADMIN, EMPLOYEE, USER, login } from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';
import { PROJECT_ROOT } from './support/server-process.ts';

const MB = 1024 * 1024;
const MERGE_PATCH = 'application/merge-patch+json';

const server = useServer({ seedAccounts: true, perFile: true });
const tokens = { administrator: '', employee: '', user: '' };
let jpeg: Buffer;

beforeAll(async () => {
  tokens.administrator = (await login(server.app, ADMIN)).accessToken;
  tokens.employee = (await login(server.app, EMPLOYEE)).accessToken;
  tokens.user = (await login(server.app, USER)).accessToken;
  jpeg = await imageFile('jpeg', 1200, 900);
}, 60_000);

const bearer = (token: string | null): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/** A form as the strip sends it; tests change one thing at a time. */
function validForm(name = 'Kofferdam set'): Record<string, FormValue | undefined> {
  return {
    Name: name,
    Description: '',
    Image: { bytes: jpeg, filename: 'kofferdam.jpg', type: 'image/jpeg' },
    IsShownOnHomepage: 'true',
    IsHighlighted: 'false',
  };
}

async function createProduct(
  form: Record<string, FormValue | undefined>,
  token: string | null = tokens.employee,
) {
  const fields = Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, FormValue] => entry[1] !== undefined),
  );
  const body = await multipart(fields);
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/products',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

async function newProduct(form = validForm()): Promise<Product> {
  const response = await createProduct(form);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

function patchProduct(
  id: number | string,
  body: unknown,
  { token = tokens.employee, type = MERGE_PATCH }: { token?: string | null; type?: string } = {},
) {
  return server.app.inject({
    method: 'PATCH',
    url: `/api/v1/products/${id}`,
    headers: { 'content-type': type, ...bearer(token) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const deleteProduct = (id: number | string, token: string | null = tokens.employee) =>
  server.app.inject({ method: 'DELETE', url: `/api/v1/products/${id}`, headers: bearer(token) });

/** Every product, as staff see them (hidden ones too). */
async function allProducts(token: string | null = tokens.employee): Promise<Product[]> {
  const response = await server.app.inject({
    url: '/api/v1/products?pageSize=100',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ProductPage>().items;
}

const mediaFiles = () => filesUnder(path.join(server.dataDir, MEDIA_FOLDER));
const tempFiles = () => filesUnder(path.join(server.dataDir, UPLOAD_TEMP_FOLDER));
const productCount = async () => (await allProducts()).length;
const fileOfUrl = (url: string) => path.join(server.dataDir, url.replace(/^\/media\//, 'media/'));

describe('POST /products', () => {
  it('stores the product with its image re-encoded as WebP, first in the list for everyone', async () => {
    const product = await newProduct(validForm('Kofferdam set'));
    expect(productSchema.parse(product)).toEqual({
      id: expect.any(Number),
      name: 'Kofferdam set',
      imageUrl: expect.stringMatching(/^\/media\/products\/[\w-]{22}-card\.webp$/),
      isShownOnHomepage: true,
      isHighlighted: false,
    });
    expect((await allProducts(null))[0]).toEqual(product);
    const image = await server.app.inject({ url: product.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(tempFiles()).toEqual([]);
  });

  it('strips the metadata of the photo (re-encoded, not stored as sent)', async () => {
    const product = await newProduct({
      ...validForm('Retraktor obraza'),
      Image: { bytes: await jpegWithExif(), filename: 'foto.jpg', type: 'image/jpeg' },
    });
    const image = await server.app.inject({ url: product.imageUrl });
    expect(image.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('stores the flags as sent: hidden, or shown and highlighted; absent means shown', async () => {
    const hidden = await newProduct({ ...validForm('Skriveni'), IsShownOnHomepage: 'false' });
    expect(hidden).toMatchObject({ isShownOnHomepage: false, isHighlighted: false });
    const highlighted = await newProduct({ ...validForm('Istaknuti'), IsHighlighted: 'true' });
    expect(highlighted).toMatchObject({ isShownOnHomepage: true, isHighlighted: true });
    const defaults = await newProduct({
      ...validForm('Zadani'),
      IsShownOnHomepage: undefined,
      IsHighlighted: undefined,
    });
    expect(defaults).toMatchObject({ isShownOnHomepage: true, isHighlighted: false });
    expect((await allProducts(null)).map((product) => product.id)).not.toContain(hidden.id);
  });

  it('refuses a missing name and a missing image, on those fields, storing nothing', async () => {
    const [count, files] = [await productCount(), mediaFiles()];
    const response = await createProduct({ ...validForm(), Name: '   ', Image: undefined });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { Name: ['Name must not be empty.'], Image: ['Image is required.'] },
    });
    expect(await productCount()).toBe(count);
    expect(mediaFiles()).toEqual(files);
  });

  it('stores a name without invisible characters; one made only of them is missing', async () => {
    const created = await createProduct(validForm('Kofer\u200bdam\u0000 \u202eset'));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Koferdam set' });
    const invisible = await createProduct(validForm('\u0000\u200b\u202e'));
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json()).toEqual({ errors: { Name: ['Name must not be empty.'] } });
  });

  it('takes a name of 200 characters and refuses 201', async () => {
    expect((await createProduct(validForm('N'.repeat(200)))).statusCode).toBe(201);
    const response = await createProduct(validForm('N'.repeat(201)));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { Name: ['Name must be at most 200 characters long.'] },
    });
  });

  it('refuses a description over 2000 characters and flags that are not true or false', async () => {
    const response = await createProduct({
      ...validForm(),
      Description: 'd'.repeat(2001),
      IsShownOnHomepage: 'da',
      IsHighlighted: '1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        Description: ['Description must be at most 2000 characters long.'],
        IsShownOnHomepage: ['IsShownOnHomepage must be true or false.'],
        IsHighlighted: ['IsHighlighted must be true or false.'],
      },
    });
  });

  it('refuses a highlighted product that is not shown on the home page', async () => {
    const response = await createProduct({
      ...validForm(),
      IsShownOnHomepage: 'false',
      IsHighlighted: 'true',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['IsHighlighted']);
  });

  describe('decides the image by its bytes, and a refused one leaves no file and no row', () => {
    const refused = async (image: FormValue, status: number, message: RegExp) => {
      const [count, files] = [await productCount(), mediaFiles()];
      const response = await createProduct({ ...validForm(), Image: image });
      expect(response.statusCode, response.body).toBe(status);
      expect(JSON.stringify(response.json())).toMatch(message);
      expect(await productCount()).toBe(count);
      expect(mediaFiles()).toEqual(files);
      expect(tempFiles()).toEqual([]);
    };

    it('a PDF named .png', async () => {
      await refused(
        { bytes: await pdfFile(), filename: 'slika.png', type: 'image/png' },
        400,
        /Image must be a JPEG, PNG, WebP, AVIF or HEIC image/,
      );
    });

    it('an SVG', async () => {
      await refused(
        { bytes: SVG, filename: 'logo.svg', type: 'image/svg+xml' },
        400,
        /Image must be a JPEG, PNG, WebP, AVIF or HEIC image/,
      );
    });

    it('a PNG whose pixels are garbage', async () => {
      await refused(
        { bytes: await corruptPng(), filename: 'slika.png', type: 'image/png' },
        400,
        /Image is not a readable image/,
      );
    });

    it('1 byte over the 10 MB cap (and the cap itself passes the size check)', async () => {
      const padded = (size: number) => {
        const bytes = Buffer.alloc(size);
        jpeg.copy(bytes);
        return bytes;
      };
      await refused(
        { bytes: padded(10 * MB + 1), filename: 'velika.jpg', type: 'image/jpeg' },
        413,
        /The file in Image is larger than 10 MB/,
      );
      // Exactly at the cap the file is received; JPEG decoders ignore what follows the image.
      const atCap = await createProduct({
        ...validForm('Točno 10 MB'),
        Image: { bytes: padded(10 * MB), filename: 'velika.jpg', type: 'image/jpeg' },
      });
      expect(atCap.statusCode, atCap.body).toBe(201);
    });
  });

  it('is for staff: anonymous 401, a plain user 403, nothing stored', async () => {
    const count = await productCount();
    expect((await createProduct(validForm(), null)).statusCode).toBe(401);
    expect((await createProduct(validForm(), tokens.user)).statusCode).toBe(403);
    expect(
      (await createProduct(validForm('Od administratora'), tokens.administrator)).statusCode,
    ).toBe(201);
    expect(await productCount()).toBe(count + 1);
  });

  it('refuses a body that is not multipart with a 415', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: { 'content-type': 'application/json', ...bearer(tokens.employee) },
      payload: JSON.stringify({ Name: 'JSON' }),
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('PATCH /products/{id}', () => {
  it('hides and shows a product; the answer is the product as stored', async () => {
    const product = await newProduct(validForm('Svjetlo za polimerizaciju'));
    const hidden = await patchProduct(product.id, { isShownOnHomepage: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ ...product, isShownOnHomepage: false });
    expect((await allProducts(null)).map((item) => item.id)).not.toContain(product.id);
    const shown = await patchProduct(product.id, { isShownOnHomepage: true });
    expect(shown.json()).toEqual(product);
    expect((await allProducts(null)).map((item) => item.id)).toContain(product.id);
  });

  it('highlights a shown product; hiding it clears the highlight in the same write', async () => {
    const product = await newProduct(validForm('Ultrazvučni skaler'));
    expect((await patchProduct(product.id, { isHighlighted: true })).json()).toMatchObject({
      isShownOnHomepage: true,
      isHighlighted: true,
    });
    expect((await patchProduct(product.id, { isShownOnHomepage: false })).json()).toMatchObject({
      isShownOnHomepage: false,
      isHighlighted: false,
    });
    // Shown again, it is not highlighted again: the highlight is gone, not remembered.
    expect((await patchProduct(product.id, { isShownOnHomepage: true })).json()).toMatchObject({
      isShownOnHomepage: true,
      isHighlighted: false,
    });
  });

  it('refuses to highlight a hidden product (400 on isHighlighted), changing nothing', async () => {
    const product = await newProduct({
      ...validForm('Skriveni proizvod'),
      IsShownOnHomepage: 'false',
    });
    const response = await patchProduct(product.id, { isHighlighted: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        isHighlighted: [
          'Only a product shown on the home page can be highlighted; show it first (isShownOnHomepage).',
        ],
      },
    });
    const both = await patchProduct(product.id, { isShownOnHomepage: false, isHighlighted: true });
    expect(both.statusCode).toBe(400);
    const stored = (await allProducts()).find((item) => item.id === product.id);
    expect(stored).toEqual(product);
  });

  it('shows and highlights in one patch', async () => {
    const product = await newProduct({ ...validForm('Matrica'), IsShownOnHomepage: 'false' });
    const response = await patchProduct(product.id, {
      isShownOnHomepage: true,
      isHighlighted: true,
    });
    expect(response.json()).toMatchObject({ isShownOnHomepage: true, isHighlighted: true });
  });

  it('takes merge-patch JSON only: plain JSON, text or no type is a 415', async () => {
    const product = await newProduct(validForm('Kolčići'));
    for (const type of ['application/json', 'text/plain']) {
      const response = await patchProduct(product.id, { isShownOnHomepage: false }, { type });
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual({
        errors: ['The request must be application/merge-patch+json.'],
      });
    }
    expect((await patchProduct(product.id, {}, { type: 'application/xml' })).statusCode).toBe(415);
    const charset = await patchProduct(
      product.id,
      { isHighlighted: true },
      { type: `${MERGE_PATCH}; charset=utf-8` },
    );
    expect(charset.statusCode).toBe(200);
  });

  it('refuses an unknown field, a non-boolean, null, an empty patch and broken JSON with a 400', async () => {
    const product = await newProduct(validForm('Sonda'));
    for (const body of [
      { isShownOnHomepage: true, price: 3 },
      { isShownOnHomepage: 'true' },
      { isHighlighted: 1 },
      { isHighlighted: null },
      {},
      [],
      '{"isShownOnHomepage": tru',
      '',
    ]) {
      const response = await patchProduct(product.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ errors: unknown }>().errors).toBeDefined();
    }
    expect((await allProducts()).find((item) => item.id === product.id)).toEqual(product);
  });

  it('an unknown id is a 404; an id that is not a number a 400', async () => {
    expect((await patchProduct(999_999, { isShownOnHomepage: false })).statusCode).toBe(404);
    expect((await patchProduct('abc', { isShownOnHomepage: false })).statusCode).toBe(400);
  });

  it('is for staff: anonymous 401, a plain user 403, before the body is even looked at', async () => {
    const product = await newProduct(validForm('Zaštićeni'));
    expect(
      (await patchProduct(product.id, { isHighlighted: true }, { token: null })).statusCode,
    ).toBe(401);
    const asUser = await patchProduct(product.id, { isHighlighted: true }, { token: tokens.user });
    expect(asUser.statusCode).toBe(403);
    const plainJson = await patchProduct(product.id, {}, { token: null, type: 'application/json' });
    expect(plainJson.statusCode).toBe(401);
    expect((await allProducts()).find((item) => item.id === product.id)).toEqual(product);
  });
});

describe('the home page shows what the strip says', () => {
  it('the public list is never stored by a browser or proxy, and follows every write at once', async () => {
    const product = await newProduct(validForm('Svježi proizvod'));
    const publicList = () => server.app.inject({ url: '/api/v1/products?pageSize=100' });
    const before = await publicList();
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.headers.etag).toBeUndefined();
    await patchProduct(product.id, { isHighlighted: true });
    const highlighted = (await publicList())
      .json<ProductPage>()
      .items.find((item) => item.id === product.id);
    expect(highlighted?.isHighlighted).toBe(true);
    await patchProduct(product.id, { isShownOnHomepage: false });
    expect((await publicList()).json<ProductPage>().items.map((item) => item.id)).not.toContain(
      product.id,
    );
  });
});

describe('DELETE /products/{id}', () => {
  it('removes the row and its uploaded files', async () => {
    const product = await newProduct(validForm('Za brisanje'));
    const card = fileOfUrl(product.imageUrl);
    const full = card.replace(/-card\.webp$/, '.webp');
    expect(existsSync(card) && existsSync(full)).toBe(true);
    const response = await deleteProduct(product.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await allProducts()).map((item) => item.id)).not.toContain(product.id);
    expect(existsSync(card) || existsSync(full)).toBe(false);
    expect((await server.app.inject({ url: product.imageUrl })).statusCode).toBe(404);
    expect((await deleteProduct(product.id)).statusCode).toBe(404);
  });

  it('never touches a bundled demo picture', async () => {
    const demo = (await allProducts()).find((item) => item.imageUrl.startsWith('/images/'));
    if (demo === undefined) throw new Error('the demo seed has products with bundled pictures');
    const files = mediaFiles();
    expect((await deleteProduct(demo.id, tokens.administrator)).statusCode).toBe(204);
    expect(existsSync(path.join(PROJECT_ROOT, 'public', demo.imageUrl))).toBe(true);
    expect(mediaFiles()).toEqual(files);
  });

  it('is for staff: anonymous 401, a plain user 403; a bad id 400, an unknown one 404', async () => {
    const product = await newProduct(validForm('Ostaje'));
    expect((await deleteProduct(product.id, null)).statusCode).toBe(401);
    expect((await deleteProduct(product.id, tokens.user)).statusCode).toBe(403);
    expect((await allProducts()).map((item) => item.id)).toContain(product.id);
    expect((await deleteProduct('0')).statusCode).toBe(400);
    expect((await deleteProduct(987_654)).statusCode).toBe(404);
  });
});

describe('crash recovery', () => {
  it('knows the files of a product as referenced, so a restart after a crash keeps them', async () => {
    const product = await newProduct(validForm('Preživi pad'));
    const card = product.imageUrl.replace(/^\/media\//, '');
    const full = card.replace(/-card\.webp$/, '.webp');
    const orphan = 'products/BBBBBBBBBBBBBBBBBBBBBB.webp';
    expect(await referencedMediaKeys(server.db)([card, full, orphan])).toEqual(
      new Set([card, full]),
    );
  });
});

/**
 * `GET /products?pageSize&pageNumber` (SPEC 3 "Paged product response", 7, 9): visitors and plain
 * users see the products shown on the home page, staff see all; pages of a stable newest-first
 * order; bad paging values are validation errors; and the demo seed's products.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '../../src/api/contract.ts';
import { ADMIN, EMPLOYEE, login, USER } from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';
import { PROJECT_ROOT } from './support/server-process.ts';

// One app for the file: logins hash with argon2, and no test here changes the data.
const server = useServer({ seedAccounts: true, perFile: true });
const tokens: Record<string, string> = {};

beforeAll(async () => {
  for (const email of [USER, EMPLOYEE, ADMIN])
    tokens[email] = (await login(server.app, email)).accessToken;
});

function list(query = '', token?: string) {
  return server.app.inject({
    url: `/api/v1/products${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function page(query = '', token?: string): Promise<ProductPage> {
  const response = await list(query, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductPage>();
}

describe('the demo seed', () => {
  it('shows five products, newest first, two highlighted, with bundled images', async () => {
    const answer = await page();
    expect(answer).toMatchObject({ pageNumber: 1, pageSize: 10, totalPages: 1, totalCount: 5 });
    expect(answer.items.map((product) => product.name)).toEqual([
      'Kompozit za ispune A2',
      'Nitrilne rukavice bez pudera',
      'Dentalni implantat 4,1 × 10 mm',
      'Turbina s LED svjetlom',
      'Otisna masa A-silikon',
    ]);
    expect(answer.items.filter((product) => product.isHighlighted)).toHaveLength(2);
    for (const product of answer.items) {
      expect(product).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        imageUrl: expect.stringMatching(/^\/images\/proizvodi\/[a-z-]+\.webp$/),
        isShownOnHomepage: true,
        isHighlighted: expect.any(Boolean),
      });
      expect(
        existsSync(path.join(PROJECT_ROOT, 'public', product.imageUrl)),
        product.imageUrl,
      ).toBe(true);
    }
  });
});

describe('who sees what', () => {
  it('anonymous visitors and plain users: only the products shown on the home page', async () => {
    expect((await page()).items.every((product) => product.isShownOnHomepage)).toBe(true);
    expect(await page('', tokens[USER])).toEqual(await page());
  });

  it('employees and administrators: the hidden product too', async () => {
    for (const email of [EMPLOYEE, ADMIN]) {
      const answer = await page('', tokens[email]);
      expect(answer.totalCount).toBe(6);
      expect(
        answer.items.filter((product) => !product.isShownOnHomepage).map((p) => p.name),
      ).toEqual(['Set za izbjeljivanje zuba']);
    }
  });

  it('a token that does not verify is a 401, so the client refreshes instead of seeing less', async () => {
    const response = await list('', 'not-a-token');
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toEqual({ errors: ['Authentication is required.'] });
  });
});

describe('paging', () => {
  it('pages through a stable order: each product once, then empty pages', async () => {
    const sizes = await Promise.all(
      [1, 2, 3].map((pageNumber) => page(`?pageSize=2&pageNumber=${pageNumber}`)),
    );
    expect(sizes.map((answer) => answer.items.length)).toEqual([2, 2, 1]);
    for (const answer of sizes)
      expect(answer).toMatchObject({ pageSize: 2, totalPages: 3, totalCount: 5 });
    const ids = sizes.flatMap((answer) => answer.items.map((product) => product.id));
    expect(ids).toEqual((await page()).items.map((product) => product.id));
    const beyond = await page('?pageSize=2&pageNumber=4');
    expect(beyond).toEqual({ items: [], pageNumber: 4, pageSize: 2, totalPages: 3, totalCount: 5 });
    expect((await page(`?pageNumber=${Number.MAX_SAFE_INTEGER}`)).items).toEqual([]);
  });

  it('ties in creation time keep the newer id first', async () => {
    const createdAt = '2020-01-01T00:00:00.000Z';
    await server.db
      .insertInto('products')
      .values(
        ['Stari A', 'Stari B'].map((name) => ({
          name,
          image_url: '/x.webp',
          created_at: createdAt,
        })),
      )
      .execute();
    try {
      const last = await page('?pageSize=2&pageNumber=4', tokens[ADMIN]);
      expect(last.items.map((product) => product.name)).toEqual(['Stari B', 'Stari A']);
    } finally {
      await server.db.deleteFrom('products').where('created_at', '=', createdAt).execute();
    }
  });

  it('bad values are validation errors on the parameter, never a 500', async () => {
    const cases: [string, string, string][] = [
      ['?pageSize=0', 'pageSize', 'pageSize must be a whole number from 1 to 100.'],
      ['?pageSize=101', 'pageSize', 'pageSize must be a whole number from 1 to 100.'],
      ['?pageSize=abc', 'pageSize', 'pageSize must be a whole number from 1 to 100.'],
      ['?pageSize=2.5', 'pageSize', 'pageSize must be a whole number from 1 to 100.'],
      ['?pageSize=', 'pageSize', 'pageSize must be a whole number from 1 to 100.'],
      ['?pageNumber=0', 'pageNumber', 'pageNumber must be a whole number of at least 1.'],
      ['?pageNumber=-1', 'pageNumber', 'pageNumber must be a whole number of at least 1.'],
      ['?pageNumber=1e400', 'pageNumber', 'pageNumber must be a whole number of at least 1.'],
    ];
    for (const [query, field, message] of cases) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ errors: { [field]: [message] } });
    }
    expect((await page('?pageSize=100')).pageSize).toBe(100);
  });
});

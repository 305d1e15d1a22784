/**
 * The audit log (issue 29): what a row holds, that a write and its row commit together or not at
 * all, what administrators read through `GET /audit-log` (filters and pages), and the retention.
 * That every staff write route leaves a row is audit-coverage.test.ts's; who may read the log,
 * the authorization matrix's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogPage, Product } from '../../src/api/contract.ts';
import { audited, recordAudit, AUDIT_SUMMARY_MAX_LENGTH } from '../../server/audit/log.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { pruneAuditLog } from '../../server/jobs/audit-retention.ts';
import { insertProduct } from '../../server/products/store.ts';
import { imageFile, multipart } from './media-fixtures.ts';
import { ADMIN, EMPLOYEE, login } from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';

const server = useServer({ seedAccounts: true, perFile: true });
const tokens = { administrator: '', employee: '' };
const ids = { administrator: 0, employee: 0 };
let png: Buffer;

beforeAll(async () => {
  const admin = await login(server.app, ADMIN);
  const employee = await login(server.app, EMPLOYEE);
  tokens.administrator = admin.accessToken;
  tokens.employee = employee.accessToken;
  ids.administrator = admin.id;
  ids.employee = employee.id;
  png = await imageFile('png', 400, 300);
}, 60_000);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function newProduct(name: string, token = tokens.employee): Promise<Product> {
  const body = await multipart({
    Name: name,
    Description: '',
    Image: { bytes: png, filename: 'p.png', type: 'image/png' },
    IsShownOnHomepage: 'true',
    IsHighlighted: 'false',
  });
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/products',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

async function auditPage(query = ''): Promise<AuditLogPage> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/v1/audit-log${query}`,
    headers: bearer(tokens.administrator),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditLogPage>();
}

async function rowCount(): Promise<number> {
  const row = await server.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('an audit row', () => {
  it('says who, what, which object, what changed, when and from which address', async () => {
    const product = await newProduct('Kofferdam set');
    const response = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${product.id}`,
      headers: {
        ...bearer(tokens.employee),
        'content-type': 'application/merge-patch+json',
        'x-forwarded-for': '198.51.100.4',
      },
      payload: { isHighlighted: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [newest] = (await auditPage('?pageSize=1')).items;
    expect(newest).toEqual({
      id: expect.any(Number),
      at: server.clock.now().toISOString(),
      actor: { id: ids.employee, name: expect.stringContaining(`(${EMPLOYEE})`) },
      address: '198.51.100.4',
      kind: 'product',
      action: 'update',
      objectId: product.id,
      summary: 'Kofferdam set: na početnoj da, istaknuto da',
    });
  });

  it('is not written by a refused or failed write', async () => {
    const before = await rowCount();
    const missing = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/products/999999',
      headers: bearer(tokens.employee),
    });
    expect(missing.statusCode).toBe(404);
    const invalid = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/educations/999999',
      headers: { ...bearer(tokens.administrator), 'content-type': 'application/merge-patch+json' },
      payload: { title: 'Novi naslov' },
    });
    expect(invalid.statusCode).toBe(404);
    expect(await rowCount()).toBe(before);
  });

  it('commits with its write or not at all', async () => {
    const products = async () =>
      Number(
        (
          await server.db
            .selectFrom('products')
            .select((eb) => eb.fn.countAll().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const [productsBefore, rowsBefore] = [await products(), await rowCount()];
    const values = {
      name: 'Nikad spremljen',
      description: '',
      image_url: '/x.webp',
      image_key: null,
      image_card_key: null,
      is_shown_on_homepage: 1 as const,
      is_highlighted: 0 as const,
      created_at: new Date().toISOString(),
    };
    await expect(
      audited(
        server.db,
        (trx) => insertProduct(trx, values),
        () => {
          throw new Error('the audit row could not be made');
        },
      ),
    ).rejects.toThrow('could not be made');
    await expect(
      audited(
        server.db,
        async (trx) => {
          await recordAudit(trx, { kind: 'product', action: 'create', objectId: 1, summary: 'x' });
          throw new Error('the write failed');
        },
        () => undefined,
      ),
    ).rejects.toThrow('the write failed');
    expect([await products(), await rowCount()]).toEqual([productsBefore, rowsBefore]);
  });

  it('keeps one clean line of at most 300 characters; outside a request it names nobody', async () => {
    await recordAudit(server.db, {
      kind: 'course',
      action: 'create',
      objectId: null,
      summary: `  Prvi\nred ${'ž'.repeat(400)}`,
    });
    const [row] = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(row?.summary).toBe(`Prvi red ${'ž'.repeat(AUDIT_SUMMARY_MAX_LENGTH - 10)}…`);
    expect(Array.from(row?.summary ?? '')).toHaveLength(AUDIT_SUMMARY_MAX_LENGTH);
    expect([row?.user_id, row?.actor_name, row?.address]).toEqual([null, null, null]);
  });
});

describe('GET /audit-log', () => {
  it('filters by person, kind and time, newest first, in pages', async () => {
    await newProduct('Filtar A', tokens.administrator);
    server.clock.advance(60_000);
    const from = server.clock.now().toISOString();
    const first = await newProduct('Filtar B');
    server.clock.advance(60_000);
    const second = await newProduct('Filtar C');
    server.clock.advance(60_000);
    const to = server.clock.now().toISOString();
    server.clock.advance(60_000);
    await newProduct('Filtar D');

    const query = `?userId=${ids.employee}&kind=product&from=${from}&to=${to}`;
    const page = await auditPage(`${query}&pageSize=1`);
    expect(page).toMatchObject({ pageNumber: 1, pageSize: 1, totalPages: 2, totalCount: 2 });
    expect(page.items.map((item) => item.objectId)).toEqual([second.id]);
    const next = await auditPage(`${query}&pageSize=1&pageNumber=2`);
    expect(next.items.map((item) => item.objectId)).toEqual([first.id]);
    expect((await auditPage(`${query}&pageSize=1&pageNumber=3`)).items).toEqual([]);
    expect((await auditPage(`?kind=course&from=${from}&to=${to}`)).totalCount).toBe(0);
    const byAdmin = await auditPage(`?userId=${ids.administrator}&kind=product`);
    expect(byAdmin.items.map((item) => item.summary)).toContain('Filtar A');
    expect(byAdmin.items.every((item) => item.actor?.id === ids.administrator)).toBe(true);
  });

  it('names everyone the log has, for the person filter', async () => {
    await newProduct('Osobe');
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/audit-log/people',
      headers: bearer(tokens.administrator),
    });
    expect(response.statusCode).toBe(200);
    const people = response.json<{ id: number; name: string }[]>();
    expect(people).toContainEqual({
      id: ids.employee,
      name: expect.stringContaining(`(${EMPLOYEE})`),
    });
    expect(new Set(people.map((person) => person.id)).size).toBe(people.length);
  });

  it('refuses a filter it cannot read', async () => {
    for (const query of ['?kind=nothing', '?from=yesterday', '?userId=0', '?pageSize=101']) {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/v1/audit-log${query}`,
        headers: bearer(tokens.administrator),
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('retention', () => {
  it('deletes rows older than AUDIT_LOG_DAYS and nothing younger', async () => {
    const now = new Date('2027-03-01T12:00:00.000Z');
    const day = 24 * 3_600_000;
    const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
    await server.db.deleteFrom('audit_log').execute();
    await server.db
      .insertInto('audit_log')
      .values(
        [at(730 * day + 1), at(730 * day), at(729 * day)].map((time, index) => ({
          at: time,
          user_id: null,
          actor_name: null,
          address: null,
          kind: 'course' as const,
          action: 'create' as const,
          object_id: index,
          summary: time,
        })),
      )
      .execute();
    expect(await pruneAuditLog({ db: server.db, now: () => now, days: 730 })).toBe(1);
    const left = await server.db.selectFrom('audit_log').select('at').orderBy('at').execute();
    expect(left.map((row) => row.at)).toEqual([at(730 * day), at(729 * day)]);
  });

  it('is 730 days unless AUDIT_LOG_DAYS says 1 to 36500', () => {
    expect(loadConfig({}).auditLogDays).toBe(730);
    expect(loadConfig({ AUDIT_LOG_DAYS: '1' }).auditLogDays).toBe(1);
    expect(loadConfig({ AUDIT_LOG_DAYS: '36500' }).auditLogDays).toBe(36_500);
    for (const value of ['0', '36501', 'dva']) {
      expect(() => loadConfig({ AUDIT_LOG_DAYS: value }), value).toThrow(ConfigError);
    }
  });
});

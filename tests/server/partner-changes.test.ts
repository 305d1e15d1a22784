/**
 * Changing and deleting a partner (issue 29): PUT /partners/{id} takes the form of POST with the
 * logo only when it is replaced; DELETE /partners/{id} is refused while educations use the
 * partner, naming them, unless `reassignTo` moves them to another partner in the same step.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { partnerListSchema, partnerSchema, type Partner } from '../../src/api/contract.ts';
import { imageFile, multipart, postForm, type FormValue } from './media-fixtures.ts';
import { ADMIN, EMPLOYEE, USER, login } from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';
import { mediaFilesIn, uploadTempFilesIn } from './support/stored.ts';

const server = useServer({ seedAccounts: true, perFile: true });
const tokens = { administrator: '', employee: '', user: '' };
let png: Buffer;
let serial = 0;
const uniqueName = (prefix = 'Partner') => `${prefix} ${(serial += 1)}`;

beforeAll(async () => {
  tokens.administrator = (await login(server.app, ADMIN)).accessToken;
  tokens.employee = (await login(server.app, EMPLOYEE)).accessToken;
  tokens.user = (await login(server.app, USER)).accessToken;
  png = await imageFile('png', 900, 300);
}, 60_000);

const logo = (): FormValue => ({ bytes: png, filename: 'logo.png', type: 'image/png' });

async function newPartner(name = uniqueName()): Promise<Partner> {
  const response = await postForm(
    server.app,
    '/api/v1/partners',
    { Name: name, WebsiteUrl: 'https://partner.example', Logo: logo() },
    tokens.employee,
  );
  expect(response.statusCode, response.body).toBe(201);
  return partnerSchema.parse(response.json());
}

async function putPartner(
  id: number,
  form: Record<string, FormValue>,
  token: string | null = tokens.employee,
) {
  const body = await multipart(form);
  return server.app.inject({
    method: 'PUT',
    url: `/api/v1/partners/${id}`,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  });
}

const deletePartner = (id: number, query = '', token: string | null = tokens.employee) =>
  server.app.inject({
    method: 'DELETE',
    url: `/api/v1/partners/${id}${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function listPartners() {
  const response = await server.app.inject({ method: 'GET', url: '/api/v1/partners' });
  return partnerListSchema.parse(response.json());
}
const partnerNamed = async (name: string) => {
  const partner = (await listPartners()).find((candidate) => candidate.name === name);
  if (!partner) throw new Error(`no partner ${name}`);
  return partner;
};
const educationsOf = (partnerId: number) =>
  server.db
    .selectFrom('educations')
    .select('title')
    .where('partner_id', '=', partnerId)
    .orderBy('id')
    .execute();
const mediaFiles = () => mediaFilesIn(server.dataDir);
const keyOf = (url: string) => url.replace(/^\/media\//, '');

describe('PUT /partners/{id}', () => {
  it('changes the name and website and keeps the logo when none is sent', async () => {
    const partner = await newPartner();
    const response = await putPartner(partner.id, {
      Name: '  Adria   Dent ',
      WebsiteUrl: ' https://adria.example ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: partner.id,
      name: 'Adria Dent',
      websiteUrl: 'https://adria.example',
      logoUrl: partner.logoUrl,
    });
    expect(await listPartners()).toContainEqual(response.json());
  });

  it('replaces the logo and removes the old files once the row points at the new ones', async () => {
    const partner = await newPartner();
    const response = await putPartner(partner.id, {
      Name: partner.name,
      WebsiteUrl: partner.websiteUrl,
      Logo: { bytes: await imageFile('webp', 400, 200), filename: 'novi.webp', type: 'image/webp' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = partnerSchema.parse(response.json());
    expect(changed.logoUrl).not.toBe(partner.logoUrl);
    const files = mediaFiles();
    expect(files).toContain(keyOf(changed.logoUrl));
    expect(files).not.toContain(keyOf(partner.logoUrl));
    expect(files).not.toContain(keyOf(partner.logoUrl).replace('-card', ''));
    expect(uploadTempFilesIn(server.dataDir)).toEqual([]);
  });

  it('keeps its own name in another letter case, but refuses a name another partner has (409)', async () => {
    const partner = await newPartner();
    const recased = await putPartner(partner.id, {
      Name: partner.name.toUpperCase(),
      WebsiteUrl: partner.websiteUrl,
    });
    expect(recased.statusCode, recased.body).toBe(200);
    const filesBefore = mediaFiles();
    const taken = await putPartner(partner.id, {
      Name: 'nordentis',
      WebsiteUrl: partner.websiteUrl,
      Logo: logo(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errors: ["A partner named 'nordentis' already exists."] });
    // The refused logo was never stored.
    expect(mediaFiles()).toEqual(filesBefore);
  });

  it('refuses broken rules per field, as POST does, and changes nothing', async () => {
    const partner = await newPartner();
    const response = await putPartner(partner.id, { Name: ' ', WebsiteUrl: 'www.adria.example' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        Name: ['Name must not be empty.'],
        WebsiteUrl: ['WebsiteUrl must start with http:// or https://.'],
      },
    });
    expect(await listPartners()).toContainEqual(partner);
  });

  it('answers 404 for a partner that does not exist', async () => {
    const response = await putPartner(999_999, { Name: 'Nema', WebsiteUrl: 'https://n.example' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: ['Partner not found.'] });
  });
});

describe('DELETE /partners/{id}', () => {
  it('deletes a partner no education uses, with its logo files (204)', async () => {
    const partner = await newPartner();
    const response = await deletePartner(partner.id);
    expect(response.statusCode, response.body).toBe(204);
    expect((await listPartners()).map((each) => each.id)).not.toContain(partner.id);
    expect(mediaFiles()).not.toContain(keyOf(partner.logoUrl));
    expect((await deletePartner(partner.id)).statusCode).toBe(404);
  });

  it('refuses a partner educations use (409), naming how many and which', async () => {
    const nordentis = await partnerNamed('Nordentis');
    const titles = (await educationsOf(nordentis.id)).map((row) => row.title);
    expect(titles.length).toBeGreaterThan(0);
    const response = await deletePartner(nordentis.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      errors: [
        `The partner is used by ${titles.length} education(s): ${titles.map((title) => `'${title}'`).join(', ')}. Give reassignTo to move them to another partner.`,
      ],
    });
    expect(await listPartners()).toContainEqual(nordentis);
  });

  it('names at most five titles of a partner many educations use', async () => {
    const partner = await newPartner();
    const [template] = await server.db.selectFrom('educations').selectAll().limit(1).execute();
    if (!template) throw new Error('no demo education');
    for (const index of [1, 2, 3, 4, 5, 6]) {
      // A copy of a demo education under another title, without its id (a new row gets one).
      const copy: Partial<typeof template> = { ...template, title: `Tečaj ${index}` };
      delete copy.id;
      await server.db
        .insertInto('educations')
        .values({ ...(copy as typeof template), partner_id: partner.id })
        .execute();
    }
    const response = await deletePartner(partner.id);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ errors: string[] }>().errors[0]).toBe(
      "The partner is used by 6 education(s): 'Tečaj 1', 'Tečaj 2', 'Tečaj 3', 'Tečaj 4', 'Tečaj 5'. Give reassignTo to move them to another partner.",
    );
    // Moved away, the partner can go.
    const other = await newPartner();
    expect((await deletePartner(partner.id, `?reassignTo=${other.id}`)).statusCode).toBe(204);
    expect(await educationsOf(other.id)).toHaveLength(6);
  });

  it('moves the educations to the partner given and deletes in one step', async () => {
    const polarix = await partnerNamed('Polarix');
    const target = await newPartner();
    const titles = await educationsOf(polarix.id);
    expect(titles.length).toBeGreaterThan(0);
    const response = await deletePartner(polarix.id, `?reassignTo=${target.id}`);
    expect(response.statusCode, response.body).toBe(204);
    expect(await educationsOf(target.id)).toEqual(titles);
    expect(await educationsOf(polarix.id)).toEqual([]);
    expect((await listPartners()).map((each) => each.id)).not.toContain(polarix.id);
  });

  it('refuses a takeover by a missing partner or by itself, moving nothing', async () => {
    const lumidenta = await partnerNamed('Lumidenta');
    const before = await educationsOf(lumidenta.id);
    const missing = await deletePartner(lumidenta.id, '?reassignTo=999999');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      errors: {
        reassignTo: ['There is no partner with the id 999999 to take over the educations.'],
      },
    });
    const itself = await deletePartner(lumidenta.id, `?reassignTo=${lumidenta.id}`);
    expect(itself.statusCode).toBe(400);
    expect(itself.json()).toEqual({
      errors: { reassignTo: ['reassignTo must be another partner than the one deleted.'] },
    });
    expect(await educationsOf(lumidenta.id)).toEqual(before);
    expect(await listPartners()).toContainEqual(lumidenta);
  });

  it('refuses a reassignTo that is no id', async () => {
    const partner = await newPartner();
    for (const query of ['?reassignTo=abc', '?reassignTo=0', '?reassignTo=1.5', '?reassignTo=']) {
      const response = await deletePartner(partner.id, query);
      expect(response.statusCode, query).toBe(400);
    }
    expect(await listPartners()).toContainEqual(partner);
  });
});

describe('who may change partners', () => {
  it.each([
    ['an anonymous visitor', null, 401],
    ['a user', 'user', 403],
  ] as const)('refuses %s', async (_who, caller, status) => {
    const partner = await newPartner();
    const token = caller === null ? null : tokens[caller];
    const put = await putPartner(partner.id, { Name: 'X', WebsiteUrl: 'https://x.example' }, token);
    expect(put.statusCode).toBe(status);
    expect((await deletePartner(partner.id, '', token)).statusCode).toBe(status);
    expect(await listPartners()).toContainEqual(partner);
  });

  it('lets an administrator change and delete one too', async () => {
    const partner = await newPartner();
    const put = await putPartner(
      partner.id,
      { Name: uniqueName('Admin'), WebsiteUrl: 'https://admin.example' },
      tokens.administrator,
    );
    expect(put.statusCode, put.body).toBe(200);
    expect((await deletePartner(partner.id, '', tokens.administrator)).statusCode).toBe(204);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import {
  PARTNER_RULES,
  partnerListSchema,
  partnerSchema,
  type Partner,
} from '../../src/api/contract.ts';
import {
  SVG,
  corruptPng,
  imageFile,
  pdfFile,
  pngWithTransparentMargins,
  postForm,
  type FormValue,
} from './media-fixtures.ts';
import { ADMIN, EMPLOYEE, USER, login } from './support/accounts.ts';
import { referencedMediaKeys } from '../../server/media-references.ts';
import { useServer } from './support/server-fixture.ts';
import { mediaFilesIn, rowCount, uploadTempFilesIn } from './support/stored.ts';
import { refuseInserts } from './support/test-database.ts';

const MB = 1024 * 1024;
const server = useServer({ seedAccounts: true, perFile: true });
const tokens: Record<'administrator' | 'employee' | 'user', string> = {
  administrator: '',
  employee: '',
  user: '',
};
let png: Buffer;
let pdf: Buffer;
let serial = 0;
const uniqueName = (prefix = 'Partner') => `${prefix} ${(serial += 1)}`;

beforeAll(async () => {
  tokens.administrator = (await login(server.app, ADMIN)).accessToken;
  tokens.employee = (await login(server.app, EMPLOYEE)).accessToken;
  tokens.user = (await login(server.app, USER)).accessToken;
  png = await imageFile('png', 900, 300);
  pdf = await pdfFile('Nije logotip');
}, 60_000);

/** A form that passes every rule; tests change one thing at a time. */
function validForm(name = uniqueName()): Record<string, FormValue | undefined> {
  return {
    Name: name,
    WebsiteUrl: 'https://www.partner.example/o-nama',
    Logo: { bytes: png, filename: 'logo.png', type: 'image/png' },
  };
}

/** `token` null: anonymous. */
const createPartner = (
  form: Record<string, FormValue | undefined>,
  token: string | null = tokens.employee,
) => postForm(server.app, '/api/v1/partners', form, token);

const listPartners = async () => {
  const response = await server.app.inject({ method: 'GET', url: '/api/v1/partners' });
  expect(response.statusCode).toBe(200);
  return partnerListSchema.parse(response.json());
};
const mediaFiles = () => mediaFilesIn(server.dataDir);
const tempFiles = () => uploadTempFilesIn(server.dataDir);
const partnerCount = () => rowCount(server.db, 'partners');

describe('GET /partners', () => {
  it('lists the demo partners to anyone, newest first, each logo served as WebP', async () => {
    const partners = await listPartners();
    expect(partners.slice(-3).map((partner) => partner.name)).toEqual([
      'Nordentis',
      'Polarix',
      'Lumidenta',
    ]);
    for (const partner of partners) {
      expect(partner.websiteUrl).toMatch(/^https:\/\//);
      const logo = await server.app.inject({ method: 'GET', url: partner.logoUrl });
      expect(logo.statusCode, partner.logoUrl).toBe(200);
      expect(logo.headers['content-type']).toBe('image/webp');
    }
  });

  it('answers the same to a plain user (partner names and logos are public)', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/partners',
      headers: { authorization: `Bearer ${tokens.user}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(await listPartners());
  });
});

describe('POST /partners', () => {
  it('creates a partner as an employee, with its logo resized, first in the list (201)', async () => {
    const wide = await imageFile('png', 2400, 600);
    const response = await createPartner({
      Name: '  Adria   Dental  ',
      WebsiteUrl: ' http://adria-dental.example ',
      Logo: { bytes: wide, filename: 'adria.png', type: 'image/png' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const partner = partnerSchema.parse(response.json());
    expect(partner).toMatchObject({
      name: 'Adria Dental',
      websiteUrl: 'http://adria-dental.example',
    });
    expect(partner.logoUrl).toMatch(/^\/media\/partners\/[\w-]{22}-card\.webp$/);
    const logo = await server.app.inject({ method: 'GET', url: partner.logoUrl });
    expect(logo.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const sharp = (await import('sharp')).default;
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ width: 600, height: 150 });
    const [first] = await listPartners();
    expect(first).toEqual(partner);
    expect(tempFiles()).toEqual([]);
  });

  it('trims the transparent margins of a logo, so it is drawn beside its name without a gap', async () => {
    const padded = await pngWithTransparentMargins(300, 100, 150);
    const response = await createPartner({
      ...validForm(),
      Logo: { bytes: padded, filename: 'margins.png', type: 'image/png' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { logoUrl } = partnerSchema.parse(response.json());
    const logo = await server.app.inject({ method: 'GET', url: logoUrl });
    const sharp = (await import('sharp')).default;
    // 600 x 400 with the margins; the mark alone is 300 x 100.
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ width: 300, height: 100 });
  });

  it('stores a name without invisible characters (a reversed or zero-width name cannot hide)', async () => {
    const response = await createPartner({
      Name: 'Ivo\u202e\u0000 Dent\u200bal',
      WebsiteUrl: 'https://ivo-dental.example',
      Logo: { bytes: await imageFile('png', 300, 100), filename: 'ivo.png', type: 'image/png' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(partnerSchema.parse(response.json()).name).toBe('Ivo Dental');
  });

  it('lets an administrator create one too', async () => {
    const response = await createPartner(validForm(), tokens.administrator);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('takes every image type the contract accepts, by its bytes', async () => {
    for (const format of ['jpeg', 'webp', 'avif'] as const) {
      const bytes = await imageFile(format, 300, 100);
      const response = await createPartner({
        ...validForm(),
        Logo: { bytes, filename: 'logo.bin', type: 'application/octet-stream' },
      });
      expect(response.statusCode, `${format}: ${response.body}`).toBe(201);
    }
  });

  it('takes a name of exactly 100 characters and an address of exactly 2048', async () => {
    const name = `${uniqueName('Ž')}${'ž'.repeat(PARTNER_RULES.nameMaxLength)}`.slice(
      0,
      PARTNER_RULES.nameMaxLength,
    );
    const base = 'https://www.partner.example/';
    const websiteUrl = `${base}${'a'.repeat(PARTNER_RULES.websiteUrlMaxLength - base.length)}`;
    const response = await createPartner({ ...validForm(), Name: name, WebsiteUrl: websiteUrl });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ name, websiteUrl });
    expect(name).toHaveLength(100);
    expect(websiteUrl).toHaveLength(2048);
  });
});

describe('POST /partners with bad input', () => {
  it.each(['Name', 'WebsiteUrl', 'Logo'])('requires %s', async (field) => {
    const missing = await createPartner({ ...validForm(), [field]: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ errors: { [field]: [`${field} must not be empty.`] } });
    if (field !== 'Logo') {
      const blank = await createPartner({ ...validForm(), [field]: ' \t ' });
      expect(blank.json()).toEqual({ errors: { [field]: [`${field} must not be empty.`] } });
    }
  });

  it('reports every broken rule at once', async () => {
    const response = await createPartner({ WebsiteUrl: 'www.partner.example' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        Name: ['Name must not be empty.'],
        WebsiteUrl: ['WebsiteUrl must start with http:// or https://.'],
        Logo: ['Logo must not be empty.'],
      },
    });
  });

  it.each([
    'www.partner.example',
    'ftp://partner.example',
    'javascript:alert(1)',
    'mailto:info@partner.example',
    '//partner.example',
    'https:/partner.example',
  ])('refuses the website %j (http:// or https:// only)', async (websiteUrl) => {
    const response = await createPartner({ ...validForm(), WebsiteUrl: websiteUrl });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { WebsiteUrl: ['WebsiteUrl must start with http:// or https://.'] },
    });
  });

  it.each(['http://', 'https://partner example', 'http://[::1', 'https://:80'])(
    'refuses the website %j (not an address a browser opens)',
    async (websiteUrl) => {
      const response = await createPartner({ ...validForm(), WebsiteUrl: websiteUrl });
      expect(response.json()).toEqual({
        errors: { WebsiteUrl: ['WebsiteUrl is not a valid web address.'] },
      });
    },
  );

  it('refuses a name of 101 characters and an address of 2049', async () => {
    const response = await createPartner({
      ...validForm(),
      Name: 'N'.repeat(PARTNER_RULES.nameMaxLength + 1),
      WebsiteUrl: `https://p.example/${'a'.repeat(PARTNER_RULES.websiteUrlMaxLength - 17)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        Name: ['Name must be at most 100 characters long.'],
        WebsiteUrl: ['WebsiteUrl must be at most 2048 characters long.'],
      },
    });
  });

  const NOT_AN_IMAGE = 'Logo must be a JPEG, PNG, WebP, AVIF or HEIC image.';
  it.each([
    ['a PDF named .png', 'pdf', 'logo.png', 'image/png', NOT_AN_IMAGE],
    ['an SVG', 'svg', 'logo.svg', 'image/svg+xml', NOT_AN_IMAGE],
    ['a corrupt PNG', 'corrupt', 'logo.png', 'image/png', 'Logo is not a readable image.'],
  ] as const)('refuses %s as the logo', async (_case, content, filename, type, message) => {
    const bytes = { pdf, svg: SVG, corrupt: await corruptPng() }[content];
    const response = await createPartner({ ...validForm(), Logo: { bytes, filename, type } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { Logo: [message] } });
  });

  it('takes a logo of exactly 5 MB and refuses one byte more with 413', async () => {
    const atCap = Buffer.concat([png, Buffer.alloc(PARTNER_RULES.logoMaxBytes - png.length)]);
    const accepted = await createPartner({
      ...validForm(),
      Logo: { bytes: atCap, filename: 'logo.png' },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const over = Buffer.concat([atCap, Buffer.alloc(1)]);
    const refused = await createPartner({ ...validForm(), Logo: { bytes: over, filename: 'l' } });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ errors: ['The file in Logo is larger than 5 MB.'] });
    expect(PARTNER_RULES.logoMaxBytes).toBe(5 * MB);
  });

  it('refuses a name differing only in letter case (409), Croatian letters included', async () => {
    const first = await createPartner({ ...validForm('Šibenik Dental Čakovec') });
    expect(first.statusCode, first.body).toBe(201);
    const filesBefore = mediaFiles();
    const countBefore = await partnerCount();
    for (const twin of [
      'šibenik dental čakovec',
      'ŠIBENIK DENTAL ČAKOVEC',
      ' Šibenik  Dental Čakovec ',
    ]) {
      const response = await createPartner({ ...validForm(twin) });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        errors: [`A partner named '${twin.trim().replace(/\s+/g, ' ')}' already exists.`],
      });
    }
    // The same letters composed differently (S + combining caron) are the same name too.
    const decomposed = await createPartner({ ...validForm('S\u030Cibenik Dental Čakovec') });
    expect(decomposed.statusCode).toBe(409);
    expect(mediaFiles()).toEqual(filesBefore);
    expect(await partnerCount()).toBe(countBefore);
  });

  it('refuses a twin that passed the name check but lost the race, leaving no file', async () => {
    const name = uniqueName('Utrka');
    const [one, two] = await Promise.all([
      createPartner(validForm(name)),
      createPartner(validForm(name.toUpperCase())),
    ]);
    expect([one?.statusCode, two?.statusCode].sort()).toEqual([201, 409]);
    const stored = (await listPartners()).filter(
      (partner) => partner.name.toLowerCase() === name.toLowerCase(),
    );
    expect(stored).toHaveLength(1);
    const logos = mediaFiles().filter((file) => file.startsWith('partners/'));
    expect(logos).toHaveLength(2 * (await partnerCount()));
  });

  it('leaves no file and no row behind, whatever failed', async () => {
    const filesBefore = mediaFiles();
    const countBefore = await partnerCount();
    const failures = [
      { ...validForm(), Name: '' },
      { ...validForm(), WebsiteUrl: 'ftp://partner.example' },
      { ...validForm(), Logo: { bytes: await corruptPng(), filename: 'a.png' } },
      { ...validForm(), Logo: { bytes: pdf, filename: 'a.png' } },
      {
        ...validForm(),
        Logo: { bytes: Buffer.concat([png, Buffer.alloc(5 * MB)]), filename: 'l' },
      },
      { ...validForm('Nordentis') },
    ];
    for (const form of failures) {
      const response = await createPartner(form);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(mediaFiles()).toEqual(filesBefore);
    expect(tempFiles()).toEqual([]);
    expect(await partnerCount()).toBe(countBefore);
  });

  it('takes the stored logo back when the row cannot be written', async () => {
    const filesBefore = mediaFiles();
    const allowInserts = await refuseInserts(server.db, 'partners');
    try {
      const response = await createPartner(validForm());
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ errors: ['Internal server error.'] });
      expect(mediaFiles()).toEqual(filesBefore);
      expect(tempFiles()).toEqual([]);
    } finally {
      await allowInserts();
    }
  });

  it('refuses a JSON body (multipart only) with 415', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/partners',
      headers: { authorization: `Bearer ${tokens.employee}` },
      payload: { Name: 'JSON', WebsiteUrl: 'https://json.example' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ errors: ['The request must be multipart/form-data.'] });
  });
});

describe('crash recovery', () => {
  it("counts a partner's logo files as referenced, so they are never taken for orphans", async () => {
    const created = (await createPartner(validForm())).json<Partner>();
    const cardKey = created.logoUrl.replace(/^\/media\//, '');
    const fullKey = cardKey.replace('-card.webp', '.webp');
    const orphan = 'partners/AAAAAAAAAAAAAAAAAAAAAA.webp';
    expect(mediaFiles()).toEqual(expect.arrayContaining([cardKey, fullKey]));
    expect(await referencedMediaKeys(server.db)([fullKey, cardKey, orphan])).toEqual(
      new Set([fullKey, cardKey]),
    );
  });
});

describe('who may create', () => {
  it.each([
    ['anonymous', undefined, 401, 'Authentication is required.'],
    ['a plain user', 'user', 403, 'You are not allowed to do this.'],
  ] as const)('refuses %s (%s)', async (_who, role, status, message) => {
    const countBefore = await partnerCount();
    const filesBefore = mediaFiles();
    const response = await createPartner(validForm(), role ? tokens[role] : null);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ errors: [message] });
    expect(await partnerCount()).toBe(countBefore);
    expect(mediaFiles()).toEqual(filesBefore);
    expect(tempFiles()).toEqual([]);
  });

  it('answers the list with the created partners to a visitor', async () => {
    const name = uniqueName('Vidljiv');
    const created = (await createPartner(validForm(name))).json<Partner>();
    expect((await listPartners())[0]).toEqual(created);
  });
});

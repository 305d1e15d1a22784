/**
 * `/newsletters/*` (SPEC 7, 8 "Newsletter creation", issue 14): the product image upload, every
 * rule of creation (a foreign imageUrl refused), the duplicate subject or template name, the list
 * with status and counts, cancelling, the preview and the test mail, and who may call them.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_RULES } from '../../src/api/contract.ts';
import type {
  CreateNewsletterRequest,
  NewsletterDetails,
  NewsletterPreview,
  NewsletterSummary,
  ValidationErrorBody,
} from '../../src/api/contract.ts';
import { insertSubscription } from '../../server/campaigns/store.ts';
import { MESSAGES } from '../../server/http/errors.ts';
import { escapeHtml } from '../../server/mail/html.ts';
import { MEDIA_FOLDER } from '../../server/media/store.ts';
import { INERT_UNSUBSCRIBE_TEXT } from '../../server/newsletters/mail.ts';
import { formatPrice } from '../../src/lib/price.ts';
import { imageFile, SVG } from './media-fixtures.ts';
import { ADMIN, EMPLOYEE, login, USER } from './support/accounts.ts';
import {
  campaignIdByName,
  createNewsletter,
  newsletterRequest,
  postImageForm,
  postNewsletter,
  uploadNewsletterImage,
} from './support/newsletters.ts';
import { useServer } from './support/server-fixture.ts';

const server = useServer({ seedAccounts: true, perFile: true });
const tokens: Record<string, string> = {};
let catalogs: number;
let imageUrl: string;

beforeAll(async () => {
  for (const email of [USER, EMPLOYEE, ADMIN])
    tokens[email] = (await login(server.app, email)).accessToken;
  catalogs = await campaignIdByName(server.app, 'Catalogs');
  imageUrl = (await uploadNewsletterImage(server.app, tokens[EMPLOYEE] ?? '')).productImageUrl;
}, 60_000);

const employee = () => tokens[EMPLOYEE] ?? '';
const request = (overrides = {}) =>
  newsletterRequest(catalogs, [imageUrl], server.clock.now(), overrides);
const fieldsOf = (body: string) => Object.keys((JSON.parse(body) as ValidationErrorBody).errors);

function mediaFile(url: string): string {
  const key = new URL(url).pathname.replace(/^\/media\//, '');
  return path.join(server.dataDir, MEDIA_FOLDER, ...key.split('/'));
}

describe('POST /newsletters/image', () => {
  it('stores the image as a 250 px JPEG (a card of two to a row) with a 500 px twin and answers its absolute URL', async () => {
    const answer = await uploadNewsletterImage(server.app, employee(), '  Kompozit A3  ');
    expect(answer.productTitle).toBe('Kompozit A3');
    expect(answer.productImageUrl).toMatch(
      new RegExp(`^${server.config.publicUrl}/media/newsletters/[\\w-]{22}\\.jpg$`),
    );
    const standard = await sharp(mediaFile(answer.productImageUrl)).metadata();
    const double = await sharp(
      mediaFile(answer.productImageUrl.replace('.jpg', '-2x.jpg')),
    ).metadata();
    expect([standard.format, standard.width, standard.height]).toEqual(['jpeg', 250, 156]);
    expect([double.format, double.width, double.height]).toEqual(['jpeg', 500, 313]);
    const served = await server.app.inject({ url: new URL(answer.productImageUrl).pathname });
    expect(served.statusCode).toBe(200);
    // Webmail pages of other origins show it; course media stay same-origin.
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const courses = await server.app.inject({ url: '/api/v1/courses' });
    const coursePath = courses.json<{ imagePath: string }[]>()[0]?.imagePath ?? '';
    const courseImage = await server.app.inject({ url: coursePath });
    expect(courseImage.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('refuses a form without an image with a validation error on ProductImage', async () => {
    const response = await postImageForm(server.app, employee(), { ProductTitle: 'Bez slike' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { ProductImage: [MESSAGES.newsletterImageRequired] },
    });
  });

  it('refuses an SVG, a missing title and a non-multipart body', async () => {
    const svg = await postImageForm(server.app, employee(), {
      ProductTitle: 'Crtež',
      ProductImage: { bytes: SVG, filename: 'a.svg', type: 'image/svg+xml' },
    });
    expect(svg.statusCode).toBe(400);
    expect(fieldsOf(svg.body)).toEqual(['ProductImage']);
    const untitled = await postImageForm(server.app, employee(), {
      ProductImage: { bytes: await imageFile('png', 50, 50), filename: 'a.png' },
    });
    expect(untitled.statusCode).toBe(400);
    expect(fieldsOf(untitled.body)).toEqual(['ProductTitle']);
    const json = await server.app.inject({
      method: 'POST',
      url: '/api/v1/newsletters/image',
      headers: { authorization: `Bearer ${employee()}` },
      payload: { ProductTitle: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('is for staff only: 401 without a token, 403 for a plain user, nothing stored', async () => {
    const form = {
      ProductTitle: 'Tuđe',
      ProductImage: { bytes: await imageFile('png', 50, 50), filename: 'a.png' },
    };
    expect((await postImageForm(server.app, undefined, form)).statusCode).toBe(401);
    expect((await postImageForm(server.app, tokens[USER], form)).statusCode).toBe(403);
    const rows = await server.db.selectFrom('newsletter_images').select('title').execute();
    expect(rows.map((row) => row.title)).not.toContain('Tuđe');
  });
});

describe('POST /newsletters', () => {
  it('stores a scheduled newsletter and lists it with empty counts', async () => {
    const created = await createNewsletter(server.app, employee(), request());
    expect(created).toMatchObject({ status: 'scheduled', campaignId: catalogs });
    const list = await server.app.inject({
      url: '/api/v1/newsletters',
      headers: { authorization: `Bearer ${employee()}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<NewsletterSummary[]>()[0]).toEqual(created);
  });

  it('answers 409 with the contract message for a taken subject or template name, any case', async () => {
    const first = request();
    await createNewsletter(server.app, employee(), first);
    for (const twin of [
      request({ subject: first.subject.toUpperCase() }),
      request({ templateName: first.templateName }),
    ]) {
      const response = await postNewsletter(server.app, employee(), twin);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        errors: ['A newsletter with this subject or template name already exists.'],
      });
    }
  });

  it.each([
    ['a foreign imageUrl', { imageUrl: 'https://zlo.example/slika.jpg' }, 'listValues[0].imageUrl'],
    ['our host with a path never uploaded', { imageUrl: 'FOREIGN_OWN' }, 'listValues[0].imageUrl'],
    ['a price with three decimals', { price: '12,505 €' }, 'listValues[0].price'],
    ['a price in words', { price: 'dvanaest €' }, 'listValues[0].price'],
    ['a negative price', { price: '-1 €' }, 'listValues[0].price'],
    ['an empty title', { title: '   ' }, 'listValues[0].title'],
  ])('refuses %s', async (_name, product, field) => {
    const base = request();
    const listProduct = { ...base.listValues[0], ...product };
    if (listProduct.imageUrl === 'FOREIGN_OWN') {
      listProduct.imageUrl = `${server.config.publicUrl}/media/newsletters/${'a'.repeat(22)}.jpg`;
    }
    const response = await postNewsletter(server.app, employee(), {
      ...base,
      listValues: [listProduct],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(fieldsOf(response.body)).toEqual([field]);
  });

  it('refuses a course image: only newsletter uploads are accepted', async () => {
    const courses = await server.app.inject({ url: '/api/v1/courses' });
    const coursePath = courses.json<{ imagePath: string }[]>()[0]?.imagePath ?? '';
    expect(coursePath).toMatch(/^\/media\/courses\//);
    const response = await postNewsletter(
      server.app,
      employee(),
      newsletterRequest(catalogs, [`${server.config.publicUrl}${coursePath}`], server.clock.now()),
    );
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.body)).toEqual(['listValues[0].imageUrl']);
  });

  it.each([
    ['a past date', { scheduledAt: '2020-01-01T10:00:00.000Z' }, ['scheduledAt']],
    ['no products', { listValues: [] }, ['listValues']],
    ['an unknown campaign', { campaignId: 999_999 }, ['campaignId']],
    ['an empty subject', { subject: ' ' }, ['subject']],
    ['a date without a zone', { scheduledAt: '2040-01-01T10:00:00' }, ['scheduledAt']],
    ['an empty body', { singleValues: { name: 'Naslov', body: '' } }, ['singleValues.body']],
  ])('refuses %s', async (_name, overrides, fields) => {
    const response = await postNewsletter(server.app, employee(), request(overrides));
    expect(response.statusCode, response.body).toBe(400);
    expect(fieldsOf(response.body)).toEqual(fields);
  });

  it('accepts the moment right after now and refuses now itself', async () => {
    const now = server.clock.now();
    const exact = await postNewsletter(
      server.app,
      employee(),
      request({ scheduledAt: now.toISOString() }),
    );
    expect(exact.statusCode).toBe(400);
    const next = await postNewsletter(
      server.app,
      employee(),
      request({ scheduledAt: new Date(now.getTime() + 1000).toISOString() }),
    );
    expect(next.statusCode, next.body).toBe(201);
  });

  it('is for staff only', async () => {
    expect((await postNewsletter(server.app, undefined, request())).statusCode).toBe(401);
    expect((await postNewsletter(server.app, tokens[USER], request())).statusCode).toBe(403);
    expect((await postNewsletter(server.app, tokens[ADMIN], request())).statusCode).toBe(201);
  });
});

describe('cancel, preview and test mail', () => {
  const staffPost = (url: string, token = employee()) =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('cancels a scheduled newsletter once; unknown ids are 404', async () => {
    const created = await createNewsletter(server.app, employee(), request());
    expect((await staffPost(`/newsletters/${created.id}/cancel`)).statusCode).toBe(204);
    const again = await staffPost(`/newsletters/${created.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [MESSAGES.newsletterNotCancellable] });
    expect((await staffPost('/newsletters/999999/cancel')).statusCode).toBe(404);
    expect((await staffPost(`/newsletters/${created.id}/cancel`, tokens[USER])).statusCode).toBe(
      403,
    );
  });

  it('previews the mail: escaped texts, absolute image URLs, the unsubscribe page link', async () => {
    const created = await createNewsletter(
      server.app,
      employee(),
      request({
        singleValues: { name: '<b>Naslov</b>', body: 'Poštovani & dragi,\n\n<script>x</script>' },
      }),
    );
    const response = await server.app.inject({
      url: `/api/v1/newsletters/${created.id}/preview`,
      headers: { authorization: `Bearer ${employee()}` },
    });
    expect(response.statusCode).toBe(200);
    const preview = response.json<NewsletterPreview>();
    expect(preview.html).not.toContain('<script>x');
    expect(preview.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(preview.html).toContain('&lt;b&gt;Naslov&lt;/b&gt;');
    expect(preview.html).toContain(`src="${imageUrl}"`);
    expect(preview.html).toContain(`${imageUrl.replace('.jpg', '-2x.jpg')} 2x`);
    expect(preview.text).toContain(`Proizvod 1: ${formatPrice(1050)}`);
    // The link's place says it is inert; no address, token or marker to follow.
    expect(preview.html).toContain(escapeHtml(INERT_UNSUBSCRIBE_TEXT));
    expect(preview.text).toContain(INERT_UNSUBSCRIBE_TEXT);
    for (const part of [preview.html, preview.text]) {
      expect(part).not.toContain('/newsletter-odjava/');
      expect(part).not.toContain('unsubscribeToken');
      expect(part).not.toMatch(/unsubscribe-[\da-f]{8}-/);
    }
    expect(preview.html).not.toMatch(/<a [^>]*>Odjava/);
  });

  it("serves the preview's own document: the same HTML under its own policy, styles allowed, nothing executable", async () => {
    const created = await createNewsletter(server.app, employee(), request());
    const preview = (
      await server.app.inject({
        url: `/api/v1/newsletters/${created.id}/preview`,
        headers: { authorization: `Bearer ${employee()}` },
      })
    ).json<NewsletterPreview>();
    expect(preview.documentUrl).toMatch(
      new RegExp(
        `^/api/v1/newsletters/${created.id}/preview/document\\?user=\\d+&expires=\\d+&signature=[\\w-]{43}$`,
      ),
    );
    // A frame sends no bearer token: the signed URL is the credential.
    const document = await server.app.inject({ url: preview.documentUrl });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(document.body).toBe(preview.html);
    const policy = String(document.headers['content-security-policy']);
    expect(policy.split('; ').sort()).toEqual(
      [
        "default-src 'none'",
        "style-src 'unsafe-inline'",
        `img-src ${new URL(server.config.publicUrl).origin} data:`,
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'self'",
        'sandbox',
      ].sort(),
    );
    expect(document.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(document.headers['cache-control']).toBe('private, no-store');
    // The mail's styles are inline, which the page's own policy (style-src 'self') refuses.
    expect(document.body).toMatch(/<style[^>]*>/);
    expect(document.body).toMatch(/ style="/);
  });

  it('refuses a preview document whose link was changed, made for someone else or has expired', async () => {
    const created = await createNewsletter(server.app, employee(), request());
    const other = await createNewsletter(server.app, employee(), request());
    const { documentUrl } = (
      await server.app.inject({
        url: `/api/v1/newsletters/${created.id}/preview`,
        headers: { authorization: `Bearer ${employee()}` },
      })
    ).json<NewsletterPreview>();
    const url = new URL(documentUrl, 'http://x');
    const changed = (name: string, value: string) => {
      const query = new URLSearchParams(url.search);
      query.set(name, value);
      return `${url.pathname}?${query}`;
    };
    const forged = [
      changed('user', String(Number(url.searchParams.get('user')) + 1)),
      changed('expires', String(Number(url.searchParams.get('expires')) + 3600)),
      `/api/v1/newsletters/${other.id}/preview/document${url.search}`,
    ];
    for (const forgery of forged) {
      const answer = await server.app.inject({ url: forgery });
      expect(answer.statusCode, forgery).toBe(403);
      expect(answer.json()).toEqual({ errors: [MESSAGES.previewLinkInvalid] });
    }
    expect((await server.app.inject({ url: changed('signature', 'kratko') })).statusCode).toBe(400);
    server.clock.advance(16 * 60_000);
    expect((await server.app.inject({ url: documentUrl })).statusCode).toBe(403);
    // The access tokens expired with it: the next tests log in again.
    for (const email of [USER, EMPLOYEE, ADMIN])
      tokens[email] = (await login(server.app, email)).accessToken;
  });

  it('sends a test with no link and no one-click headers to a caller who does not subscribe', async () => {
    const created = await createNewsletter(server.app, employee(), request());
    const before = server.mailer.sent.length;
    expect((await staffPost(`/newsletters/${created.id}/test`)).statusCode).toBe(204);
    const mail = server.mailer.sent.at(-1);
    expect(server.mailer.sent.length).toBe(before + 1);
    expect(mail?.to).toBe(EMPLOYEE);
    expect(mail?.subject).toBe(`[TEST] ${created.subject}`);
    expect(mail?.headers).toBeUndefined();
    expect(mail?.html).toContain(escapeHtml(INERT_UNSUBSCRIBE_TEXT));
    expect(mail?.text).toContain(INERT_UNSUBSCRIBE_TEXT);
    expect(`${mail?.html}${mail?.text}`).not.toContain('/newsletter-odjava/');
    expect((await staffPost('/newsletters/999999/test')).statusCode).toBe(404);
  });

  it("sends a subscribing caller their own working link, under a Message-ID of the test's own", async () => {
    const created = await createNewsletter(server.app, employee(), request());
    const token = 'probni-token-administratora'.padEnd(43, 'z');
    const subscribed = await insertSubscription(server.db, {
      campaignId: catalogs,
      email: ADMIN,
      unsubscribeToken: token,
      subscribedAt: server.clock.now(),
      sourcePage: '/katalozi',
      ipAddress: '127.0.0.1',
      userAgent: null,
    });
    expect(subscribed).toBeDefined();
    expect((await staffPost(`/newsletters/${created.id}/test`, tokens[ADMIN])).statusCode).toBe(
      204,
    );
    const mail = server.mailer.sent.at(-1);
    expect(mail?.to).toBe(ADMIN);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.messageId).toBeUndefined();
    expect(mail?.text).not.toContain(INERT_UNSUBSCRIBE_TEXT);
    const link = /Odjava s newslettera: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(mail?.html).toContain(`href="${escapeHtml(link)}"`);
    const url = new URL(link);
    // SPEC 2's path reading: no `email=` in the body's URLs (SpamAssassin's GB_CUSTOM_HTM_URI).
    expect(url.pathname).toBe(`/newsletter-odjava/katalozi/${encodeURIComponent(ADMIN)}`);
    expect(url.searchParams.has('email')).toBe(false);
    // What the unsubscribe page does with the link's values: it works.
    const unsubscribed = await server.app.inject({
      method: 'DELETE',
      url: '/api/v1/campaigns/subscriptions',
      payload: {
        email: decodeURIComponent(url.pathname.split('/').at(-1) ?? ''),
        campaignId: catalogs,
        unsubscribeToken: url.searchParams.get('unsubscribeToken'),
      },
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(204);
  });

  it('leaves uploaded images in place: they are referenced', () => {
    expect(existsSync(mediaFile(imageUrl))).toBe(true);
  });
});

describe('prices, changes and cancelling that forgive (issue 28)', () => {
  const staff = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${employee()}` },
      ...(payload !== undefined && { payload: payload as CreateNewsletterRequest }),
    });
  const withPrices = (...prices: string[]) =>
    request({
      listValues: prices.map((price, index) => ({
        title: `Proizvod ${index + 1}`,
        price,
        imageUrl,
      })),
    });

  it('takes prices as Croatians write them, stores cents and shows them the Croatian way', async () => {
    const prices = ['49,90', '49,90 €', '49.90', '49.90 €', '1.299,00 €'];
    const created = await createNewsletter(server.app, employee(), withPrices(...prices));
    const details = (await staff('GET', `/newsletters/${created.id}`)).json<NewsletterDetails>();
    expect(details.listValues.map((product) => product.priceCents)).toEqual([
      4990, 4990, 4990, 4990, 129_900,
    ]);
    const preview = (
      await staff('GET', `/newsletters/${created.id}/preview`)
    ).json<NewsletterPreview>();
    expect(preview.text).toContain(`Proizvod 1: ${formatPrice(4990)}`);
    expect(preview.text).toContain(`Proizvod 5: ${formatPrice(129_900)}`);
    expect(formatPrice(129_900)).toBe('1.299,00\u00a0€');
  });

  it('names each wrong price by its product', async () => {
    const response = await postNewsletter(server.app, employee(), withPrices('12,50', 'oko 5 €'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { 'listValues[1].price': [MESSAGES.newsletterPriceInvalid] },
    });
  });

  it('refuses a date more than a year ahead with its own message', async () => {
    const now = server.clock.now().getTime();
    const late = await postNewsletter(
      server.app,
      employee(),
      request({
        scheduledAt: new Date(now + NEWSLETTER_RULES.latestScheduleMs + 1000).toISOString(),
      }),
    );
    expect(late.json()).toEqual({ errors: { scheduledAt: [MESSAGES.newsletterScheduledTooLate] } });
    const latest = await postNewsletter(
      server.app,
      employee(),
      request({ scheduledAt: new Date(now + NEWSLETTER_RULES.latestScheduleMs).toISOString() }),
    );
    expect(latest.statusCode, latest.body).toBe(201);
  });

  it('shows the audience of each newsletter in the list', async () => {
    const created = await createNewsletter(server.app, employee(), request());
    expect(created.campaignName).toBe('Catalogs');
    const listed = (await staff('GET', '/newsletters')).json<NewsletterSummary[]>();
    expect(listed.find(({ id }) => id === created.id)?.campaignName).toBe('Catalogs');
  });

  it('changes a scheduled newsletter, its products replaced, its template name kept', async () => {
    const original = request();
    const created = await createNewsletter(server.app, employee(), original);
    const changed = {
      ...original,
      subject: `${original.subject} (ispravak)`,
      singleValues: { name: 'Novi naslov', body: 'Novi tekst.' },
      listValues: [
        { title: 'Prvi', price: '3,50 €', imageUrl },
        { title: 'Drugi', price: '1.299,00 €', imageUrl },
      ],
    };
    const response = await staff('PUT', `/newsletters/${created.id}`, changed);
    expect(response.statusCode, response.body).toBe(204);
    const details = (await staff('GET', `/newsletters/${created.id}`)).json<NewsletterDetails>();
    expect(details).toEqual({
      id: created.id,
      subject: changed.subject,
      templateName: original.templateName,
      campaignId: catalogs,
      scheduledAt: original.scheduledAt,
      status: 'scheduled',
      singleValues: changed.singleValues,
      listValues: [
        { title: 'Prvi', priceCents: 350, imageUrl },
        { title: 'Drugi', priceCents: 129_900, imageUrl },
      ],
    });
  });

  it('refuses a change once the sending began, and one to a subject taken by another', async () => {
    const other = await createNewsletter(server.app, employee(), request());
    const created = await createNewsletter(server.app, employee(), request());
    const body = { ...request(), templateName: created.templateName };
    const taken = await staff('PUT', `/newsletters/${created.id}`, {
      ...body,
      subject: other.subject,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ errors: [MESSAGES.newsletterTaken] });
    const wrong = await staff('PUT', `/newsletters/${created.id}`, {
      ...body,
      listValues: [{ title: 'A', price: 'x', imageUrl }],
    });
    expect(wrong.json()).toEqual({
      errors: { 'listValues[0].price': [MESSAGES.newsletterPriceInvalid] },
    });
    // What the dispatcher does when it begins: from then on the mail is what it sends.
    await server.db
      .updateTable('newsletters')
      .set({ status: 'sending' })
      .where('id', '=', created.id)
      .execute();
    const late = await staff('PUT', `/newsletters/${created.id}`, body);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ errors: [MESSAGES.newsletterNotEditable] });
    expect((await staff('PUT', '/newsletters/999999', body)).statusCode).toBe(404);
    expect((await staff('GET', '/newsletters/999999')).statusCode).toBe(404);
  });

  it('frees the subject of a cancelled newsletter for a new one, and only then', async () => {
    const first = await createNewsletter(server.app, employee(), request());
    const twin = request({ subject: first.subject.toUpperCase() });
    expect((await postNewsletter(server.app, employee(), twin)).statusCode).toBe(409);
    expect((await staff('POST', `/newsletters/${first.id}/cancel`)).statusCode).toBe(204);
    const again = await postNewsletter(server.app, employee(), twin);
    expect(again.statusCode, again.body).toBe(201);
    expect(
      (await postNewsletter(server.app, employee(), request({ subject: first.subject })))
        .statusCode,
    ).toBe(409);
  });
});

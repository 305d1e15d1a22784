/**
 * Issue 25: a newsletter renders once per version. Previews, concurrent or not, and test mails of
 * one version share one compilation; a change to what the mail shows, made straight in the
 * database as another process on the same PostgreSQL would make it, is rendered anew on the next
 * request. The kept renders are bounded, and a failed render is not kept. Test mails are limited
 * per staff member with the usual 429 and Retry-After.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { formatPrice } from '../../src/lib/price.ts';
import type { NewsletterPreview, NewsletterSummary } from '../../src/api/contract.ts';
import { MESSAGES } from '../../server/http/errors.ts';
import type { NewsletterMailContent } from '../../server/newsletters/mail.ts';
import { mjmlWorkerPool, type MjmlCompiler } from '../../server/newsletters/mjml-pool.ts';
import { renderedNewsletters } from '../../server/newsletters/rendered-newsletters.ts';
import { ADMIN, EMPLOYEE, login } from './support/accounts.ts';
import {
  campaignIdByName,
  createNewsletter,
  newsletterRequest,
  uploadNewsletterImage,
} from './support/newsletters.ts';
import { useServer } from './support/server-fixture.ts';

const MINUTE = 60_000;
const TEST_MAILS_PER_MINUTE = 2;

/** The real worker pool, counting what it is asked to compile. */
const pool = mjmlWorkerPool();
const compiled: string[] = [];
const countingCompiler: MjmlCompiler = {
  compile(mjml) {
    compiled.push(mjml);
    return pool.compile(mjml);
  },
  close: () => pool.close(),
};
afterAll(() => pool.close());

describe('through the routes', () => {
  const server = useServer({
    seedAccounts: true,
    mjmlCompiler: countingCompiler,
    rateLimits: {
      newsletterTestMail: { perStaffMember: { max: TEST_MAILS_PER_MINUTE, windowMs: MINUTE } },
    },
  });
  const tokens = { employee: '', admin: '' };
  let newsletter: NewsletterSummary;

  beforeEach(async () => {
    compiled.length = 0;
    tokens.employee = (await login(server.app, EMPLOYEE)).accessToken;
    tokens.admin = (await login(server.app, ADMIN)).accessToken;
    const { productImageUrl } = await uploadNewsletterImage(server.app, tokens.employee);
    const catalogs = await campaignIdByName(server.app, 'Catalogs');
    newsletter = await createNewsletter(
      server.app,
      tokens.employee,
      newsletterRequest(catalogs, [productImageUrl, productImageUrl], server.clock.now()),
    );
  });

  async function preview(): Promise<NewsletterPreview> {
    const response = await server.app.inject({
      url: `/api/v1/newsletters/${newsletter.id}/preview`,
      headers: { authorization: `Bearer ${tokens.employee}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<NewsletterPreview>();
  }

  const testMail = (token: string) =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/newsletters/${newsletter.id}/test`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('compiles a version once for concurrent and later previews and the test mail', async () => {
    const previews = await Promise.all(Array.from({ length: 8 }, preview));
    const later = await preview();
    expect((await testMail(tokens.employee)).statusCode).toBe(204);
    expect(compiled).toHaveLength(1);
    expect(new Set([...previews, later].map((answer) => answer.html)).size).toBe(1);
    expect(server.mailer.sent.at(-1)?.html).toBe(later.html);
  }, 60_000);

  it('renders anew once what the mail shows changed in the database, and only then', async () => {
    expect((await preview()).html).toContain('Istaknuta ponuda');
    await server.db
      .updateTable('newsletters')
      .set({ heading: 'Nova ponuda' })
      .where('id', '=', newsletter.id)
      .execute();
    expect((await preview()).html).toContain('Nova ponuda');
    await server.db
      .updateTable('newsletter_products')
      .set({ price_cents: 9900 })
      .where('newsletter_id', '=', newsletter.id)
      .where('position', '=', 1)
      .execute();
    expect((await preview()).text).toContain(`Proizvod 2: ${formatPrice(9900)}`);
    expect(compiled).toHaveLength(3);
    await preview();
    expect(compiled).toHaveLength(3);
  }, 60_000);

  it('limits test mails per staff member: 429 with Retry-After past the limit, others go on', async () => {
    for (let sent = 0; sent < TEST_MAILS_PER_MINUTE; sent++) {
      expect((await testMail(tokens.employee)).statusCode).toBe(204);
    }
    const refused = await testMail(tokens.employee);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: [MESSAGES.tooManyRequests] });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(MINUTE / 1000);
    expect(server.mailer.sent.filter((mail) => mail.to === EMPLOYEE)).toHaveLength(
      TEST_MAILS_PER_MINUTE,
    );
    // Another staff member from the same address is counted on their own.
    expect((await testMail(tokens.admin)).statusCode).toBe(204);
  }, 60_000);
});

describe('renderedNewsletters', () => {
  const context = { publicUrl: 'https://dentalia.example', brand: 'Dentalia' };
  const content = (id: number, heading = 'Naslov'): NewsletterMailContent => ({
    id,
    subject: `Ponuda ${id}`,
    heading,
    body: 'Tekst.',
    campaignId: 1,
    campaign: 'catalogs',
    products: [],
  });

  function fakeCompiler(outcome: () => 'ok' | 'fails' = () => 'ok') {
    const calls: string[] = [];
    return {
      calls,
      compile(mjml: string) {
        calls.push(mjml);
        return outcome() === 'ok'
          ? Promise.resolve({ html: `<p>${calls.length}</p>`, errors: [] })
          : Promise.reject(new Error('the worker died'));
      },
    };
  }

  it('keeps the latest version of at most `capacity` newsletters, dropping the least recently used', async () => {
    const compiler = fakeCompiler();
    const renders = renderedNewsletters(context, compiler, 2);
    await renders.render(content(1));
    await renders.render(content(2));
    await renders.render(content(1));
    await renders.render(content(3));
    expect(compiler.calls).toHaveLength(3);
    await renders.render(content(1));
    await renders.render(content(3));
    expect(compiler.calls).toHaveLength(3);
    await renders.render(content(2));
    expect(compiler.calls).toHaveLength(4);
    // A new version takes its newsletter's place; the old one is not kept beside it.
    await renders.render(content(2, 'Drugi naslov'));
    await renders.render(content(2));
    expect(compiler.calls).toHaveLength(6);
  });

  it('keeps no failed render: the next call tries again', async () => {
    let outcome: 'ok' | 'fails' = 'fails';
    const compiler = fakeCompiler(() => outcome);
    const renders = renderedNewsletters(context, compiler);
    await expect(renders.render(content(1))).rejects.toThrow('the worker died');
    outcome = 'ok';
    expect((await renders.render(content(1))).html).toBe('<p>2</p>');
    expect((await renders.render(content(1))).html).toBe('<p>2</p>');
  });

  it('refuses a template MJML finds errors in', async () => {
    const renders = renderedNewsletters(context, {
      compile: () => Promise.resolve({ html: '', errors: ['mj-text: unknown attribute'] }),
    });
    await expect(renders.render(content(1))).rejects.toThrow(
      'newsletter template: mj-text: unknown attribute',
    );
  });
});

/**
 * One table of the newsletter form's boundary values, run against both sides (docs/forms.md):
 * the browser's rules (newsletterForm.rules.ts) and the server's POST /newsletters (its body
 * schema and server/newsletters/validation.ts) judge with the contract's `newsletterFormSchema`.
 * Each value is judged alike by both, the server with its English message on the field it names,
 * the browser with SPEC's Croatian text under the field the form shows it at (a product's price
 * under that product's own price).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_RULES as RULES } from '../../src/api/contract.ts';
import { zagrebInstant } from '../../src/lib/wallTime.ts';
import {
  createNewsletterRequest,
  initialDraft,
  validateNewsletter,
  type NewsletterDraft,
  type NewsletterFormErrors,
  type ProductDraft,
} from '../../src/machines/newsletterForm.rules.ts';
import { newsletterFormMessages as text } from '../../src/messages/newsletterForm.ts';
import { MESSAGES } from '../../server/http/errors.ts';
import { EMPLOYEE, login } from './support/accounts.ts';
import { campaignIdByName, postNewsletter, uploadNewsletterImage } from './support/newsletters.ts';
import { useServer } from './support/server-fixture.ts';

const server = useServer({ seedAccounts: true, perFile: true });
let token: string;
let catalogs: number;
let imageUrl: string;

beforeAll(async () => {
  token = (await login(server.app, EMPLOYEE)).accessToken;
  catalogs = await campaignIdByName(server.app, 'Catalogs');
  imageUrl = (await uploadNewsletterImage(server.app, token)).productImageUrl;
}, 60_000);

const photo = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
const product = (key: number, values: Partial<ProductDraft> = {}): ProductDraft => ({
  key,
  title: 'Kompozit',
  price: '49,90 €',
  image: photo,
  imageUrl: null,
  ...values,
});

type Errors = Record<string, string[]>;
/** [what, the draft's changes (the date as minutes from now), the products, server, browser]. */
type Boundary = [
  string,
  Partial<NewsletterDraft> & { minutesAhead?: number },
  ProductDraft[],
  Errors,
  NewsletterFormErrors,
];
const YEAR_MINUTES = RULES.latestScheduleMs / 60_000;
const BOUNDARIES: readonly Boundary[] = [
  ['a minute ahead', { minutesAhead: 1 }, [product(1)], {}, {}],
  [
    'now',
    { minutesAhead: 0 },
    [product(1)],
    { scheduledAt: [MESSAGES.newsletterScheduledInPast] },
    { scheduledAt: [text.dateInFuture] },
  ],
  ['a year ahead', { minutesAhead: YEAR_MINUTES }, [product(1)], {}, {}],
  [
    'a year and a minute ahead (not: log in again)',
    { minutesAhead: YEAR_MINUTES + 1 },
    [product(1)],
    { scheduledAt: [MESSAGES.newsletterScheduledTooLate] },
    { scheduledAt: [text.dateTooLate] },
  ],
  [
    'a blank subject',
    { subject: ' \u200b ' },
    [product(1)],
    // The mail's heading is the subject too.
    { subject: [MESSAGES.required('subject')], 'singleValues.name': [MESSAGES.required('name')] },
    { subject: [text.subjectRequired] },
  ],
  [
    'a blank body',
    { body: '  ' },
    [product(1)],
    { 'singleValues.body': [MESSAGES.required('body')] },
    { body: [text.bodyRequired] },
  ],
  ['the longest subject', { subject: 'a'.repeat(RULES.subjectMaxLength) }, [product(1)], {}, {}],
  ...['49,90', '49,90 €', '49.90', '49.90 €', '1.299,00 €', '9.999.999,99 €', '0 €'].map(
    (price): Boundary => [`price ${price}`, {}, [product(1, { price })], {}, {}],
  ),
  ...['12,505 €', '10.000.000 €', 'oko 5 €', '-1 €', '12.50 EUR'].map((price): Boundary => [
    `price ${price}, on the second product`,
    {},
    [product(1), product(5, { price })],
    { 'listValues[1].price': [MESSAGES.newsletterPriceInvalid] },
    { 'price-5': [text.priceFormat] },
  ]),
];

async function serverErrors(draft: NewsletterDraft, products: ProductDraft[]): Promise<Errors> {
  const request = createNewsletterRequest(
    {
      ...draft,
      brand: 'Dentalia',
      products: products.map((row) => ({ ...row, imageUrl })),
      nextKey: 9,
      campaignIds: { catalogs, courses: catalogs },
      errors: {},
      edited: null,
      now: () => server.clock.now(),
    },
    new Date(),
  );
  const response = await postNewsletter(server.app, token, request);
  if (response.statusCode === 201) return {};
  expect(response.statusCode, response.body).toBe(400);
  return response.json<{ errors: Errors }>().errors;
}

/** The Zagreb wall time `minutes` after the server's now, whole minutes as the picker gives. */
function wallTimeAhead(minutes: number): string {
  const now = server.clock.now();
  const at = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + minutes * 60_000);
  const wall = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Zagreb',
    dateStyle: 'short',
    timeStyle: 'short',
  })
    .format(at)
    .replace(' ', 'T');
  expect(zagrebInstant(wall)?.getTime()).toBe(at.getTime());
  return wall;
}

describe('the newsletter form judges the same boundary values on both sides', () => {
  it.each(BOUNDARIES)(
    '%s',
    async (_what, { minutesAhead = 60, ...changes }, products, server_, browser) => {
      // The server's clock stands still in tests; the minute of now is judged as now by both.
      const draft: NewsletterDraft = {
        ...initialDraft('Dentalia', server.clock.now()),
        subject: `Ponuda ${Math.random()}`,
        scheduledAt: wallTimeAhead(minutesAhead),
        ...changes,
      };
      expect(validateNewsletter(draft, products, server.clock.now())).toEqual(browser);
      expect(await serverErrors(draft, products)).toEqual(server_);
    },
  );
});

/**
 * The newsletter form's rules at their edges (SPEC 5 "Newsletter", 8 "Newsletter creation"): the
 * price pattern, the date at now, the row limit, what is sent, and each refusal's text.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../src/api/errors.ts';
import { SERVER_MESSAGES } from '../../src/api/serverMessages.ts';
import { zagrebInstant } from '../../src/machines/courseForm.machine.ts';
import {
  createNewsletterRequest,
  creationProblem,
  imageUploadProblem,
  initialDraft,
  newsletterFormMachine,
  validateNewsletter,
  type ProductDraft,
} from '../../src/machines/newsletterForm.machine.ts';
import { messages } from '../../src/messages.ts';

const text = messages.newsletterForm;
const photo = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
const product = (values: Partial<ProductDraft> = {}): ProductDraft => ({
  key: 1,
  title: 'Kompozit',
  price: '12.50 €',
  image: photo,
  imageUrl: null,
  ...values,
});
const now = new Date('2027-03-12T08:00:00.000Z');
const draft = { ...initialDraft('Dentalia'), scheduledAt: '2027-03-12T10:00' };

describe('validateNewsletter', () => {
  it.each([
    ['12.50 €', []],
    ['12.5 €', []],
    ['0 €', []],
    ['1234567 €', []],
    ['12.505 €', [text.priceFormat]],
    ['12,50 €', [text.priceFormat]],
    ['12.50€', [text.priceFormat]],
    ['12.50 EUR', [text.priceFormat]],
    ['-1 €', [text.priceFormat]],
  ])('price %s', (price, problems) => {
    expect(validateNewsletter(draft, [product({ price })], now)).toEqual(problems);
  });

  it('wants a date strictly after now (Zagreb wall-clock time)', () => {
    // 09:00 in Zagreb is 08:00 UTC in March: exactly now.
    expect(
      validateNewsletter({ ...draft, scheduledAt: '2027-03-12T09:00' }, [product()], now),
    ).toEqual([text.dateInFuture]);
    expect(
      validateNewsletter({ ...draft, scheduledAt: '2027-03-12T09:01' }, [product()], now),
    ).toEqual([]);
  });

  it('accepts an uploaded image without the file, refuses a non-image file', () => {
    expect(validateNewsletter(draft, [product({ image: null, imageUrl: 'u' })], now)).toEqual([]);
    const pdf = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });
    expect(validateNewsletter(draft, [product({ image: pdf })], now)).toEqual([text.imageRequired]);
  });
});

describe('what is sent', () => {
  it('trims, takes the chosen campaign id and the Zagreb instant, and the uploaded URLs', () => {
    const request = createNewsletterRequest(
      {
        ...draft,
        subject: '  Ponuda  ',
        body: ' Tekst ',
        campaign: 'courses',
        brand: 'Dentalia',
        products: [product({ title: ' A ', price: ' 1 € ', imageUrl: 'http://x/m.jpg' })],
        nextKey: 2,
        campaignIds: { catalogs: 2, courses: 1 },
        problems: [],
      },
      now,
    );
    expect(request).toEqual({
      subject: 'Ponuda',
      campaignId: 1,
      templateName: `Ponuda (${now.toISOString()})`,
      scheduledAt: zagrebInstant('2027-03-12T10:00')?.toISOString(),
      singleValues: { name: 'Ponuda', body: 'Tekst' },
      listValues: [{ title: 'A', price: '1 €', imageUrl: 'http://x/m.jpg' }],
    });
  });
});

describe('refusals', () => {
  it.each([
    [
      imageUploadProblem(
        new ApiError(400, { errors: { ProductImage: [SERVER_MESSAGES.newsletterImageRequired] } }),
      ),
      text.reuploadImages,
    ],
    [
      imageUploadProblem(
        new ApiError(413, { errors: ['The file in ProductImage is larger than 10 MB.'] }),
      ),
      text.imageUploadFailed('The file in ProductImage is larger than 10 MB.'),
    ],
    [imageUploadProblem(new ApiError(401, { errors: ['Auth expired.'] })), text.loginAgain],
    [imageUploadProblem(new TypeError('Failed to fetch')), text.loginAgain],
    [
      creationProblem(new ApiError(409, { errors: [SERVER_MESSAGES.newsletterTaken] })),
      text.duplicate,
    ],
    [
      creationProblem(new ApiError(400, { errors: { 'listValues[1].imageUrl': ['x'] } })),
      text.reuploadImages,
    ],
    [
      creationProblem(
        new ApiError(400, { errors: { scheduledAt: [SERVER_MESSAGES.newsletterScheduledInPast] } }),
      ),
      text.dateInFuture,
    ],
    [creationProblem(new ApiError(500, null)), text.loginAgain],
  ])('%s', (shown, expected) => {
    expect(shown).toBe(expected);
  });
});

describe('rows', () => {
  it('adds up to 20 products and no more', () => {
    const editing = createActor(newsletterFormMachine, {
      input: { brand: 'Dentalia' },
      snapshot: newsletterFormMachine.resolveState({
        value: 'editing',
        context: {
          ...initialDraft('Dentalia'),
          brand: 'Dentalia',
          products: [product()],
          nextKey: 2,
          campaignIds: { catalogs: 2, courses: 1 },
          problems: [],
        },
      }),
    }).start();
    for (let add = 0; add < 25; add += 1) editing.send({ type: 'ADD_PRODUCT' });
    expect(editing.getSnapshot().context.products).toHaveLength(20);
    editing.stop();
  });
});

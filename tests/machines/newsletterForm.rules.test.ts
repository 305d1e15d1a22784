/**
 * The newsletter form's rules at their edges (SPEC 5 "Newsletter", 8 "Newsletter creation"): the
 * price pattern, the date at now, the row limit, what is sent, and each refusal's text.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type {
  CampaignKey,
  CreateNewsletterRequest,
  ErrorBody,
  NewsletterDetails,
  NewsletterSummary,
} from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { SERVER_MESSAGES } from '../../src/api/serverMessages.ts';
import { formatPrice } from '../../src/lib/price.ts';
import { zagrebInstant } from '../../src/lib/wallTime.ts';
import {
  newsletterFormMachine,
  selectNewsletterDraft,
  selectNewsletterFormStatus,
} from '../../src/machines/newsletterForm.machine.ts';
import {
  createNewsletterRequest,
  creationErrors,
  creationProblem,
  errorMessages,
  uploadErrors,
  imageUploadProblem,
  imagesToUpload,
  initialDraft,
  productControlsToFix,
  validateNewsletter,
  type ImageToUpload,
  type NewsletterFormContext,
  type ProductDraft,
} from '../../src/machines/newsletterForm.rules.ts';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor } from '../support/model-based.ts';

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
const draft = { ...initialDraft('Dentalia', now), scheduledAt: '2027-03-12T10:00' };

/** The list under the form: every message once, in the order of the form. */
const problemsOf = (...args: Parameters<typeof validateNewsletter>) =>
  errorMessages(validateNewsletter(...args));

describe('validateNewsletter', () => {
  it.each([
    ['12.50 €', []],
    ['12.5 €', []],
    ['0 €', []],
    ['1234567 €', []],
    ['49,90', []],
    ['49,90 €', []],
    ['49.90', []],
    ['49.90 €', []],
    ['1.299,00 €', []],
    ['12.50€', []],
    ['12,505 €', [text.priceFormat]],
    ['12.50 EUR', [text.priceFormat]],
    ['-1 €', [text.priceFormat]],
    ['12345678 €', [text.priceFormat]],
  ])('price %s', (price, problems) => {
    expect(problemsOf(draft, [product({ price })], now)).toEqual(problems);
  });

  it("puts a wrong price under that product's own price", () => {
    expect(
      validateNewsletter(draft, [product(), product({ key: 7, price: 'oko 5 €' })], now),
    ).toEqual({ 'price-7': [text.priceFormat] });
  });

  it('gives a date more than a year ahead its own message', () => {
    // 366 days after 2027-03-12T08:00Z is 2028-03-12T08:00Z, 09:00 in Zagreb.
    expect(
      validateNewsletter({ ...draft, scheduledAt: '2028-03-12T09:00' }, [product()], now),
    ).toEqual({});
    expect(
      validateNewsletter({ ...draft, scheduledAt: '2028-03-12T09:01' }, [product()], now),
    ).toEqual({ scheduledAt: [text.dateTooLate] });
  });

  it('wants a date strictly after now (Zagreb wall-clock time)', () => {
    // 09:00 in Zagreb is 08:00 UTC in March: exactly now.
    expect(problemsOf({ ...draft, scheduledAt: '2027-03-12T09:00' }, [product()], now)).toEqual([
      text.dateInFuture,
    ]);
    expect(problemsOf({ ...draft, scheduledAt: '2027-03-12T09:01' }, [product()], now)).toEqual([]);
  });

  it('accepts an uploaded image without the file, refuses a non-image file', () => {
    expect(problemsOf(draft, [product({ image: null, imageUrl: 'u' })], now)).toEqual([]);
    const pdf = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });
    expect(problemsOf(draft, [product({ image: pdf })], now)).toEqual([text.imageRequired]);
  });

  it("takes an iPhone's photo by its extension, as browsers other than Safari give it no type", () => {
    const heic = new File([new Uint8Array([1])], 'IMG_0001.heic', { type: '' });
    expect(problemsOf(draft, [product({ image: heic })], now)).toEqual([]);
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
        errors: {},
        edited: null,
        now: () => new Date(),
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

describe('rows', () => {
  it('adds up to 20 products and no more', () => {
    const editing = createActor(newsletterFormMachine, {
      input: { brand: 'Dentalia' },
      snapshot: newsletterFormMachine.resolveState({
        value: 'editing',
        context: {
          ...initialDraft('Dentalia', now),
          brand: 'Dentalia',
          products: [product()],
          nextKey: 2,
          campaignIds: { catalogs: 2, courses: 1 },
          errors: {},
          edited: null,
          now: () => new Date(),
        },
      }),
    }).start();
    for (let add = 0; add < 25; add += 1) editing.send({ type: 'ADD_PRODUCT' });
    expect(editing.getSnapshot().context.products).toHaveLength(20);
    editing.stop();
  });
});

describe('validateNewsletter, each rule alone', () => {
  const jpeg = new File([new Uint8Array([1])], 'a.jpg', { type: 'image/jpeg' });

  it.each<[string, Partial<typeof draft>, ProductDraft[], string[]]>([
    ['a blank subject', { subject: '  ' }, [product()], [text.subjectRequired]],
    ['no date', { scheduledAt: '' }, [product()], [text.dateRequired]],
    [
      'a date that is not a wall-clock time',
      { scheduledAt: '12.03.2027' },
      [product()],
      [text.dateRequired],
    ],
    ['a blank body', { body: ' \n ' }, [product()], [text.bodyRequired]],
    ['no products', {}, [], [text.productsRequired]],
    ['a blank title', {}, [product({ title: ' ' })], [text.productsIncomplete]],
    ['a blank price', {}, [product({ price: ' ' })], [text.productsIncomplete]],
    ['a price with spaces around it', {}, [product({ price: ' 12.50 € ' })], []],
    ['no image at all', {}, [product({ image: null })], [text.imageRequired]],
    ['a JPEG', {}, [product({ image: jpeg })], []],
    [
      'an uploaded image replaced by a PDF in the draft',
      {},
      [product({ image: new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }), imageUrl: 'u' })],
      [],
    ],
    [
      'a broken second product after a complete first',
      {},
      [product(), product({ key: 2, title: '', price: '12,505 €', image: null })],
      [text.productsIncomplete, text.imageRequired],
    ],
  ])('%s', (_, values, products, problems) => {
    expect(problemsOf({ ...draft, ...values }, products, now)).toEqual(problems);
  });

  it('lists every broken rule once, in the order of the form', () => {
    expect(
      problemsOf(
        { ...draft, subject: '', scheduledAt: '2027-03-12T08:00', body: '' },
        [product({ title: '', price: '1,5 €', image: null }), product({ key: 2, price: 'x' })],
        now,
      ),
    ).toEqual([
      text.subjectRequired,
      text.dateInFuture,
      text.bodyRequired,
      text.productsIncomplete,
      text.imageRequired,
      text.priceFormat,
    ]);
  });
});

describe('images to upload', () => {
  it('takes only the products with a file and no uploaded URL, titles trimmed', () => {
    expect(
      imagesToUpload([
        product({ key: 1, title: ' A ' }),
        product({ key: 2, imageUrl: 'u' }),
        product({ key: 3, image: null }),
        product({ key: 4, title: 'D' }),
      ]),
    ).toEqual([
      { key: 1, title: 'A', image: photo },
      { key: 4, title: 'D', image: photo },
    ]);
  });
});

describe('what is sent, at its edges', () => {
  const context: NewsletterFormContext = {
    ...draft,
    brand: 'Dentalia',
    products: [product()],
    nextKey: 2,
    campaignIds: null,
    errors: {},
    edited: null,
    now: () => new Date(),
  };

  it('cuts the template name to 150 characters of the subject before the time', () => {
    const subject = `${'a'.repeat(149)}bc`;
    expect(createNewsletterRequest({ ...context, subject }, now).templateName).toBe(
      `${'a'.repeat(149)}b (${now.toISOString()})`,
    );
  });

  it('sends campaign 0, no date and no image URL when those are missing', () => {
    expect(createNewsletterRequest({ ...context, scheduledAt: '' }, now)).toMatchObject({
      campaignId: 0,
      scheduledAt: '',
      listValues: [{ title: 'Kompozit', price: '12.50 €', imageUrl: '' }],
    });
  });
});

describe('refusals', () => {
  const body = (errors: ErrorBody['errors']): ErrorBody => ({ errors }) as ErrorBody;

  // The errors are built here, the texts inside each test: Stryker activates a mutant only
  // once the tests start, so a text computed while the table is collected would miss it.
  it.each<[string, unknown, string]>([
    [
      'a lost image',
      new ApiError(400, body({ ProductImage: [SERVER_MESSAGES.newsletterImageRequired] })),
      text.reuploadImages,
    ],
    [
      'a lost image among other ProductImage messages',
      new ApiError(
        400,
        body({ ProductImage: ['Too big.', SERVER_MESSAGES.newsletterImageRequired] }),
      ),
      text.reuploadImages,
    ],
    [
      'every ProductImage message',
      new ApiError(400, body({ ProductImage: ['Too big.', 'Not an image.'] })),
      text.imageUploadFailed('Too big. Not an image.'),
    ],
    [
      'no ProductImage message: every field, in order',
      new ApiError(
        400,
        body({ ProductImage: [], ProductTitle: ['Title is long.'], Other: ['A.', 'B.'] }),
      ),
      text.imageUploadFailed('Title is long. A. B.'),
    ],
    [
      'a file too large',
      new ApiError(413, body(['The file in ProductImage is larger than 10 MB.'])),
      text.imageUploadFailed('The file in ProductImage is larger than 10 MB.'),
    ],
    [
      'a domain error of several messages',
      new ApiError(422, body(['One.', 'Two.'])),
      text.imageUploadFailed('One. Two.'),
    ],
    [
      'a forbidden upload',
      new ApiError(403, body(['Forbidden.'])),
      text.imageUploadFailed('Forbidden.'),
    ],
    ['an expired session', new ApiError(401, body(['Auth expired.'])), text.loginAgain],
    ['an answer without a body', new ApiError(400, null), text.loginAgain],
    ['a network failure', new TypeError('Failed to fetch'), text.loginAgain],
  ])('an image upload refused with %s', (_, error, expected) => {
    expect(imageUploadProblem(error)).toBe(expected);
  });

  it.each<[string, unknown, string]>([
    ['a taken subject', new ApiError(409, body([SERVER_MESSAGES.newsletterTaken])), text.duplicate],
    [
      'a refused image URL',
      new ApiError(400, body({ subject: ['x'], 'listValues[1].imageUrl': ['x'] })),
      text.reuploadImages,
    ],
    [
      'a date in the past',
      new ApiError(400, body({ scheduledAt: ['x', SERVER_MESSAGES.newsletterScheduledInPast] })),
      text.dateInFuture,
    ],
    ['another domain error', new ApiError(409, body(['Something else.'])), text.loginAgain],
    [
      'the taken subject after another message',
      new ApiError(409, body(['Something else.', SERVER_MESSAGES.newsletterTaken])),
      text.loginAgain,
    ],
    ['a field that is no image URL', new ApiError(400, body({ subject: ['x'] })), text.loginAgain],
    ['a field named imageUrl alone', new ApiError(400, body({ imageUrl: ['x'] })), text.loginAgain],
    [
      'a refused image URL with another status',
      new ApiError(422, body({ 'listValues[0].imageUrl': ['x'] })),
      text.loginAgain,
    ],
    [
      'a past date with another status',
      new ApiError(422, body({ scheduledAt: [SERVER_MESSAGES.newsletterScheduledInPast] })),
      text.loginAgain,
    ],
    [
      'a date refused for another reason',
      new ApiError(400, body({ scheduledAt: ['scheduledAt must be a date.'] })),
      text.loginAgain,
    ],
    [
      'the past-date message on another field',
      new ApiError(400, body({ subject: [SERVER_MESSAGES.newsletterScheduledInPast] })),
      text.loginAgain,
    ],
    ['an answer without a body', new ApiError(400, null), text.loginAgain],
    ['a server failure', new ApiError(500, null), text.loginAgain],
    ['a network failure', new TypeError('Failed to fetch'), text.loginAgain],
  ])('a creation refused with %s', (_, error, expected) => {
    expect(creationProblem(error)).toBe(expected);
  });

  it('puts each refusal under the field it is about, the rest for the whole form', () => {
    const taken = new ApiError(409, body([SERVER_MESSAGES.newsletterTaken]));
    expect(creationErrors(taken, [])).toEqual({ subject: [text.duplicate] });
    const past = new ApiError(
      400,
      body({ scheduledAt: [SERVER_MESSAGES.newsletterScheduledInPast] }),
    );
    expect(creationErrors(past, [])).toEqual({ scheduledAt: [text.dateInFuture] });
    const image = new ApiError(400, body({ 'listValues[0].imageUrl': ['x'] }));
    expect(creationErrors(image, [])).toEqual({ products: [text.reuploadImages] });
    expect(creationErrors(new ApiError(500, null), [])).toEqual({ form: [text.loginAgain] });
    const price = new ApiError(
      400,
      body({ 'listValues[1].price': [SERVER_MESSAGES.newsletterPriceInvalid] }),
    );
    expect(creationErrors(price, [product({ key: 4 }), product({ key: 9 })])).toEqual({
      'price-9': [text.priceFormat],
    });
    const late = new ApiError(
      400,
      body({ scheduledAt: [SERVER_MESSAGES.newsletterScheduledTooLate] }),
    );
    expect(creationErrors(late, [])).toEqual({ scheduledAt: [text.dateTooLate] });
    const begun = new ApiError(409, body([SERVER_MESSAGES.newsletterNotEditable]));
    expect(creationErrors(begun, [])).toEqual({ form: [text.notEditable] });
    const missing = new ApiError(
      400,
      body({ ProductImage: [SERVER_MESSAGES.newsletterImageRequired] }),
    );
    expect(uploadErrors(missing)).toEqual({ products: [text.reuploadImages] });
    expect(uploadErrors(new ApiError(401, null))).toEqual({ form: [text.loginAgain] });
  });

  it('marks the product controls a products message is about', () => {
    const pdf = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });
    expect(
      productControlsToFix([
        product(),
        product({ key: 2, title: ' ', price: ' ' }),
        product({ key: 3, image: pdf }),
        product({ key: 4, image: null, imageUrl: 'u' }),
        product({ key: 5, price: 'x' }),
      ]),
    ).toEqual(['2-title', '2-price', '3-image']);
  });
});

const CAMPAIGN_IDS: Record<CampaignKey, number> = { catalogs: 2, courses: 1 };
const FUTURE = '2027-04-12T09:00';
const summary = { id: 1 } as NewsletterSummary;

function startForm() {
  const loadCampaigns = fakePromiseActor<Record<CampaignKey, number>>();
  const uploadImages = fakePromiseActor<string[], ImageToUpload[]>();
  const createNewsletter = fakePromiseActor<NewsletterSummary, CreateNewsletterRequest>();
  const loadNewsletter = fakePromiseActor<NewsletterDetails, number>();
  const updateNewsletter = fakePromiseActor<
    undefined,
    { id: number; request: CreateNewsletterRequest }
  >();
  const notifySaved = vi.fn();
  const reportError = vi.fn();
  const actor = createActor(
    newsletterFormMachine.provide({
      actors: {
        loadCampaigns: loadCampaigns.logic,
        uploadImages: uploadImages.logic,
        createNewsletter: createNewsletter.logic,
        loadNewsletter: loadNewsletter.logic,
        updateNewsletter: updateNewsletter.logic,
      },
      actions: {
        notifySaved: (_, message) => notifySaved(message),
        reportError: (_, error) => reportError(error),
      },
    }),
    { input: { brand: 'Dentalia', now: () => now } },
  ).start();
  const context = () => actor.getSnapshot().context;
  const status = () => selectNewsletterFormStatus(actor.getSnapshot());
  return {
    actor,
    context,
    status,
    loadCampaigns,
    uploadImages,
    createNewsletter,
    loadNewsletter,
    updateNewsletter,
    notifySaved,
    reportError,
  };
}

async function openedForm() {
  const form = startForm();
  await form.loadCampaigns.resolve(CAMPAIGN_IDS);
  await waitFor(form.actor, (snapshot) => snapshot.matches('editing'));
  return form;
}

function fillValid(form: ReturnType<typeof startForm>) {
  form.actor.send({ type: 'EDIT', values: { scheduledAt: FUTURE } });
  form.actor.send({
    type: 'EDIT_PRODUCT',
    key: 1,
    values: { title: 'Kompozit', price: '12.50 €', image: photo },
  });
}

/** A form whose first product was uploaded as http://x/1.jpg, then refused for a taken subject. */
async function refusedAfterUpload() {
  const form = await openedForm();
  fillValid(form);
  form.actor.send({ type: 'SUBMIT' });
  await form.uploadImages.resolve(['http://x/1.jpg']);
  await form.createNewsletter.reject(
    new ApiError(409, { errors: [SERVER_MESSAGES.newsletterTaken] }),
  );
  return form;
}

function addSecondProduct(form: ReturnType<typeof startForm>) {
  form.actor.send({ type: 'ADD_PRODUCT' });
  form.actor.send({
    type: 'EDIT_PRODUCT',
    key: 2,
    values: { title: 'Bond', price: '3 €', image: photo },
  });
}

describe('newsletter form machine', () => {
  it('loads the campaign ids, then edits the defaults', async () => {
    const form = startForm();
    expect(form.status()).toBe('loading');
    await form.loadCampaigns.resolve(CAMPAIGN_IDS);
    expect(form.status()).toBe('editing');
    expect(form.context()).toEqual({
      ...initialDraft('Dentalia', now),
      brand: 'Dentalia',
      products: [{ key: 1, title: '', price: '', image: null, imageUrl: null }],
      nextKey: 2,
      campaignIds: CAMPAIGN_IDS,
      errors: {},
      edited: null,
      now: expect.any(Function),
    });
    expect(selectNewsletterDraft(form.actor.getSnapshot())).toEqual(initialDraft('Dentalia', now));
    expect(initialDraft('Dentalia', now)).toMatchObject({
      campaign: 'catalogs',
      subject: 'Dentalia Istaknuta ponuda – ožujak 2027',
      scheduledAt: '',
    });
  });

  it('stops and reports the error when the campaign ids fail to load', async () => {
    const form = startForm();
    const failure = new TypeError('Failed to fetch');
    await form.loadCampaigns.reject(failure);
    expect(form.status()).toBe('loadFailed');
    expect(form.actor.getSnapshot().status).toBe('done');
    expect(form.reportError).toHaveBeenCalledWith(failure);
  });

  it('adds rows with fresh keys, edits and removes only the row named, each clearing problems', async () => {
    const form = await openedForm();
    const problemsAfter = (event: Parameters<typeof form.actor.send>[0]) => {
      form.actor.send({ type: 'SUBMIT' });
      expect(errorMessages(form.context().errors)).not.toEqual([]);
      form.actor.send(event);
      return errorMessages(form.context().errors);
    };
    expect(problemsAfter({ type: 'ADD_PRODUCT' })).toEqual([]);
    expect(problemsAfter({ type: 'ADD_PRODUCT' })).toEqual([]);
    expect(form.context().products.map((row) => row.key)).toEqual([1, 2, 3]);
    expect(form.context().nextKey).toBe(4);
    expect(
      problemsAfter({ type: 'EDIT_PRODUCT', key: 2, values: { title: 'B', price: '2 €' } }),
    ).toEqual([]);
    expect(form.context().products.map((row) => [row.title, row.price])).toEqual([
      ['', ''],
      ['B', '2 €'],
      ['', ''],
    ]);
    expect(problemsAfter({ type: 'REMOVE_PRODUCT', key: 2 })).toEqual([]);
    expect(form.context().products.map((row) => row.key)).toEqual([1, 3]);
    form.actor.send({ type: 'ADD_PRODUCT' });
    expect(form.context().products.map((row) => row.key)).toEqual([1, 3, 4]);
    expect(problemsAfter({ type: 'EDIT', values: { subject: 'Novo' } })).toEqual([]);
    expect(form.context().subject).toBe('Novo');
  });

  it('lists the problems of an invalid draft and stays editing', async () => {
    const form = await openedForm();
    form.actor.send({ type: 'SUBMIT' });
    expect(form.status()).toBe('editing');
    expect(errorMessages(form.context().errors)).toEqual([
      text.dateRequired,
      text.productsIncomplete,
      text.imageRequired,
    ]);
    expect(form.uploadImages.calls).toEqual([]);
  });

  it('uploads only the new images, keeps each URL on its row, creates, then starts over', async () => {
    const form = await openedForm();
    fillValid(form);
    form.actor.send({ type: 'EDIT', values: { campaign: 'courses' } });
    addSecondProduct(form);
    form.actor.send({ type: 'SUBMIT' });
    expect(form.status()).toBe('uploading');
    expect(form.uploadImages.calls).toEqual([
      [
        { key: 1, title: 'Kompozit', image: photo },
        { key: 2, title: 'Bond', image: photo },
      ],
    ]);
    await form.uploadImages.resolve(['http://x/1.jpg', 'http://x/2.jpg']);
    expect(form.status()).toBe('creating');
    expect(form.context().products.map((row) => row.imageUrl)).toEqual([
      'http://x/1.jpg',
      'http://x/2.jpg',
    ]);
    expect(form.createNewsletter.calls[0]).toMatchObject({
      campaignId: 1,
      listValues: [
        { title: 'Kompozit', imageUrl: 'http://x/1.jpg' },
        { title: 'Bond', imageUrl: 'http://x/2.jpg' },
      ],
    });
    await form.createNewsletter.resolve(summary);
    expect(form.notifySaved).toHaveBeenCalledWith(text.created);
    expect(form.status()).toBe('editing');
    expect(form.context()).toMatchObject({
      ...initialDraft('Dentalia', now),
      products: [{ key: 3, title: '', price: '', image: null, imageUrl: null }],
      nextKey: 4,
      errors: {},
    });
  });

  it('uploads a changed image again but keeps the URL when only the title changes', async () => {
    const form = await refusedAfterUpload();
    expect(errorMessages(form.context().errors)).toEqual([text.duplicate]);
    form.actor.send({ type: 'EDIT_PRODUCT', key: 1, values: { title: 'Kompozit 2' } });
    expect(form.context().products[0]?.imageUrl).toBe('http://x/1.jpg');
    form.actor.send({ type: 'SUBMIT' });
    // Nothing to upload: straight on to creating, the old problem gone.
    expect(form.status()).toBe('creating');
    expect(errorMessages(form.context().errors)).toEqual([]);
    expect(form.uploadImages.calls).toHaveLength(1);
    await form.createNewsletter.reject(new ApiError(500, null));
    expect(errorMessages(form.context().errors)).toEqual([text.loginAgain]);
    form.actor.send({ type: 'EDIT_PRODUCT', key: 1, values: { image: photo } });
    expect(form.context().products[0]?.imageUrl).toBeNull();
    form.actor.send({ type: 'SUBMIT' });
    expect(form.status()).toBe('uploading');
    expect(form.uploadImages.calls).toHaveLength(2);
  });

  it('keeps the URL of a row uploaded before when a new row is uploaded after it', async () => {
    const form = await refusedAfterUpload();
    addSecondProduct(form);
    form.actor.send({ type: 'SUBMIT' });
    expect(form.uploadImages.calls.at(-1)).toEqual([{ key: 2, title: 'Bond', image: photo }]);
    await form.uploadImages.resolve(['http://x/2.jpg']);
    expect(form.context().products.map((row) => row.imageUrl)).toEqual([
      'http://x/1.jpg',
      'http://x/2.jpg',
    ]);
  });

  it('leaves a row without a URL when the upload answers fewer URLs than images', async () => {
    const form = await openedForm();
    fillValid(form);
    form.actor.send({ type: 'SUBMIT' });
    await form.uploadImages.resolve([]);
    expect(form.context().products[0]?.imageUrl).toBeNull();
  });

  it('goes back to editing with the upload refusal shown, problems cleared on the way', async () => {
    const form = await openedForm();
    fillValid(form);
    form.actor.send({ type: 'SUBMIT' });
    await form.uploadImages.reject(new ApiError(401, { errors: ['Auth expired.'] }));
    expect(form.status()).toBe('editing');
    expect(errorMessages(form.context().errors)).toEqual([text.loginAgain]);
    form.actor.send({ type: 'SUBMIT' });
    expect(form.status()).toBe('uploading');
    expect(errorMessages(form.context().errors)).toEqual([]);
    expect(form.createNewsletter.calls).toEqual([]);
  });
});

describe('changing a scheduled newsletter (issue 28)', () => {
  const stored: NewsletterDetails = {
    id: 12,
    subject: 'Jesenska ponuda',
    templateName: 'jesen-1',
    campaignId: 1,
    scheduledAt: '2027-04-01T07:00:00.000Z', // 09:00 in Zagreb (summer time).
    status: 'scheduled',
    singleValues: { name: 'Jesenska ponuda', body: 'Poštovani,' },
    listValues: [
      { title: 'Kompozit', priceCents: 4990, imageUrl: 'http://x/1.jpg' },
      { title: 'Bond', priceCents: 129_900, imageUrl: 'http://x/2.jpg' },
    ],
  };

  async function editing() {
    const form = await openedForm();
    form.actor.send({ type: 'EDIT_NEWSLETTER', id: 12 });
    expect(form.status()).toBe('loadingNewsletter');
    expect(form.loadNewsletter.calls).toEqual([12]);
    await form.loadNewsletter.resolve(stored);
    return form;
  }

  it('loads it into the form: Zagreb time, its campaign, prices the Croatian way', async () => {
    const form = await editing();
    expect(form.status()).toBe('editing');
    expect(selectNewsletterDraft(form.actor.getSnapshot())).toEqual({
      campaign: 'courses',
      subject: 'Jesenska ponuda',
      scheduledAt: '2027-04-01T09:00',
      body: 'Poštovani,',
    });
    expect(form.context().products).toEqual([
      {
        key: 1,
        title: 'Kompozit',
        price: formatPrice(4990),
        image: null,
        imageUrl: 'http://x/1.jpg',
      },
      { key: 2, title: 'Bond', price: '1.299,00\u00a0€', image: null, imageUrl: 'http://x/2.jpg' },
    ]);
    expect(form.context().edited).toEqual({
      id: 12,
      subject: 'Jesenska ponuda',
      templateName: 'jesen-1',
    });
  });

  it('saves the change under its own template name, uploading nothing, then starts a new one', async () => {
    const form = await editing();
    form.actor.send({ type: 'EDIT', values: { subject: 'Jesenska ponuda II' } });
    form.actor.send({ type: 'SUBMIT' });
    expect(form.status()).toBe('updating');
    expect(form.uploadImages.calls).toEqual([]);
    expect(form.createNewsletter.calls).toEqual([]);
    expect(form.updateNewsletter.calls).toEqual([
      {
        id: 12,
        request: expect.objectContaining({
          subject: 'Jesenska ponuda II',
          templateName: 'jesen-1',
          campaignId: 1,
          scheduledAt: stored.scheduledAt,
        }),
      },
    ]);
    await form.updateNewsletter.resolve(undefined);
    expect(form.notifySaved).toHaveBeenCalledWith(text.updated);
    expect(form.context().edited).toBeNull();
    expect(form.context().subject).toBe('Dentalia Istaknuta ponuda – ožujak 2027');
  });

  it('shows a refusal once the sending began, and goes back to a new newsletter on request', async () => {
    const form = await editing();
    form.actor.send({ type: 'SUBMIT' });
    await form.updateNewsletter.reject(
      new ApiError(409, { errors: [SERVER_MESSAGES.newsletterNotEditable] }),
    );
    expect(form.context().errors).toEqual({ form: [text.notEditable] });
    expect(form.context().edited).not.toBeNull();
    form.actor.send({ type: 'STOP_EDITING' });
    expect(form.context()).toMatchObject({
      edited: null,
      errors: {},
      subject: 'Dentalia Istaknuta ponuda – ožujak 2027',
    });
    expect(form.context().products).toEqual([
      { key: 3, title: '', price: '', image: null, imageUrl: null },
    ]);
  });

  it('reports a newsletter that cannot be loaded and stays on the new one', async () => {
    const form = await openedForm();
    form.actor.send({ type: 'EDIT_NEWSLETTER', id: 12 });
    await form.loadNewsletter.reject(new ApiError(404, null));
    expect(form.status()).toBe('editing');
    expect(form.context().edited).toBeNull();
    expect(form.reportError).toHaveBeenCalledTimes(1);
  });
});

describe('the default subject', () => {
  it("carries the month in Zagreb, in Croatian, whatever the machine's time zone", () => {
    // 23:30 UTC on 30 November is already December in Zagreb.
    expect(initialDraft('Dentalia', new Date('2026-11-30T23:30:00Z')).subject).toBe(
      'Dentalia Istaknuta ponuda – prosinac 2026',
    );
    expect(initialDraft('Dentalia', new Date('2026-11-15T12:00:00Z')).subject).toBe(
      'Dentalia Istaknuta ponuda – studeni 2026',
    );
  });
});

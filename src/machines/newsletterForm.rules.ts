/**
 * The rules of the newsletter form (SPEC 5 "Newsletter", 8 "Newsletter creation", 9; issue 28),
 * apart from its machine: the draft and its products, the validation with the contract's
 * `newsletterFormSchema` (which the server judges with too), the images to upload, the request,
 * and what a refusal shows, per field: a product's price message under that product's price.
 */
import * as z from 'zod/mini';
import {
  NEWSLETTER_RULES,
  newsletterFormSchema,
  newsletterProductSchema,
  parseFormFields,
  type CampaignKey,
  type CreateNewsletterRequest,
  type NewsletterDetails,
  matchesAccept,
} from '../api/contract.ts';
import { ApiError } from '../api/errors.ts';
import { SERVER_MESSAGES, isServerMessage } from '../api/serverMessages.ts';
import { cleanLine, cleanMultiline } from '../api/text.ts';
import { zagrebMonthName } from '../lib/month.ts';
import { formatPrice } from '../lib/price.ts';
import { zagrebInstant, zagrebWallTime } from '../lib/wallTime.ts';
import { newsletterFormMessages } from '../messages/newsletterForm.ts';
import {
  FORM_LEVEL,
  errorCollector,
  errorList,
  type FormClock,
  type FormErrors,
  type FormLevel,
} from './form.ts';

const text = newsletterFormMessages;

export interface ProductDraft {
  /** Stable across removals, for React keys and labels. */
  key: number;
  title: string;
  price: string;
  image: File | null;
  /** The URL POST /newsletters/image answered for `image`; null until uploaded. */
  imageUrl: string | null;
}

export interface NewsletterDraft {
  campaign: CampaignKey;
  subject: string;
  /** Zagreb wall-clock time 'YYYY-MM-DDTHH:mm', or ''. */
  scheduledAt: string;
  body: string;
}

/** The scheduled newsletter the form changes (PUT /newsletters/{id}), kept as it was stored. */
export interface EditedNewsletter {
  id: number;
  subject: string;
  templateName: string;
}

export interface NewsletterFormContext extends NewsletterDraft {
  brand: string;
  products: ProductDraft[];
  nextKey: number;
  campaignIds: Record<CampaignKey, number> | null;
  errors: NewsletterFormErrors;
  /** Null while a new newsletter is written. */
  edited: EditedNewsletter | null;
  /** The clock the rules are judged at (the injected `effects.now`). */
  now: () => Date;
}

export type NewsletterFormInput = { brand: string } & FormClock;

/** The fields a message can be about; a product's price has its own, `price-<key>`. */
export const NEWSLETTER_FIELDS = ['subject', 'scheduledAt', 'body', 'products'] as const;
export type ProductPriceField = `price-${number}`;
export type NewsletterField = (typeof NEWSLETTER_FIELDS)[number] | ProductPriceField;
export type NewsletterFormErrors = FormErrors<NewsletterField | FormLevel>;

export const priceField = (key: number): ProductPriceField => `price-${key}`;

/** The messages in the order of the form, each once: what the list under the form shows. */
export const errorMessages = (errors: NewsletterFormErrors) =>
  errorList(errors, [
    'subject',
    'scheduledAt',
    'body',
    'products',
    ...(Object.keys(errors).filter((field) => field.startsWith('price-')) as ProductPriceField[]),
    FORM_LEVEL,
  ]);

export type NewsletterFormEvent =
  | { type: 'EDIT'; values: Partial<NewsletterDraft> }
  | {
      type: 'EDIT_PRODUCT';
      key: number;
      values: Partial<Pick<ProductDraft, 'title' | 'price' | 'image'>>;
    }
  | { type: 'ADD_PRODUCT' }
  | { type: 'REMOVE_PRODUCT'; key: number }
  | { type: 'SUBMIT' }
  /** Change the scheduled newsletter `id` (from the list's 'Uredi'). */
  | { type: 'EDIT_NEWSLETTER'; id: number }
  | { type: 'STOP_EDITING' };

/** A product whose image must be uploaded before the newsletter is created. */
export interface ImageToUpload {
  key: number;
  title: string;
  image: File;
}

export const emptyProduct = (key: number): ProductDraft => ({
  key,
  title: '',
  price: '',
  image: null,
  imageUrl: null,
});

/** A new newsletter: its subject carries the month in Zagreb, so this month's is never a twin. */
export const initialDraft = (brand: string, now: Date): NewsletterDraft => ({
  campaign: 'catalogs',
  subject: text.defaultSubject(brand, zagrebMonthName(now)),
  scheduledAt: '',
  body: text.defaultBody,
});

/**
 * What the form shows of a stored newsletter: prices the Croatian way, images uploaded. Its
 * products replace the form's, so they are numbered from 1 again.
 */
export function storedDraft(
  details: NewsletterDetails,
  campaignIds: Record<CampaignKey, number> | null,
): { draft: NewsletterDraft; products: ProductDraft[] } {
  const campaign =
    (Object.entries(campaignIds ?? {}).find(([, id]) => id === details.campaignId)?.[0] as
      CampaignKey | undefined) ?? 'catalogs';
  return {
    draft: {
      campaign,
      subject: details.subject,
      scheduledAt: zagrebWallTime(new Date(details.scheduledAt)),
      body: details.singleValues.body,
    },
    products: details.listValues.map((product, index) => ({
      key: index + 1,
      title: product.title,
      price: formatPrice(product.priceCents),
      image: null,
      imageUrl: product.imageUrl,
    })),
  };
}

/** A product's image is a chosen image file, or was uploaded before. */
const hasImage = (product: ProductDraft) =>
  product.imageUrl !== null ||
  (product.image !== null && matchesAccept(NEWSLETTER_RULES.imageAccept, product.image));

/** The draft's fields as POST /newsletters sends them, before cleaning. */
const sentFields = (draft: NewsletterDraft, products: readonly ProductDraft[]) => ({
  subject: draft.subject,
  scheduledAt: zagrebInstant(draft.scheduledAt)?.toISOString() ?? '',
  body: draft.body,
  listValues: products.map((product) => ({
    title: product.title,
    price: product.price,
    imageUrl: product.imageUrl ?? 'not uploaded yet',
  })),
});

/**
 * SPEC 5 "Newsletter": every broken rule, per field, judged by the contract's
 * `newsletterFormSchema` at `now`: a product's wrong price under its own price, a product without
 * title or price and one without image under the products. The image is judged from its File.
 */
export function validateNewsletter(
  draft: NewsletterDraft,
  products: readonly ProductDraft[],
  now: Date,
): NewsletterFormErrors {
  const { errors, fail } = errorCollector<NewsletterField>();
  const parsed = parseFormFields(newsletterFormSchema(now), sentFields(draft, products));
  const problems = parsed.ok ? {} : parsed.problems;
  for (const field of ['subject', 'scheduledAt', 'body'] as const) {
    for (const message of problems[field] ?? []) fail(field, croatian(message, field) ?? message);
  }
  if (products.length === 0) fail('products', text.productsRequired);
  for (const product of products) {
    const fields = z.safeParse(newsletterProductSchema, sentFields(draft, [product]).listValues[0]);
    const broken = new Set(fields.error?.issues.map((issue) => issue.path[0]));
    if (broken.has('title') || !product.price.trim()) fail('products', text.productsIncomplete);
    else if (broken.has('price')) fail(priceField(product.key), text.priceFormat);
  }
  if (!products.every(hasImage)) fail('products', text.imageRequired);
  return errors;
}

/**
 * The Croatian text of a message of the contract's schema (the server's refusals too) on a field
 * of the form; undefined when it has none (a text longer than its input lets anyone type).
 */
function croatian(message: string, field: NewsletterField): string | undefined {
  const texts: Partial<Record<NewsletterField, [Parameters<typeof isServerMessage>[1], string][]>> =
    {
      subject: [[SERVER_MESSAGES.required, text.subjectRequired]],
      body: [[SERVER_MESSAGES.required, text.bodyRequired]],
      scheduledAt: [
        [SERVER_MESSAGES.newsletterScheduledAtInvalid, text.dateRequired],
        [SERVER_MESSAGES.newsletterScheduledInPast, text.dateInFuture],
        [SERVER_MESSAGES.newsletterScheduledTooLate, text.dateTooLate],
      ],
      products: [
        [SERVER_MESSAGES.newsletterProductsRequired, text.productsRequired],
        // A price of a row the form no longer has: said for the products.
        [SERVER_MESSAGES.newsletterPriceInvalid, text.priceFormat],
      ],
    };
  const known = field.startsWith('price-')
    ? [[SERVER_MESSAGES.newsletterPriceInvalid, text.priceFormat] as const]
    : (texts[field] ?? []);
  return known.find(([server]) => isServerMessage(message, server))?.[1];
}

export function imagesToUpload(products: readonly ProductDraft[]): ImageToUpload[] {
  return products.flatMap((product) =>
    product.imageUrl === null && product.image
      ? [{ key: product.key, title: cleanLine(product.title), image: product.image }]
      : [],
  );
}

/**
 * A refused image upload, with the addresses of the images the server took before it (in the
 * order of `imagesToUpload`): their products keep them, so a retry uploads only the rest.
 */
export class ImageUploadStopped extends Error {
  readonly uploaded: readonly string[];

  constructor(cause: unknown, uploaded: readonly string[]) {
    super('The image upload stopped', { cause });
    this.uploaded = uploaded;
  }
}

/** The products with the addresses of their uploaded images (`imagesToUpload`'s order). */
export function withUploadedImages(
  products: readonly ProductDraft[],
  urls: readonly string[],
): ProductDraft[] {
  const uploaded = imagesToUpload(products).map((image) => image.key);
  return products.map((product) => {
    const url = urls[uploaded.indexOf(product.key)];
    return url === undefined ? product : { ...product, imageUrl: url };
  });
}

/**
 * A validated draft as POST /newsletters (or PUT /newsletters/{id}) takes it; a new newsletter's
 * template name is unique per send, a changed one keeps its own.
 */
export function createNewsletterRequest(
  context: NewsletterFormContext,
  createdAt: Date,
): CreateNewsletterRequest {
  const subject = cleanLine(context.subject);
  return {
    subject,
    campaignId: context.campaignIds?.[context.campaign] ?? 0,
    templateName:
      context.edited?.templateName ?? `${subject.slice(0, 150)} (${createdAt.toISOString()})`,
    scheduledAt: zagrebInstant(context.scheduledAt)?.toISOString() ?? '',
    singleValues: { name: subject, body: cleanMultiline(context.body) },
    listValues: context.products.map((product) => ({
      title: cleanLine(product.title),
      // As typed: the server reads the cents from it as the form did.
      price: product.price.trim(),
      imageUrl: product.imageUrl ?? '',
    })),
  };
}

const errorsOf = (error: unknown) => (error instanceof ApiError ? error.body?.errors : undefined);

/** SPEC 8: a missing image asks to upload again; other refusals say why; anything else: log in. */
export function imageUploadProblem(error: unknown): string {
  const errors = errorsOf(error);
  if (!(error instanceof ApiError) || error.status === 401 || errors === undefined) {
    return text.loginAgain;
  }
  if (!Array.isArray(errors) && errors.ProductImage && errors.ProductImage.length > 0) {
    if (errors.ProductImage.includes(SERVER_MESSAGES.newsletterImageRequired)) {
      return text.reuploadImages;
    }
    return text.imageUploadFailed(errors.ProductImage.join(' '));
  }
  const details = Array.isArray(errors) ? errors : Object.values(errors).flat();
  return text.imageUploadFailed(details.join(' '));
}

/** SPEC 8: the taken subject, the server's own date and image checks, otherwise log in again. */
export function creationProblem(error: unknown): string {
  return errorMessages(creationErrors(error, []))[0] ?? text.loginAgain;
}

export const draftOf = (context: NewsletterFormContext): NewsletterDraft => ({
  campaign: context.campaign,
  subject: context.subject,
  scheduledAt: context.scheduledAt,
  body: context.body,
});

/** Where an upload refusal shows: under the products, or for the form when it says log in. */
export function uploadErrors(error: unknown): NewsletterFormErrors {
  const problem = imageUploadProblem(error instanceof ImageUploadStopped ? error.cause : error);
  return { [problem === text.loginAgain ? FORM_LEVEL : 'products']: [problem] };
}

const PRODUCT_FIELD = /^listValues\[(\d+)\]\.(\w+)$/;

/**
 * Where a refusal of POST or PUT /newsletters shows: each message of a 400 under the field it
 * names (a product's price under that product's price), a taken subject under the subject, a
 * newsletter whose sending began for the form; anything else asks to log in again (SPEC 8).
 */
export function creationErrors(
  error: unknown,
  products: readonly ProductDraft[],
): NewsletterFormErrors {
  const errors = errorsOf(error);
  if (Array.isArray(errors) && isServerMessage(errors[0], SERVER_MESSAGES.newsletterTaken)) {
    return { subject: [text.duplicate] };
  }
  if (Array.isArray(errors) && isServerMessage(errors[0], SERVER_MESSAGES.newsletterNotEditable)) {
    return { [FORM_LEVEL]: [text.notEditable] };
  }
  if (!(error instanceof ApiError) || error.status !== 400 || !errors || Array.isArray(errors)) {
    return { [FORM_LEVEL]: [text.loginAgain] };
  }
  const { errors: shown, fail } = errorCollector<NewsletterField | FormLevel>();
  for (const [requestField, messages] of Object.entries(errors)) {
    const product = PRODUCT_FIELD.exec(requestField);
    const field = product ? productField(product, products) : requestFieldOf(requestField);
    for (const message of messages) {
      const worded = field && croatian(message, field);
      if (product?.[2] === 'imageUrl') fail('products', text.reuploadImages);
      else if (field && worded) fail(field, worded);
      else fail(FORM_LEVEL, text.loginAgain);
    }
  }
  return shown;
}

function requestFieldOf(requestField: string): NewsletterField | undefined {
  if (requestField === 'singleValues.body') return 'body';
  if (requestField === 'listValues') return 'products';
  return (['subject', 'scheduledAt'] as const).find((field) => field === requestField);
}

function productField(
  [, index, name]: RegExpExecArray,
  products: readonly ProductDraft[],
): NewsletterField {
  const key = products[Number(index)]?.key;
  return name === 'price' && key !== undefined ? priceField(key) : 'products';
}

/** The product controls the products' messages are about, as `${key}-title|price|image`. */
export function productControlsToFix(products: readonly ProductDraft[]): string[] {
  return products.flatMap((product) =>
    [
      !cleanLine(product.title) && `${product.key}-title`,
      !product.price.trim() && `${product.key}-price`,
      !hasImage(product) && `${product.key}-image`,
    ].filter((control) => typeof control === 'string'),
  );
}

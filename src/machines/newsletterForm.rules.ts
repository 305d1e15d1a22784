/**
 * The rules of the newsletter form (SPEC 5 "Newsletter", 8 "Newsletter creation", 9), apart from
 * its machine: the draft and its products, the validation with the contract's limits
 * (NEWSLETTER_RULES), the images to upload, the request, and what a refusal shows, per field.
 */
import {
  NEWSLETTER_RULES,
  type CampaignKey,
  type CreateNewsletterRequest,
} from '../api/contract.ts';
import { ApiError } from '../api/errors.ts';
import { SERVER_MESSAGES, isServerMessage } from '../api/serverMessages.ts';
import { zagrebInstant } from '../lib/wallTime.ts';
import { newsletterFormMessages } from '../messages/newsletterForm.ts';
import { cleanLine, cleanMultiline } from '../api/text.ts';
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

export interface NewsletterFormContext extends NewsletterDraft {
  brand: string;
  products: ProductDraft[];
  nextKey: number;
  campaignIds: Record<CampaignKey, number> | null;
  errors: NewsletterFormErrors;
  /** The clock the rules are judged at (the injected `effects.now`). */
  now: () => Date;
}

export type NewsletterFormInput = { brand: string } & FormClock;

/** The fields a message can be about; the products' messages are about the list as a whole. */
export const NEWSLETTER_FIELDS = ['subject', 'scheduledAt', 'body', 'products'] as const;
export type NewsletterField = (typeof NEWSLETTER_FIELDS)[number];
export type NewsletterFormErrors = FormErrors<NewsletterField | FormLevel>;

/** The messages in the order of the form, each once: what the list under the form shows. */
export const errorMessages = (errors: NewsletterFormErrors) =>
  errorList(errors, [...NEWSLETTER_FIELDS, FORM_LEVEL]);

export type NewsletterFormEvent =
  | { type: 'EDIT'; values: Partial<NewsletterDraft> }
  | {
      type: 'EDIT_PRODUCT';
      key: number;
      values: Partial<Pick<ProductDraft, 'title' | 'price' | 'image'>>;
    }
  | { type: 'ADD_PRODUCT' }
  | { type: 'REMOVE_PRODUCT'; key: number }
  | { type: 'SUBMIT' };

/** A product whose image must be uploaded before the newsletter is created. */
export interface ImageToUpload {
  key: number;
  title: string;
  image: File;
}

const IMAGE_TYPES = NEWSLETTER_RULES.imageAccept.split(',');

export const emptyProduct = (key: number): ProductDraft => ({
  key,
  title: '',
  price: '',
  image: null,
  imageUrl: null,
});

export const initialDraft = (brand: string): NewsletterDraft => ({
  campaign: 'catalogs',
  subject: text.defaultSubject(brand),
  scheduledAt: '',
  body: text.defaultBody,
});

/** SPEC 5 "Newsletter": every broken rule, once each, in the order of the form. */
export function validateNewsletter(
  draft: NewsletterDraft,
  products: readonly ProductDraft[],
  now: Date,
): NewsletterFormErrors {
  const { errors, fail } = errorCollector<NewsletterField>();
  if (!cleanLine(draft.subject)) fail('subject', text.subjectRequired);
  const scheduledAt = zagrebInstant(draft.scheduledAt);
  if (!scheduledAt) fail('scheduledAt', text.dateRequired);
  else if (scheduledAt.getTime() <= now.getTime()) fail('scheduledAt', text.dateInFuture);
  if (!cleanMultiline(draft.body)) fail('body', text.bodyRequired);
  if (products.length === 0) fail('products', text.productsRequired);
  if (products.some((product) => !cleanLine(product.title) || !product.price.trim())) {
    fail('products', text.productsIncomplete);
  }
  if (
    products.some(
      (product) =>
        product.price.trim() && !NEWSLETTER_RULES.pricePattern.test(product.price.trim()),
    )
  ) {
    fail('products', text.priceFormat);
  }
  if (
    products.some(
      (product) =>
        product.imageUrl === null &&
        (product.image === null || !IMAGE_TYPES.includes(product.image.type)),
    )
  ) {
    fail('products', text.imageRequired);
  }
  return errors;
}

export function imagesToUpload(products: readonly ProductDraft[]): ImageToUpload[] {
  return products.flatMap((product) =>
    product.imageUrl === null && product.image
      ? [{ key: product.key, title: cleanLine(product.title), image: product.image }]
      : [],
  );
}

/** A validated draft as POST /newsletters takes it; the template name is unique per send. */
export function createNewsletterRequest(
  context: NewsletterFormContext,
  createdAt: Date,
): CreateNewsletterRequest {
  const subject = cleanLine(context.subject);
  return {
    subject,
    campaignId: context.campaignIds?.[context.campaign] ?? 0,
    templateName: `${subject.slice(0, 150)} (${createdAt.toISOString()})`,
    scheduledAt: zagrebInstant(context.scheduledAt)?.toISOString() ?? '',
    singleValues: { name: subject, body: cleanMultiline(context.body) },
    listValues: context.products.map((product) => ({
      title: cleanLine(product.title),
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
  const errors = errorsOf(error);
  if (Array.isArray(errors) && isServerMessage(errors[0], SERVER_MESSAGES.newsletterTaken)) {
    return text.duplicate;
  }
  if (error instanceof ApiError && error.status === 400 && errors && !Array.isArray(errors)) {
    const messages = Object.entries(errors);
    if (messages.some(([field]) => field.endsWith('.imageUrl'))) return text.reuploadImages;
    if (errors.scheduledAt?.includes(SERVER_MESSAGES.newsletterScheduledInPast)) {
      return text.dateInFuture;
    }
  }
  return text.loginAgain;
}

export const draftOf = (context: NewsletterFormContext): NewsletterDraft => ({
  campaign: context.campaign,
  subject: context.subject,
  scheduledAt: context.scheduledAt,
  body: context.body,
});

/** Where an upload refusal shows: under the products, or for the form when it says log in. */
export function uploadErrors(error: unknown): NewsletterFormErrors {
  const problem = imageUploadProblem(error);
  return { [problem === text.loginAgain ? FORM_LEVEL : 'products']: [problem] };
}

const FIELD_OF_CREATION_PROBLEM = new Map<string, NewsletterField>([
  [text.duplicate, 'subject'],
  [text.reuploadImages, 'products'],
  [text.dateInFuture, 'scheduledAt'],
]);

/** Where a creation refusal shows: under the field it is about, else for the form. */
export function creationErrors(error: unknown): NewsletterFormErrors {
  const problem = creationProblem(error);
  return { [FIELD_OF_CREATION_PROBLEM.get(problem) ?? FORM_LEVEL]: [problem] };
}

/** The product controls a products message is about, as `${key}-title|price|image`. */
export function productControlsToFix(products: readonly ProductDraft[]): string[] {
  return products.flatMap((product) => {
    const price = product.price.trim();
    return [
      !cleanLine(product.title) && `${product.key}-title`,
      (!price || !NEWSLETTER_RULES.pricePattern.test(price)) && `${product.key}-price`,
      product.imageUrl === null &&
        (product.image === null || !IMAGE_TYPES.includes(product.image.type)) &&
        `${product.key}-image`,
    ].filter((control) => typeof control === 'string');
  });
}

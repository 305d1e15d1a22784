/**
 * Create a newsletter (SPEC 2 admin screen 1, 5 "Newsletter", 8 "Newsletter creation", 9): the
 * campaign ids load first, then the form with its defaults (the catalogues campaign, the brand's
 * 'Istaknuta ponuda' title, a greeting). Submitting checks every SPEC 5 rule at once, uploads the
 * product images that are not uploaded yet, then creates the newsletter; success resets the form
 * and tells the list. A product keeps its uploaded image's URL until its image changes, so a
 * retry after a refused creation uploads nothing again. Injected: `loadCampaigns`,
 * `uploadImages`, `createNewsletter`, `notifyCreated` and `reportError`.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  NEWSLETTER_RULES,
  type CampaignKey,
  type CreateNewsletterRequest,
  type NewsletterSummary,
} from '../api/contract.ts';
import { ApiError } from '../api/errors.ts';
import { SERVER_MESSAGES, isServerMessage } from '../api/serverMessages.ts';
import { zagrebInstant } from '../lib/wallTime.ts';
import { newsletterFormMessages } from '../messages/newsletterForm.ts';
import { cleanLine, cleanMultiline } from '../api/text.ts';
import { reportEventError } from './form.ts';

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
  problems: string[];
}

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

const emptyProduct = (key: number): ProductDraft => ({
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
): string[] {
  const problems: string[] = [];
  if (!cleanLine(draft.subject)) problems.push(text.subjectRequired);
  const scheduledAt = zagrebInstant(draft.scheduledAt);
  if (!scheduledAt) problems.push(text.dateRequired);
  else if (scheduledAt.getTime() <= now.getTime()) problems.push(text.dateInFuture);
  if (!cleanMultiline(draft.body)) problems.push(text.bodyRequired);
  if (products.length === 0) problems.push(text.productsRequired);
  if (products.some((product) => !cleanLine(product.title) || !product.price.trim())) {
    problems.push(text.productsIncomplete);
  }
  if (
    products.some(
      (product) =>
        product.price.trim() && !NEWSLETTER_RULES.pricePattern.test(product.price.trim()),
    )
  ) {
    problems.push(text.priceFormat);
  }
  if (
    products.some(
      (product) =>
        product.imageUrl === null &&
        (product.image === null || !IMAGE_TYPES.includes(product.image.type)),
    )
  ) {
    problems.push(text.imageRequired);
  }
  return problems;
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

const draftOf = (context: NewsletterFormContext): NewsletterDraft => ({
  campaign: context.campaign,
  subject: context.subject,
  scheduledAt: context.scheduledAt,
  body: context.body,
});

export const newsletterFormMachine = setup({
  types: {
    input: {} as { brand: string },
    context: {} as NewsletterFormContext,
    events: {} as NewsletterFormEvent,
  },
  actors: {
    loadCampaigns: fromPromise<Record<CampaignKey, number>>(() =>
      Promise.reject(new Error('loadCampaigns is provided by the container')),
    ),
    uploadImages: fromPromise<string[], ImageToUpload[]>(() =>
      Promise.reject(new Error('uploadImages is provided by the container')),
    ),
    createNewsletter: fromPromise<NewsletterSummary, CreateNewsletterRequest>(() =>
      Promise.reject(new Error('createNewsletter is provided by the container')),
    ),
  },
  actions: {
    notifyCreated: (_, _text: string) => undefined,
    reportError: (_, _error: unknown) => undefined,
  },
  guards: {
    draftIsValid: ({ context }) =>
      validateNewsletter(draftOf(context), context.products, new Date()).length === 0,
    allUploaded: ({ context }) => imagesToUpload(context.products).length === 0,
    roomForAnotherProduct: ({ context }) => context.products.length < NEWSLETTER_RULES.productsMax,
  },
}).createMachine({
  id: 'newsletterForm',
  context: ({ input }) => ({
    ...initialDraft(input.brand),
    brand: input.brand,
    products: [emptyProduct(1)],
    nextKey: 2,
    campaignIds: null,
    problems: [],
  }),
  initial: 'loadingCampaigns',
  states: {
    loadingCampaigns: {
      invoke: {
        id: 'loadCampaigns',
        src: 'loadCampaigns',
        onDone: {
          target: 'editing',
          actions: assign({ campaignIds: ({ event }) => event.output }),
        },
        onError: {
          target: 'loadFailed',
          actions: reportEventError,
        },
      },
    },
    loadFailed: { type: 'final' },
    editing: {
      on: {
        EDIT: { actions: assign(({ event }) => ({ ...event.values, problems: [] })) },
        EDIT_PRODUCT: {
          actions: assign({
            problems: [],
            products: ({ context, event }) =>
              context.products.map((product) =>
                product.key !== event.key
                  ? product
                  : {
                      ...product,
                      ...event.values,
                      // A new image must be uploaded again; a new title goes with the newsletter.
                      imageUrl: 'image' in event.values ? null : product.imageUrl,
                    },
              ),
          }),
        },
        ADD_PRODUCT: {
          guard: 'roomForAnotherProduct',
          actions: assign({
            products: ({ context }) => [...context.products, emptyProduct(context.nextKey)],
            nextKey: ({ context }) => context.nextKey + 1,
            problems: [],
          }),
        },
        REMOVE_PRODUCT: {
          actions: assign({
            products: ({ context, event }) =>
              context.products.filter((product) => product.key !== event.key),
            problems: [],
          }),
        },
        SUBMIT: [
          { guard: 'draftIsValid', target: 'uploading' },
          {
            actions: assign({
              problems: ({ context }) =>
                validateNewsletter(draftOf(context), context.products, new Date()),
            }),
          },
        ],
      },
    },
    uploading: {
      entry: assign({ problems: [] }),
      always: { guard: 'allUploaded', target: 'creating' },
      invoke: {
        id: 'uploadImages',
        src: 'uploadImages',
        input: ({ context }) => imagesToUpload(context.products),
        onDone: {
          target: 'creating',
          actions: assign({
            products: ({ context, event }) => {
              const uploaded = imagesToUpload(context.products).map((image) => image.key);
              return context.products.map((product) => {
                const index = uploaded.indexOf(product.key);
                return index === -1
                  ? product
                  : { ...product, imageUrl: event.output[index] ?? null };
              });
            },
          }),
        },
        onError: {
          target: 'editing',
          actions: assign({ problems: ({ event }) => [imageUploadProblem(event.error)] }),
        },
      },
    },
    creating: {
      invoke: {
        id: 'createNewsletter',
        src: 'createNewsletter',
        input: ({ context }) => createNewsletterRequest(context, new Date()),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context }) => ({
              ...initialDraft(context.brand),
              products: [emptyProduct(context.nextKey)],
              nextKey: context.nextKey + 1,
              problems: [],
            })),
            { type: 'notifyCreated', params: text.created },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ problems: ({ event }) => [creationProblem(event.error)] }),
        },
      },
    },
  },
});

type NewsletterFormSnapshot = SnapshotFrom<typeof newsletterFormMachine>;

export const selectNewsletterDraft = (snapshot: NewsletterFormSnapshot) =>
  draftOf(snapshot.context);
export const selectNewsletterFormStatus = (snapshot: NewsletterFormSnapshot) =>
  snapshot.matches('loadingCampaigns')
    ? 'loading'
    : snapshot.matches('loadFailed')
      ? 'loadFailed'
      : snapshot.matches('uploading')
        ? 'uploading'
        : snapshot.matches('creating')
          ? 'creating'
          : 'editing';

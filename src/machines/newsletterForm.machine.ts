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
import { newsletterFormMessages } from '../messages/newsletterForm.ts';
import { clockOf, hasErrors, reportEventError } from './form.ts';
import {
  createNewsletterRequest,
  creationErrors,
  draftOf,
  emptyProduct,
  imagesToUpload,
  initialDraft,
  uploadErrors,
  validateNewsletter,
  type ImageToUpload,
  type NewsletterFormContext,
  type NewsletterFormEvent,
  type NewsletterFormInput,
} from './newsletterForm.rules.ts';

const text = newsletterFormMessages;

export const newsletterFormMachine = setup({
  types: {
    input: {} as NewsletterFormInput,
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
      !hasErrors(validateNewsletter(draftOf(context), context.products, context.now())),
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
    errors: {},
    now: clockOf(input),
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
        EDIT: { actions: assign(({ event }) => ({ ...event.values, errors: {} })) },
        EDIT_PRODUCT: {
          actions: assign({
            errors: {},
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
            errors: {},
          }),
        },
        REMOVE_PRODUCT: {
          actions: assign({
            products: ({ context, event }) =>
              context.products.filter((product) => product.key !== event.key),
            errors: {},
          }),
        },
        SUBMIT: [
          { guard: 'draftIsValid', target: 'uploading' },
          {
            actions: assign({
              errors: ({ context }) =>
                validateNewsletter(draftOf(context), context.products, context.now()),
            }),
          },
        ],
      },
    },
    uploading: {
      entry: assign({ errors: {} }),
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
          actions: assign({ errors: ({ event }) => uploadErrors(event.error) }),
        },
      },
    },
    creating: {
      invoke: {
        id: 'createNewsletter',
        src: 'createNewsletter',
        input: ({ context }) => createNewsletterRequest(context, context.now()),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context }) => ({
              ...initialDraft(context.brand),
              products: [emptyProduct(context.nextKey)],
              nextKey: context.nextKey + 1,
              errors: {},
            })),
            { type: 'notifyCreated', params: text.created },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ errors: ({ event }) => creationErrors(event.error) }),
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

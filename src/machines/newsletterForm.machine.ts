/**
 * Create a newsletter (SPEC 2 admin screen 1, 5 "Newsletter", 8 "Newsletter creation", 9), or
 * change a scheduled one (issue 28): the campaign ids load first, then the form with its
 * defaults (the catalogues campaign, the brand's 'Istaknuta ponuda' title with this month, a
 * greeting). `EDIT_NEWSLETTER` loads a scheduled newsletter into the form, `STOP_EDITING` goes
 * back to a new one. Submitting checks every SPEC 5 rule at once, uploads the product images
 * that are not uploaded yet, then creates (or changes) the newsletter; success resets the form
 * and tells the list. A product keeps its uploaded image's URL until its image changes, so a
 * retry after a refused creation uploads nothing again. Injected: `loadCampaigns`,
 * `loadNewsletter`, `uploadImages`, `createNewsletter`, `updateNewsletter`, `notifySaved`,
 * `reportError` and `dismissNotices` (the form's earlier toasts, closed by a new submit: issue 29).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  NEWSLETTER_RULES,
  type CampaignKey,
  type CreateNewsletterRequest,
  type NewsletterDetails,
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
  storedDraft,
  uploadErrors,
  validateNewsletter,
  withUploadedImages,
  ImageUploadStopped,
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
  // Stryker disable next-line ObjectLiteral: the container always provides loadCampaigns
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
    loadNewsletter: fromPromise<NewsletterDetails, number>(() =>
      Promise.reject(new Error('loadNewsletter is provided by the container')),
    ),
    updateNewsletter: fromPromise<undefined, { id: number; request: CreateNewsletterRequest }>(() =>
      Promise.reject(new Error('updateNewsletter is provided by the container')),
    ),
  },
  actions: {
    notifySaved: (_, _text: string) => undefined,
    reportError: (_, _error: unknown) => undefined,
    dismissNotices: () => undefined,
    startNew: assign(({ context }) => ({
      ...initialDraft(context.brand, context.now()),
      products: [emptyProduct(context.nextKey)],
      nextKey: context.nextKey + 1,
      errors: {},
      edited: null,
    })),
  },
  guards: {
    isEditing: ({ context }) => context.edited !== null,
    draftIsValid: ({ context }) =>
      !hasErrors(validateNewsletter(draftOf(context), context.products, context.now())),
    allUploaded: ({ context }) => imagesToUpload(context.products).length === 0,
    roomForAnotherProduct: ({ context }) => context.products.length < NEWSLETTER_RULES.productsMax,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'newsletterForm',
  context: ({ input }) => ({
    ...initialDraft(input.brand, clockOf(input)()),
    brand: input.brand,
    products: [emptyProduct(1)],
    nextKey: 2,
    campaignIds: null,
    errors: {},
    edited: null,
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
    loadingNewsletter: {
      invoke: {
        id: 'loadNewsletter',
        src: 'loadNewsletter',
        input: ({ event }) => (event as { id: number }).id,
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const { draft, products } = storedDraft(event.output, context.campaignIds);
            return {
              ...draft,
              products,
              nextKey: products.length + 1,
              errors: {},
              edited: {
                id: event.output.id,
                subject: event.output.subject,
                templateName: event.output.templateName,
              },
            };
          }),
        },
        onError: { target: 'editing', actions: reportEventError },
      },
    },
    editing: {
      on: {
        EDIT_NEWSLETTER: 'loadingNewsletter',
        STOP_EDITING: { actions: 'startNew' },
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
          { guard: 'draftIsValid', target: 'uploading', actions: 'dismissNotices' },
          {
            actions: [
              'dismissNotices',
              assign({
                errors: ({ context }) =>
                  validateNewsletter(draftOf(context), context.products, context.now()),
              }),
            ],
          },
        ],
      },
    },
    uploading: {
      entry: assign({ errors: {} }),
      always: { guard: 'allUploaded', target: 'saving' },
      invoke: {
        id: 'uploadImages',
        src: 'uploadImages',
        input: ({ context }) => imagesToUpload(context.products),
        onDone: {
          // Stryker disable next-line StringLiteral: with every image uploaded, uploading's always transition goes to saving whatever this target names
          target: 'saving',
          actions: assign({
            products: ({ context, event }) => withUploadedImages(context.products, event.output),
          }),
        },
        onError: {
          target: 'editing',
          actions: assign({
            errors: ({ event }) => uploadErrors(event.error),
            // The images the server took before the refusal are not uploaded again.
            products: ({ context, event }) =>
              event.error instanceof ImageUploadStopped
                ? withUploadedImages(context.products, event.error.uploaded)
                : context.products,
          }),
        },
      },
    },
    /** The uploads are done: create a new newsletter, or change the edited one. */
    saving: {
      always: [{ guard: 'isEditing', target: 'updating' }, { target: 'creating' }],
    },
    creating: {
      invoke: {
        id: 'createNewsletter',
        src: 'createNewsletter',
        input: ({ context }) => createNewsletterRequest(context, context.now()),
        onDone: {
          target: 'editing',
          actions: ['startNew', { type: 'notifySaved', params: text.created }],
        },
        onError: {
          target: 'editing',
          actions: assign({
            errors: ({ context, event }) => creationErrors(event.error, context.products),
          }),
        },
      },
    },
    updating: {
      invoke: {
        id: 'updateNewsletter',
        src: 'updateNewsletter',
        input: ({ context }) => ({
          // Stryker disable next-line OptionalChaining: updating is entered only through isEditing, so an edited newsletter is always there
          id: context.edited?.id ?? 0,
          request: createNewsletterRequest(context, context.now()),
        }),
        onDone: {
          target: 'editing',
          actions: ['startNew', { type: 'notifySaved', params: text.updated }],
        },
        onError: {
          target: 'editing',
          actions: assign({
            errors: ({ context, event }) => creationErrors(event.error, context.products),
          }),
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
      : snapshot.matches('loadingNewsletter')
        ? 'loadingNewsletter'
        : snapshot.matches('uploading')
          ? 'uploading'
          : snapshot.matches('creating')
            ? 'creating'
            : snapshot.matches('updating')
              ? 'updating'
              : 'editing';
/** The scheduled newsletter being changed, or null for a new one. */
export const selectEditedNewsletter = (snapshot: NewsletterFormSnapshot) => snapshot.context.edited;

import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  NEWSLETTER_RULES,
  type CampaignKey,
  type CreateNewsletterRequest,
} from '../api/contract.ts';
import {
  newsletterFormMachine,
  selectEditedNewsletter,
  selectNewsletterDraft,
  selectNewsletterFormStatus,
} from '../machines/newsletterForm.machine.ts';
import {
  ImageUploadStopped,
  errorMessages,
  productControlsToFix,
  type ImageToUpload,
} from '../machines/newsletterForm.rules.ts';
import {
  newsletterListMachine,
  selectNewsletterCancelling,
  selectNewsletterListBusy,
  selectNewsletterListStatus,
  selectNewsletterPreview,
  selectNewsletterToCancel,
} from '../machines/newsletterList.machine.ts';
import { NewsletterPage } from '../views/NewsletterPage.tsx';
import { useEffects } from './effects.tsx';
import { useInspect } from './inspector.tsx';
import { useSiteConfig } from './siteConfig.ts';
import { showError } from './toasts.tsx';

/** The toasts of the form and of the list: a new submit (or cancel, test mail) closes its own. */
// Stryker disable next-line StringLiteral: any name but the list's (or another screen's) works, '' included
const FORM_NOTICES = 'newsletter-form';
// Stryker disable next-line StringLiteral: any name but the form's (or another screen's) works, '' included
const LIST_NOTICES = 'newsletter-list';

/** /admin/newsletter: create a newsletter, and the newsletters below it (loaded on demand). */
export function NewsletterContainer() {
  const { api, notify, now } = useEffects();
  const config = useSiteConfig();
  const inspect = useInspect();
  const [list, sendList] = useMachine(
    newsletterListMachine.provide({
      actors: {
        loadNewsletters: fromPromise(() => api.newsletters.listNewsletters()),
        cancelNewsletter: fromPromise(async ({ input }: { input: number }) => {
          await api.newsletters.cancelNewsletter(input);
          return undefined;
        }),
        loadPreview: fromPromise(({ input }: { input: number }) =>
          api.newsletters.previewNewsletter(input),
        ),
        sendTest: fromPromise(async ({ input }: { input: number }) => {
          await api.newsletters.sendTestNewsletter(input);
          return undefined;
        }),
      },
      actions: {
        notify: (_, text) => notify.success(text, { source: LIST_NOTICES }),
        reportError: (_, error) => showError(notify, error, { source: LIST_NOTICES }),
        dismissNotices: () => notify.dismiss(LIST_NOTICES),
      },
    }),
    { inspect },
  );
  const [form, sendForm] = useMachine(
    newsletterFormMachine.provide({
      actors: {
        loadCampaigns: fromPromise(async () => {
          const [catalogs, courses] = await Promise.all([
            api.campaigns.campaignIdByName(config.campaigns.catalogs),
            api.campaigns.campaignIdByName(config.campaigns.courses),
          ]);
          return { catalogs, courses } satisfies Record<CampaignKey, number>;
        }),
        uploadImages: fromPromise(async ({ input }: { input: ImageToUpload[] }) => {
          const urls: string[] = [];
          // One at a time: each is decoded and re-encoded on the server.
          for (const product of input) {
            try {
              const { productImageUrl } = await api.newsletters.uploadImage(
                product.title,
                product.image,
              );
              urls.push(productImageUrl);
            } catch (error) {
              throw new ImageUploadStopped(error, urls);
            }
          }
          return urls;
        }),
        createNewsletter: fromPromise(({ input }: { input: CreateNewsletterRequest }) =>
          api.newsletters.createNewsletter(input),
        ),
        loadNewsletter: fromPromise(({ input }: { input: number }) =>
          api.newsletters.getNewsletter(input),
        ),
        updateNewsletter: fromPromise(
          async ({ input }: { input: { id: number; request: CreateNewsletterRequest } }) => {
            await api.newsletters.updateNewsletter(input.id, input.request);
            return undefined;
          },
        ),
      },
      actions: {
        notifySaved: (_, text) => {
          notify.success(text, { source: FORM_NOTICES });
          sendList({ type: 'RELOAD' });
        },
        reportError: (_, error) => showError(notify, error, { source: FORM_NOTICES }),
        dismissNotices: () => notify.dismiss(FORM_NOTICES),
      },
    }),
    { input: { brand: config.brand, now }, inspect },
  );
  return (
    <NewsletterPage
      rules={NEWSLETTER_RULES}
      form={{
        status: selectNewsletterFormStatus(form),
        draft: selectNewsletterDraft(form),
        products: form.context.products,
        errors: form.context.errors,
        problems: errorMessages(form.context.errors),
        // Stryker disable ArrayDeclaration: the view looks its controls' names ('1-title') up in it, and no control is named 'Stryker was here'
        invalidProductControls: form.context.errors.products
          ? productControlsToFix(form.context.products)
          : [],
        // Stryker restore ArrayDeclaration
        edited: selectEditedNewsletter(form),
        now: now(),
        onStopEditing: () => sendForm({ type: 'STOP_EDITING' }),
        onEdit: (values) => sendForm({ type: 'EDIT', values }),
        onEditProduct: (key, values) => sendForm({ type: 'EDIT_PRODUCT', key, values }),
        onAddProduct: () => sendForm({ type: 'ADD_PRODUCT' }),
        onRemoveProduct: (key) => sendForm({ type: 'REMOVE_PRODUCT', key }),
        onSubmit: () => sendForm({ type: 'SUBMIT' }),
      }}
      list={{
        status: selectNewsletterListStatus(list),
        newsletters: list.context.newsletters,
        busy: selectNewsletterListBusy(list),
        preview: selectNewsletterPreview(list),
        toCancel: selectNewsletterToCancel(list),
        cancelling: selectNewsletterCancelling(list),
        onReload: () => sendList({ type: 'RELOAD' }),
        onEditNewsletter: (id) => sendForm({ type: 'EDIT_NEWSLETTER', id }),
        onCancel: (id) => sendList({ type: 'CANCEL', id }),
        onConfirmCancel: () => sendList({ type: 'CONFIRM_CANCEL' }),
        onKeep: () => sendList({ type: 'KEEP' }),
        onPreview: (id) => sendList({ type: 'PREVIEW', id }),
        onSendTest: (id) => sendList({ type: 'SEND_TEST', id }),
        onClosePreview: () => sendList({ type: 'CLOSE_PREVIEW' }),
      }}
    />
  );
}

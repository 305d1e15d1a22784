/**
 * /admin/newsletter (SPEC 2 admin screen 1, 5 "Newsletter", issue 14, 28): the 'Stvori
 * newsletter' form (campaign, title, date and time in Zagreb, text, product rows with add and
 * remove; also changing a scheduled newsletter) and below it the newsletters with audience,
 * status and counts, edit, cancel (asked first), preview in a sandboxed frame and a test mail.
 * Pure: the container binds the newsletter form and list machines.
 */
import { useId } from 'react';
import type {
  CampaignKey,
  NEWSLETTER_RULES,
  NewsletterPreview,
  NewsletterSummary,
} from '../api/contract.ts';
import type {
  EditedNewsletter,
  NewsletterDraft,
  NewsletterFormErrors,
  ProductDraft,
  ProductPriceField,
} from '../machines/newsletterForm.rules.ts';
import { ZAGREB_TIME_ZONE } from '../lib/timeZone.ts';
import { newsletterFormMessages } from '../messages/newsletterForm.ts';
import { newsletterListMessages } from '../messages/newsletterList.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { FileInput } from './FileInput.tsx';
import { NewsletterPreviewFrame } from './NewsletterPreviewFrame.tsx';
import { NewsletterUndeliverable } from './NewsletterUndeliverable.tsx';
import { ErrorList } from './ErrorList.tsx';
import { useFormFields } from './formFields.tsx';
import { Spinner } from './Spinner.tsx';
import { DateTimePicker } from './form/DateTimePicker.tsx';
import { PriceInput } from './form/PriceInput.tsx';
import './NewsletterPage.css';
import './forms.css';

const text = newsletterFormMessages;
const listText = newsletterListMessages;
const CAMPAIGNS: CampaignKey[] = ['catalogs', 'courses'];
const scheduledFormat = new Intl.DateTimeFormat('hr-HR', {
  timeZone: ZAGREB_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});

export type NewsletterFormStatus =
  | 'loading'
  | 'loadFailed'
  | 'loadingNewsletter'
  | 'editing'
  | 'uploading'
  | 'creating'
  | 'updating';

const countFormat = new Intl.NumberFormat('hr-HR');
/** The field of a product's own price messages (the rules' `priceField`). */
const priceField = (key: number): ProductPriceField => `price-${key}`;

/** The counts in plain Croatian ('Poslano 4.980 od 5.000', …); none before sending starts. */
function countsText(counts: NewsletterSummary['counts']): string[] {
  const number = (count: number) => countFormat.format(count);
  const total = counts.pending + counts.sent + counts.failed + counts.skipped + counts.cancelled;
  if (total === 0) return [];
  const others = [
    counts.pending > 0 && listText.pending(number(counts.pending)),
    counts.failed > 0 && listText.failedCount(number(counts.failed)),
    counts.skipped > 0 && listText.skipped(number(counts.skipped)),
    counts.cancelled > 0 && listText.notSent(number(counts.cancelled)),
  ].filter((part) => typeof part === 'string');
  return [
    [listText.sentOf(number(counts.sent), number(total)), ...others].join(', '),
    ...(counts.uncertain > 0 ? [listText.uncertain(number(counts.uncertain))] : []),
  ];
}

export interface NewsletterPageProps {
  rules: typeof NEWSLETTER_RULES;
  form: {
    status: NewsletterFormStatus;
    draft: NewsletterDraft;
    products: readonly ProductDraft[];
    errors: NewsletterFormErrors;
    /** The messages of `errors` in the order of the form, each once. */
    problems: readonly string[];
    /** The product controls the products' messages are about, as `${key}-title|price|image`. */
    invalidProductControls: readonly string[];
    /** The scheduled newsletter being changed, or null for a new one. */
    edited: EditedNewsletter | null;
    /** The present: the date picker offers no earlier time. */
    now: Date;
    onStopEditing: () => void;
    onEdit: (values: Partial<NewsletterDraft>) => void;
    onEditProduct: (
      key: number,
      values: Partial<Pick<ProductDraft, 'title' | 'price' | 'image'>>,
    ) => void;
    onAddProduct: () => void;
    onRemoveProduct: (key: number) => void;
    onSubmit: () => void;
  };
  list: {
    status: 'loading' | 'failed' | 'ready';
    newsletters: readonly NewsletterSummary[];
    busy: boolean;
    preview: NewsletterPreview | null;
    /** The newsletter whose cancelling is asked (or runs), or null. */
    toCancel: NewsletterSummary | null;
    cancelling: boolean;
    onReload: () => void;
    onEditNewsletter: (id: number) => void;
    onCancel: (id: number) => void;
    onConfirmCancel: () => void;
    onKeep: () => void;
    onPreview: (id: number) => void;
    onSendTest: (id: number) => void;
    onClosePreview: () => void;
  };
}

export function NewsletterPage({ rules, form, list }: NewsletterPageProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="newsletter-page">
      <h1 id={`${id}-title`}>{text.title}</h1>
      {form.status === 'loading' ? (
        <div className="status">
          <Spinner label={text.loading} />
        </div>
      ) : form.status === 'loadFailed' ? (
        <p role="alert">{text.loadFailed}</p>
      ) : form.status === 'loadingNewsletter' ? (
        <div className="status">
          <Spinner label={text.loadingNewsletter} />
        </div>
      ) : (
        <NewsletterForm {...form} rules={rules} />
      )}
      <NewsletterList {...list} />
    </section>
  );
}

function NewsletterForm({
  status,
  draft,
  products,
  errors,
  problems,
  invalidProductControls,
  edited,
  now,
  onStopEditing,
  onEdit,
  onEditProduct,
  onAddProduct,
  onRemoveProduct,
  onSubmit,
  rules,
}: NewsletterPageProps['form'] & { rules: NewsletterPageProps['rules'] }) {
  const { id, form, invalid, describedBy, fieldErrors, errorId } =
    useFormFields<keyof NewsletterFormErrors>(errors);
  const busy = status !== 'editing';
  const fieldId = (name: string) => `${id}-${name}`;
  /** A product control the products' messages are about: marked, and described by them. */
  const productControl = (control: string) =>
    invalidProductControls.includes(control)
      ? { invalid: true, describedBy: errorId('products') }
      : { invalid: false, describedBy: undefined };
  const productProps = (control: string) => ({
    'aria-invalid': productControl(control).invalid || undefined,
    'aria-describedby': productControl(control).describedBy,
  });
  return (
    <form
      {...form}
      className="form form--wide"
      noValidate
      aria-describedby={problems.length > 0 ? `${id}-errors` : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSubmit();
      }}
    >
      {edited && (
        <div className="newsletter-page__editing">
          <p>{text.editing(edited.subject)}</p>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={onStopEditing}
          >
            {text.stopEditing}
          </button>
        </div>
      )}
      <div className="form__field">
        <label className="form__label" htmlFor={fieldId('campaign')}>
          {text.campaign}
        </label>
        <select
          id={fieldId('campaign')}
          className="form__input"
          value={draft.campaign}
          disabled={busy}
          onChange={(event) => onEdit({ campaign: event.target.value as CampaignKey })}
        >
          {CAMPAIGNS.map((campaign) => (
            <option key={campaign} value={campaign}>
              {text.campaigns[campaign]}
            </option>
          ))}
        </select>
      </div>
      <div className="form__field">
        <label className="form__label" htmlFor={fieldId('subject')}>
          {text.subject}
        </label>
        <input
          id={fieldId('subject')}
          className="form__input"
          type="text"
          autoComplete="off"
          maxLength={rules.subjectMaxLength}
          value={draft.subject}
          disabled={busy}
          aria-invalid={invalid('subject') || undefined}
          aria-describedby={describedBy('subject')}
          onChange={(event) => onEdit({ subject: event.target.value })}
        />
        {fieldErrors('subject')}
      </div>
      <div className="form__field">
        <label className="form__label" htmlFor={fieldId('scheduledAt')}>
          {text.scheduledAt}
        </label>
        <DateTimePicker
          id={fieldId('scheduledAt')}
          value={draft.scheduledAt}
          onChange={(wallTime) => onEdit({ scheduledAt: wallTime })}
          now={now}
          disabled={busy}
          invalid={invalid('scheduledAt')}
          describedBy={describedBy('scheduledAt', true)}
        />
        <p id={fieldId('scheduledAt-hint')} className="form__hint">
          {text.dateHint}
        </p>
        {fieldErrors('scheduledAt')}
      </div>
      <div className="form__field">
        <label className="form__label" htmlFor={fieldId('body')}>
          {text.body}
        </label>
        <textarea
          id={fieldId('body')}
          className="form__input form__multiline"
          rows={6}
          maxLength={rules.bodyMaxLength}
          value={draft.body}
          disabled={busy}
          aria-invalid={invalid('body') || undefined}
          aria-describedby={describedBy('body')}
          onChange={(event) => onEdit({ body: event.target.value })}
        />
        {fieldErrors('body')}
      </div>
      <fieldset
        className="newsletter-page__products"
        aria-describedby={invalid('products') ? errorId('products') : undefined}
      >
        <legend>{text.products}</legend>
        {fieldErrors('products')}
        {products.map((product, index) => (
          <fieldset key={product.key} className="newsletter-page__product">
            <legend>{text.product(index + 1)}</legend>
            <div className="form__field">
              <label className="form__label" htmlFor={fieldId(`title-${product.key}`)}>
                {text.productTitle}
              </label>
              <input
                id={fieldId(`title-${product.key}`)}
                className="form__input"
                type="text"
                autoComplete="off"
                maxLength={rules.productTitleMaxLength}
                value={product.title}
                disabled={busy}
                {...productProps(`${product.key}-title`)}
                onChange={(event) => onEditProduct(product.key, { title: event.target.value })}
              />
            </div>
            <div className="form__field">
              <label className="form__label" htmlFor={fieldId(`price-${product.key}`)}>
                {text.productPrice}
              </label>
              <PriceInput
                id={fieldId(`price-${product.key}`)}
                maxLength={rules.priceMaxLength}
                value={product.price}
                disabled={busy}
                invalid={
                  invalid(priceField(product.key)) || productControl(`${product.key}-price`).invalid
                }
                describedBy={
                  invalid(priceField(product.key))
                    ? describedBy(priceField(product.key))
                    : productControl(`${product.key}-price`).describedBy
                }
                onChange={(price) => onEditProduct(product.key, { price })}
              />
              {fieldErrors(priceField(product.key))}
            </div>
            <div className="form__field">
              <label className="form__label" htmlFor={fieldId(`image-${product.key}`)}>
                {text.productImage}
              </label>
              <FileInput
                id={fieldId(`image-${product.key}`)}
                className="form__input form__file"
                file={product.image}
                accept={rules.imageAccept}
                disabled={busy}
                {...productControl(`${product.key}-image`)}
                onChange={(event) =>
                  onEditProduct(product.key, { image: event.target.files?.[0] ?? null })
                }
              />
            </div>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => onRemoveProduct(product.key)}
            >
              {text.removeProduct(index + 1)}
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || products.length >= rules.productsMax}
          onClick={onAddProduct}
        >
          {text.addProduct}
        </button>
      </fieldset>
      <ErrorList id={`${id}-errors`} problems={problems} />
      <div className="form__actions">
        {status === 'uploading' || status === 'creating' || status === 'updating' ? (
          <Spinner
            label={
              status === 'uploading'
                ? text.uploading
                : status === 'creating'
                  ? text.creating
                  : text.saving
            }
          />
        ) : (
          <button type="submit" className="button">
            {edited ? text.saveChanges : text.submit}
          </button>
        )}
      </div>
    </form>
  );
}

function NewsletterList({
  status,
  newsletters,
  busy,
  preview,
  toCancel,
  cancelling,
  onReload,
  onEditNewsletter,
  onCancel,
  onConfirmCancel,
  onKeep,
  onPreview,
  onSendTest,
  onClosePreview,
}: NewsletterPageProps['list']) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-list`} className="newsletter-page__list">
      <h2 id={`${id}-list`}>{listText.title}</h2>
      {status === 'loading' ? (
        <div className="status">
          <Spinner label={listText.loading} />
        </div>
      ) : status === 'failed' ? (
        <div role="alert">
          <p>{listText.failed}</p>
          <button type="button" className="button" onClick={onReload}>
            {listText.retry}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={onReload}
        >
          {listText.reload}
        </button>
      )}
      {status === 'ready' && newsletters.length === 0 && <p>{listText.empty}</p>}
      {status === 'ready' && newsletters.length > 0 && (
        <ul className="newsletter-page__items">
          {newsletters.map((newsletter) => (
            <li key={newsletter.id} className="newsletter-page__item">
              <h3 id={`${id}-newsletter-${newsletter.id}`} tabIndex={-1}>
                {newsletter.subject}
              </h3>
              <p>{listText.audience(newsletter.campaignName)}</p>
              <p>
                {listText.status[newsletter.status]} · {listText.scheduledAt}{' '}
                {scheduledFormat.format(new Date(newsletter.scheduledAt))}
              </p>
              {countsText(newsletter.counts).map((line) => (
                <p key={line}>{line}</p>
              ))}
              <NewsletterUndeliverable recipients={newsletter.undeliverable} />
              <div className="newsletter-page__actions" aria-busy={busy || undefined}>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  aria-label={`${listText.preview}: ${newsletter.subject}`}
                  onClick={() => onPreview(newsletter.id)}
                >
                  {listText.preview}
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  aria-label={`${listText.sendTest}: ${newsletter.subject}`}
                  onClick={() => onSendTest(newsletter.id)}
                >
                  {listText.sendTest}
                </button>
                {newsletter.status === 'scheduled' && (
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={busy}
                    aria-label={`${listText.edit}: ${newsletter.subject}`}
                    onClick={() => onEditNewsletter(newsletter.id)}
                  >
                    {listText.edit}
                  </button>
                )}
                {(newsletter.status === 'scheduled' || newsletter.status === 'sending') && (
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={busy}
                    aria-label={`${listText.cancel}: ${newsletter.subject}`}
                    onClick={() => onCancel(newsletter.id)}
                  >
                    {listText.cancel}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {busy && !cancelling && <Spinner label={listText.working} />}
      {toCancel && (
        <ConfirmDialog
          title={listText.confirmCancelTitle}
          text={listText.confirmCancelText(toCancel.subject)}
          cancelLabel={listText.keep}
          confirmLabel={listText.confirmCancel}
          busyLabel={listText.cancelling}
          busy={cancelling}
          fallbackFocusId={`${id}-newsletter-${toCancel.id}`}
          onCancel={onKeep}
          onConfirm={onConfirmCancel}
        />
      )}
      {preview && (
        <section aria-labelledby={`${id}-preview`} className="newsletter-page__preview">
          <h3 id={`${id}-preview`}>{listText.previewTitle(preview.subject)}</h3>
          <button type="button" className="button button--secondary" onClick={onClosePreview}>
            {listText.closePreview}
          </button>
          <NewsletterPreviewFrame
            title={listText.previewTitle(preview.subject)}
            documentUrl={preview.documentUrl}
          />
        </section>
      )}
    </section>
  );
}

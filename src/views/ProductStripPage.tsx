/**
 * The home-page product strip admin (SPEC 2 admin screen 3, 4 "Product strip", 5 "Product form",
 * 9): the total and the page indicator, the collapsible 'Unesi novi proizvod' form, the table
 * (name, visible and highlighted switches, photo, delete) and the pagination, two pages around
 * the current one. Pure: the container binds the product strip machine.
 */
import { useId } from 'react';
import type { Product, ProductPage, PRODUCT_RULES } from '../api/contract.ts';
import type { ProductStripStage } from '../machines/productStrip.machine.ts';
import type {
  PendingToggle,
  ProductDraft,
  ProductDraftErrors,
  ProductDraftField,
} from '../machines/productStrip.rules.ts';
import { productStripMessages } from '../messages/productStrip.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ErrorList } from './ErrorList.tsx';
import { FileInput } from './FileInput.tsx';
import { useFormFields } from './formFields.tsx';
import { Spinner, SubmitOrSpinner } from './Spinner.tsx';
import { Switch } from './Switch.tsx';
import './forms.css';
import './ProductStripPage.css';

const text = productStripMessages;

export interface ProductStripPageProps {
  stage: ProductStripStage;
  page: ProductPage;
  /** The page numbers the pagination offers. */
  pageNumbers: readonly number[];
  /** Gestures count only while nothing else runs. */
  idle: boolean;
  pendingToggle: PendingToggle | null;
  productToDelete: Product | null;
  deleting: boolean;
  formOpen: boolean;
  draft: ProductDraft;
  errors: ProductDraftErrors;
  /** The messages of `errors` in the order of the form. */
  problems: readonly string[];
  creating: boolean;
  rules: typeof PRODUCT_RULES;
  onRetry: () => void;
  onGoToPage: (page: number) => void;
  onToggleShown: (id: number) => void;
  onToggleHighlighted: (id: number) => void;
  onAskDelete: (id: number) => void;
  onCancelDelete: () => void;
  onConfirmDelete: () => void;
  onToggleForm: () => void;
  onEdit: (values: Partial<ProductDraft>) => void;
  onSubmit: () => void;
}

export function ProductStripPage(props: ProductStripPageProps) {
  const { stage, page, productToDelete, deleting, onRetry, onCancelDelete, onConfirmDelete } =
    props;
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <section className="product-strip" aria-labelledby={titleId}>
      <h1 id={titleId} tabIndex={-1}>
        {text.title}
      </h1>
      {stage === 'ready' && (
        <p className="product-strip__summary">
          <span>{text.totalCount(page.totalCount)}</span>
          {page.totalPages > 0 && (
            <span>{text.pageIndicator(page.pageNumber, page.totalPages)}</span>
          )}
        </p>
      )}
      <NewProductForm {...props} />
      {stage === 'loading' && (
        <div className="status">
          <Spinner label={text.loading} />
        </div>
      )}
      {stage === 'failed' && (
        <div className="status">
          <p role="alert">{text.loadFailed}</p>
          <button type="button" className="button" onClick={onRetry}>
            {text.retry}
          </button>
        </div>
      )}
      {stage === 'ready' && page.items.length === 0 && <p className="status">{text.none}</p>}
      {stage === 'ready' && page.items.length > 0 && <ProductTable {...props} />}
      {stage === 'ready' && page.totalPages > 1 && <Pagination {...props} />}
      {productToDelete && (
        <ConfirmDialog
          title={text.confirmTitle}
          text={text.confirmText(productToDelete.name)}
          cancelLabel={text.confirmNo}
          confirmLabel={text.confirmYes}
          busyLabel={text.deleting}
          busy={deleting}
          fallbackFocusId={titleId}
          onCancel={onCancelDelete}
          onConfirm={onConfirmDelete}
        />
      )}
    </section>
  );
}

function ProductTable({
  page,
  idle,
  pendingToggle,
  onToggleShown,
  onToggleHighlighted,
  onAskDelete,
}: ProductStripPageProps) {
  const when = (action: () => void) => () => {
    if (idle) action();
  };
  return (
    <table className="product-strip__table" aria-busy={pendingToggle !== null || undefined}>
      <caption className="visually-hidden">{text.tableCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{text.columns.name}</th>
          <th scope="col">{text.columns.shown}</th>
          <th scope="col">{text.columns.highlighted}</th>
          <th scope="col">{text.columns.photo}</th>
          <th scope="col">{text.columns.delete}</th>
        </tr>
      </thead>
      <tbody>
        {page.items.map((product) => {
          const pending = pendingToggle?.id === product.id ? pendingToggle.patch : null;
          return (
            <tr key={product.id}>
              <th scope="row" className="product-strip__name">
                {product.name}
              </th>
              <td data-label={text.columns.shown}>
                <Switch
                  checked={product.isShownOnHomepage}
                  busy={pending?.isShownOnHomepage !== undefined}
                  label={text.shownSwitch(product.name)}
                  labelHidden
                  onToggle={when(() => onToggleShown(product.id))}
                />
              </td>
              <td data-label={text.columns.highlighted}>
                <Switch
                  checked={product.isHighlighted}
                  busy={pending?.isHighlighted !== undefined}
                  disabled={!product.isShownOnHomepage}
                  label={text.highlightedSwitch(product.name)}
                  labelHidden
                  onToggle={when(() => onToggleHighlighted(product.id))}
                />
              </td>
              <td className="product-strip__photo">
                <img
                  src={product.imageUrl}
                  alt={text.photoAlt(product.name)}
                  width={96}
                  height={72}
                  loading="lazy"
                />
              </td>
              <td className="product-strip__delete">
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={text.deleteProduct(product.name)}
                  onClick={when(() => onAskDelete(product.id))}
                >
                  {text.delete}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Pagination({ page, pageNumbers, idle, onGoToPage }: ProductStripPageProps) {
  const current = page.pageNumber;
  const go = (target: number) => () => {
    if (idle) onGoToPage(target);
  };
  return (
    <nav className="product-strip__pagination" aria-label={text.pagination}>
      <ul>
        <li>
          <button
            type="button"
            className="button button--secondary"
            disabled={current <= 1}
            onClick={go(current - 1)}
          >
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">{text.previousPage}</span>
          </button>
        </li>
        {pageNumbers.map((number) => (
          <li key={number}>
            <button
              type="button"
              className="button button--secondary"
              aria-label={text.page(number)}
              aria-current={number === current ? 'page' : undefined}
              onClick={go(number)}
            >
              {number}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="button button--secondary"
            disabled={current >= page.totalPages}
            onClick={go(current + 1)}
          >
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">{text.nextPage}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

function NewProductForm({
  idle,
  formOpen,
  draft,
  errors,
  problems,
  creating,
  rules,
  onToggleForm,
  onEdit,
  onSubmit,
}: ProductStripPageProps) {
  const { id, form, fieldId, invalid, describedBy, field } = useFormFields<
    ProductDraftField | 'isHighlighted'
  >(errors);
  const formId = `${id}-form`;
  return (
    <div className="product-strip__add">
      <button
        type="button"
        className="button button--secondary product-strip__add-toggle"
        aria-expanded={formOpen}
        aria-controls={formOpen ? formId : undefined}
        disabled={!idle}
        onClick={onToggleForm}
      >
        <span aria-hidden="true">{formOpen ? '−' : '+'}</span>
        {text.addToggle}
      </button>
      {formOpen && (
        <form
          {...form}
          id={formId}
          className="form product-strip__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (idle) onSubmit();
          }}
        >
          {field(
            'name',
            text.nameLabel,
            <input
              id={fieldId('name')}
              className="form__input"
              type="text"
              autoComplete="off"
              maxLength={rules.nameMaxLength}
              value={draft.name}
              disabled={!idle}
              aria-invalid={invalid('name') || undefined}
              aria-describedby={describedBy('name')}
              onChange={(event) => onEdit({ name: event.target.value })}
            />,
          )}
          {field(
            'image',
            text.imageLabel,
            <FileInput
              id={fieldId('image')}
              className="form__input"
              file={draft.image}
              accept={rules.imageAccept}
              disabled={!idle}
              invalid={invalid('image')}
              describedBy={describedBy('image', true)}
              onChange={(event) => onEdit({ image: event.target.files?.[0] ?? null })}
            />,
            text.imageHint,
          )}
          <div className="form__field product-strip__highlight">
            <input
              id={fieldId('isHighlighted')}
              type="checkbox"
              checked={draft.isHighlighted}
              disabled={!idle}
              aria-describedby={`${fieldId('isHighlighted')}-hint`}
              onChange={(event) => onEdit({ isHighlighted: event.target.checked })}
            />
            <label htmlFor={fieldId('isHighlighted')}>{text.highlightedLabel}</label>
            <p id={`${fieldId('isHighlighted')}-hint`} className="form__hint">
              {text.highlightedHint}
            </p>
          </div>
          <ErrorList id={`${id}-errors`} problems={problems} />
          <div className="form__actions">
            <SubmitOrSpinner
              submitting={creating}
              label={text.submit}
              submittingLabel={text.submitting}
            />
          </div>
        </form>
      )}
    </div>
  );
}

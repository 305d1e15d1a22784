import { useMachine } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { PRODUCT_RULES } from '../api/contract.ts';
import type { ProductPatch } from '../api/productWrites.ts';
import type { CreateProductRequest } from '../api/products.ts';
import {
  productStripMachine,
  selectCreatingProduct,
  selectDeletingProduct,
  selectPageWindow,
  selectPendingToggle,
  selectProductStripIdle,
  selectProductStripStage,
  selectProductToDelete,
} from '../machines/productStrip.machine.ts';
import { errorMessages, type ProductStripEvent } from '../machines/productStrip.rules.ts';
import { ProductStripPage, type ProductStripPageProps } from '../views/ProductStripPage.tsx';
import { useEffects } from './effects.tsx';
import { useInspect } from './inspector.tsx';
import { showError } from './toasts.tsx';

/** The toasts of this screen: a new submit or delete closes the earlier ones. */
// Stryker disable next-line StringLiteral: any name no other screen's toasts use works, '' included
const NOTICE_SOURCE = 'products';

/** /admin/products: the home-page product strip (staff). */
export function ProductStripContainer() {
  const { api, notify } = useEffects();
  const [snapshot, send] = useMachine(
    productStripMachine.provide({
      actors: {
        loadPage: fromPromise(({ input }: { input: { pageNumber: number; pageSize: number } }) =>
          api.products.listProducts(input),
        ),
        patchProduct: fromPromise(({ input }: { input: { id: number; patch: ProductPatch } }) =>
          api.products.patchProduct(input.id, input.patch),
        ),
        deleteProduct: fromPromise(async ({ input }: { input: { id: number } }) => {
          await api.products.deleteProduct(input.id);
          return undefined;
        }),
        createProduct: fromPromise(({ input }: { input: CreateProductRequest }) =>
          api.products.createProduct(input),
        ),
      },
      actions: {
        notifyDone: (_, text) => notify.success(text, { source: NOTICE_SOURCE }),
        notifyFailed: (_, text) => notify.error(text, { source: NOTICE_SOURCE }),
        reportError: (_, error) => showError(notify, error, { source: NOTICE_SOURCE }),
        dismissNotices: () => notify.dismiss(NOTICE_SOURCE),
      },
    }),
    { inspect: useInspect() },
  );
  return <ProductStripPage {...productStripPageProps(snapshot, send)} />;
}

/**
 * The strip's view props from a snapshot of its machine: the one binding of machine to view, used
 * by the container and by the view's tests alike.
 */
export function productStripPageProps(
  snapshot: SnapshotFrom<typeof productStripMachine>,
  send: (event: ProductStripEvent) => void,
): ProductStripPageProps {
  const { page, formOpen, draft, errors } = snapshot.context;
  return {
    stage: selectProductStripStage(snapshot),
    page,
    pageNumbers: selectPageWindow(snapshot),
    idle: selectProductStripIdle(snapshot),
    pendingToggle: selectPendingToggle(snapshot),
    productToDelete: selectProductToDelete(snapshot),
    deleting: selectDeletingProduct(snapshot),
    formOpen,
    draft,
    errors,
    problems: errorMessages(errors),
    creating: selectCreatingProduct(snapshot),
    rules: PRODUCT_RULES,
    onRetry: () => send({ type: 'RETRY' }),
    onGoToPage: (number) => send({ type: 'GO_TO_PAGE', page: number }),
    onToggleShown: (id) => send({ type: 'TOGGLE_SHOWN', id }),
    onToggleHighlighted: (id) => send({ type: 'TOGGLE_HIGHLIGHTED', id }),
    onAskDelete: (id) => send({ type: 'ASK_DELETE', id }),
    onCancelDelete: () => send({ type: 'CANCEL_DELETE' }),
    onConfirmDelete: () => send({ type: 'CONFIRM_DELETE' }),
    onToggleForm: () => send({ type: 'TOGGLE_FORM' }),
    onEdit: (values) => send({ type: 'EDIT', values }),
    onSubmit: () => send({ type: 'SUBMIT' }),
  };
}

/**
 * The product strip machine's rules at their edges (SPEC 5, 9), driven directly: the page range
 * of the pagination, which gestures are ignored, what a toggle sends, and the page after a
 * delete at the first page.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Product, ProductPage } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import type { CreateProductRequest } from '../../src/api/products.ts';
import {
  productStripMachine,
  selectCreatingProduct,
  selectDeletingProduct,
  selectPageWindow,
  selectPendingToggle,
  selectProductStripIdle,
  selectProductStripStage,
  selectProductToDelete,
} from '../../src/machines/productStrip.machine.ts';
import {
  createProductRequest,
  saveFailedText,
  validateProductDraft,
  type PendingToggle,
} from '../../src/machines/productStrip.rules.ts';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor } from '../support/model-based.ts';
import { aProduct } from '../support/products.ts';

/** A strip that answers every page with `page` (its number as asked) and records the calls. */
async function stripOn(page: ProductPage) {
  const loads: number[] = [];
  const patches: PendingToggle[] = [];
  const deletes: number[] = [];
  const actor = createActor(
    productStripMachine.provide({
      actors: {
        loadPage: fromPromise(
          async ({ input }: { input: { pageNumber: number; pageSize: number } }) => {
            loads.push(input.pageNumber);
            return { ...page, pageNumber: input.pageNumber };
          },
        ),
        patchProduct: fromPromise(async ({ input }: { input: PendingToggle }) => {
          patches.push(input);
          return aProduct(input.id);
        }),
        deleteProduct: fromPromise(async ({ input }: { input: { id: number } }) => {
          deletes.push(input.id);
          return undefined;
        }),
      },
    }),
  ).start();
  await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'browsing' }));
  const settled = () => waitFor(actor, (snapshot) => snapshot.matches({ ready: 'browsing' }));
  return { actor, loads, patches, deletes, settled };
}

const threePages: ProductPage = {
  items: [aProduct(1), aProduct(2, { isShownOnHomepage: false })],
  pageNumber: 1,
  pageSize: 10,
  totalPages: 3,
  totalCount: 22,
};

describe('pages', () => {
  it('goes to pages 1 to the last only, and never to the page shown', async () => {
    const strip = await stripOn(threePages);
    for (const page of [0, -1, 4, 1]) strip.actor.send({ type: 'GO_TO_PAGE', page });
    expect(strip.loads).toEqual([1]);
    strip.actor.send({ type: 'GO_TO_PAGE', page: 3 });
    await strip.settled();
    expect(strip.loads).toEqual([1, 3]);
    expect(strip.actor.getSnapshot().context.page.pageNumber).toBe(3);
    strip.actor.send({ type: 'GO_TO_PAGE', page: 1 });
    await strip.settled();
    expect(strip.loads).toEqual([1, 3, 1]);
  });

  it('deleting the only product of page 1 stays on page 1', async () => {
    const strip = await stripOn({ ...threePages, items: [aProduct(5)], totalPages: 1 });
    strip.actor.send({ type: 'ASK_DELETE', id: 5 });
    strip.actor.send({ type: 'CONFIRM_DELETE' });
    await strip.settled();
    expect(strip.deletes).toEqual([5]);
    expect(strip.loads).toEqual([1, 1]);
  });
});

describe('toggles', () => {
  it('sends the opposite of the stored value, one flag per patch', async () => {
    const strip = await stripOn(threePages);
    strip.actor.send({ type: 'TOGGLE_SHOWN', id: 2 });
    await strip.settled();
    strip.actor.send({ type: 'TOGGLE_HIGHLIGHTED', id: 1 });
    await strip.settled();
    expect(strip.patches).toEqual([
      { id: 2, patch: { isShownOnHomepage: true } },
      { id: 1, patch: { isHighlighted: true } },
    ]);
  });

  it('ignores a highlight of a hidden product and a toggle of a product not on the page', async () => {
    const strip = await stripOn(threePages);
    strip.actor.send({ type: 'TOGGLE_HIGHLIGHTED', id: 2 });
    strip.actor.send({ type: 'TOGGLE_SHOWN', id: 99 });
    strip.actor.send({ type: 'ASK_DELETE', id: 99 });
    strip.actor.send({ type: 'TOGGLE_HIGHLIGHTED', id: 99 });
    expect(strip.actor.getSnapshot().status).toBe('active');
    expect(strip.actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(strip.patches).toEqual([]);
  });
});

describe('the new product form', () => {
  const photo = new File(['x'], 'a.jpg', { type: 'image/jpeg' });

  it('needs a name that is more than spaces, and a photo', () => {
    expect(validateProductDraft({ name: ' \t ', image: photo, isHighlighted: false })).toEqual({
      name: ['Naziv novog produkta nije dodan.'],
    });
    expect(validateProductDraft({ name: 'A', image: null, isHighlighted: false })).toEqual({
      image: ['Fotografija novog produkta nije dodana'],
    });
    expect(validateProductDraft({ name: 'A', image: photo, isHighlighted: true })).toEqual({});
  });

  it('sends the trimmed name, shown, highlighted only when "Istaknuto" is chosen', () => {
    const draft = { name: '  Kofferdam  ', image: photo, isHighlighted: false };
    expect(createProductRequest(draft)).toEqual({
      name: 'Kofferdam',
      image: photo,
      isShownOnHomepage: true,
      isHighlighted: false,
    });
    expect(createProductRequest({ ...draft, isHighlighted: true })).toMatchObject({
      isShownOnHomepage: true,
      isHighlighted: true,
    });
  });

  it('ignores edits and submits while the form is closed', async () => {
    const strip = await stripOn(threePages);
    strip.actor.send({ type: 'EDIT', values: { name: 'Skriveno' } });
    strip.actor.send({ type: 'SUBMIT' });
    const { context } = strip.actor.getSnapshot();
    expect(context.draft).toEqual({ name: '', image: null, isHighlighted: false });
    expect(context.errors).toEqual({});
  });
});

/** A strip whose every call waits for the test to answer it. */
function heldStrip() {
  const loadPage = fakePromiseActor<ProductPage, { pageNumber: number; pageSize: number }>();
  const patchProduct = fakePromiseActor<Product, PendingToggle>();
  const deleteProduct = fakePromiseActor<undefined, { id: number }>();
  const createProduct = fakePromiseActor<Product, CreateProductRequest>();
  const done = vi.fn();
  const failed = vi.fn();
  const reported = vi.fn();
  const actor = createActor(
    productStripMachine.provide({
      actors: {
        loadPage: loadPage.logic,
        patchProduct: patchProduct.logic,
        deleteProduct: deleteProduct.logic,
        createProduct: createProduct.logic,
      },
      actions: {
        notifyDone: (_, message) => done(message),
        notifyFailed: (_, message) => failed(message),
        reportError: (_, error) => reported(error),
      },
    }),
  ).start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    snapshot,
    loadPage,
    patchProduct,
    deleteProduct,
    createProduct,
    done,
    failed,
    reported,
  };
}

const text = messages.productStrip;
const photo = new File(['x'], 'a.jpg', { type: 'image/jpeg' });

describe('the strip driven step by step', () => {
  it('asks page 1 of 10, then loads the last page when the one asked is past it', async () => {
    const strip = heldStrip();
    expect(selectProductStripStage(strip.snapshot())).toBe('loading');
    expect(strip.loadPage.calls).toEqual([{ pageNumber: 1, pageSize: 10 }]);
    await strip.loadPage.resolve({ ...threePages, pageNumber: 5, totalPages: 3 });
    expect(strip.loadPage.calls.at(-1)).toEqual({ pageNumber: 3, pageSize: 10 });
    await strip.loadPage.resolve({ ...threePages, pageNumber: 3 });
    expect(selectProductStripStage(strip.snapshot())).toBe('ready');
    expect(selectPageWindow(strip.snapshot())).toEqual([1, 2, 3]);
    expect(strip.snapshot().context.pageNumber).toBe(3);
  });

  it('shows an empty strip at page 1 of none, and the last page as it is', async () => {
    const empty = heldStrip();
    await empty.loadPage.resolve({ ...threePages, items: [], totalPages: 0, totalCount: 0 });
    expect(selectProductStripStage(empty.snapshot())).toBe('ready');
    expect(empty.loadPage.calls).toHaveLength(1);
    const last = heldStrip();
    await last.loadPage.resolve({ ...threePages, pageNumber: 3 });
    expect(selectProductStripStage(last.snapshot())).toBe('ready');
    expect(last.loadPage.calls).toHaveLength(1);
  });

  it('offers a retry after a failed load', async () => {
    const strip = heldStrip();
    await strip.loadPage.reject(new TypeError('Failed to fetch'));
    expect(selectProductStripStage(strip.snapshot())).toBe('failed');
    strip.actor.send({ type: 'RETRY' });
    expect(selectProductStripStage(strip.snapshot())).toBe('loading');
    expect(strip.loadPage.calls).toHaveLength(2);
  });

  it('replaces only the toggled row with the answer, and names the product when it fails', async () => {
    const strip = heldStrip();
    await strip.loadPage.resolve(threePages);
    strip.actor.send({ type: 'TOGGLE_SHOWN', id: 1 });
    expect(selectPendingToggle(strip.snapshot())).toEqual({
      id: 1,
      patch: { isShownOnHomepage: false },
    });
    expect(selectProductStripIdle(strip.snapshot())).toBe(false);
    await strip.patchProduct.resolve(aProduct(1, { isShownOnHomepage: false, name: 'Novo' }));
    expect(selectPendingToggle(strip.snapshot())).toBeNull();
    expect(selectProductStripIdle(strip.snapshot())).toBe(true);
    expect(strip.snapshot().context.page.items).toEqual([
      aProduct(1, { isShownOnHomepage: false, name: 'Novo' }),
      aProduct(2, { isShownOnHomepage: false }),
    ]);
    strip.actor.send({ type: 'TOGGLE_SHOWN', id: 2 });
    const refused = new ApiError(502, null);
    await strip.patchProduct.reject(refused);
    expect(strip.failed).toHaveBeenCalledWith(saveFailedText('Proizvod 2', refused));
    expect(selectPendingToggle(strip.snapshot())).toBeNull();
    expect(strip.snapshot().context.page.items[1]).toEqual(
      aProduct(2, { isShownOnHomepage: false }),
    );
  });

  it('asks before deleting, forgets the product on cancel or failure, and reports the failure', async () => {
    const strip = heldStrip();
    await strip.loadPage.resolve(threePages);
    strip.actor.send({ type: 'ASK_DELETE', id: 2 });
    expect(selectProductToDelete(strip.snapshot())).toEqual(
      aProduct(2, { isShownOnHomepage: false }),
    );
    strip.actor.send({ type: 'CANCEL_DELETE' });
    expect(selectProductToDelete(strip.snapshot())).toBeNull();
    expect(strip.deleteProduct.calls).toEqual([]);
    strip.actor.send({ type: 'ASK_DELETE', id: 2 });
    strip.actor.send({ type: 'CONFIRM_DELETE' });
    expect(selectDeletingProduct(strip.snapshot())).toBe(true);
    expect(strip.deleteProduct.calls).toEqual([{ id: 2 }]);
    const failure = new TypeError('Failed to fetch');
    await strip.deleteProduct.reject(failure);
    expect(strip.reported).toHaveBeenCalledWith(failure);
    expect(selectDeletingProduct(strip.snapshot())).toBe(false);
    expect(selectProductToDelete(strip.snapshot())).toBeNull();
    strip.actor.send({ type: 'ASK_DELETE', id: 1 });
    strip.actor.send({ type: 'CONFIRM_DELETE' });
    await strip.deleteProduct.resolve(undefined);
    expect(strip.done).toHaveBeenCalledWith(text.deleted);
    expect(selectProductToDelete(strip.snapshot())).toBeNull();
    expect(strip.loadPage.calls.at(-1)).toEqual({ pageNumber: 1, pageSize: 10 });
  });

  it('clears a field message when that field is edited and all messages when the form toggles', async () => {
    const strip = heldStrip();
    await strip.loadPage.resolve(threePages);
    strip.actor.send({ type: 'TOGGLE_FORM' });
    strip.actor.send({ type: 'SUBMIT' });
    expect(strip.snapshot().context.errors).toEqual(
      validateProductDraft({ name: '', image: null, isHighlighted: false }),
    );
    strip.actor.send({ type: 'EDIT', values: { name: 'A' } });
    expect(Object.keys(strip.snapshot().context.errors)).toEqual(['image']);
    strip.actor.send({ type: 'TOGGLE_FORM' });
    expect(strip.snapshot().context).toMatchObject({ formOpen: false, errors: {} });
    expect(strip.snapshot().context.draft).toEqual({
      name: 'A',
      image: null,
      isHighlighted: false,
    });
  });

  it('creates with the trimmed name, names it when refused, and shows page 1 after success', async () => {
    const strip = heldStrip();
    await strip.loadPage.resolve({ ...threePages, pageNumber: 2 });
    strip.actor.send({ type: 'TOGGLE_FORM' });
    strip.actor.send({ type: 'EDIT', values: { name: '  Kofferdam ', image: photo } });
    strip.actor.send({ type: 'SUBMIT' });
    expect(selectCreatingProduct(strip.snapshot())).toBe(true);
    const refused = new ApiError(400, { errors: ['Image is not a readable image.'] });
    await strip.createProduct.reject(refused);
    expect(strip.failed).toHaveBeenCalledWith(saveFailedText('Kofferdam', refused));
    expect(selectCreatingProduct(strip.snapshot())).toBe(false);
    expect(strip.snapshot().context.draft.name).toBe('  Kofferdam ');
    strip.actor.send({ type: 'SUBMIT' });
    await strip.createProduct.resolve(aProduct(9));
    expect(strip.done).toHaveBeenCalledWith(text.created);
    expect(strip.snapshot().context.draft).toEqual({ name: '', image: null, isHighlighted: false });
    expect(strip.loadPage.calls.at(-1)).toEqual({ pageNumber: 1, pageSize: 10 });
  });
});

describe('saveFailedText, at its edges', () => {
  it('shows an unknown server message as sent, and a thrown value as text', () => {
    expect(saveFailedText('A', new ApiError(400, { errors: ['Name is odd.'] }))).toBe(
      text.saveFailed('A', 'Name is odd.'),
    );
    expect(saveFailedText('A', 'offline')).toBe(text.saveFailed('A', 'offline'));
  });
});

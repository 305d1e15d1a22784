/**
 * The product strip machine's rules at their edges (SPEC 5, 9), driven directly: the page range
 * of the pagination, which gestures are ignored, what a toggle sends, and the page after a
 * delete at the first page.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ProductPage } from '../../src/api/contract.ts';
import {
  createProductRequest,
  productStripMachine,
  validateProductDraft,
  type PendingToggle,
} from '../../src/machines/productStrip.machine.ts';
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
    expect(strip.actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(strip.patches).toEqual([]);
  });
});

describe('the new product form', () => {
  const photo = new File(['x'], 'a.jpg', { type: 'image/jpeg' });

  it('needs a name that is more than spaces, and a photo', () => {
    expect(validateProductDraft({ name: ' \t ', image: photo })).toEqual({
      name: 'Naziv novog produkta nije dodan.',
    });
    expect(validateProductDraft({ name: 'A', image: null })).toEqual({
      image: 'Fotografija novog produkta nije dodana',
    });
    expect(validateProductDraft({ name: 'A', image: photo })).toEqual({});
  });

  it('sends the trimmed name, shown and not highlighted (SPEC 3)', () => {
    expect(createProductRequest({ name: '  Kofferdam  ', image: photo })).toEqual({
      name: 'Kofferdam',
      image: photo,
      isShownOnHomepage: true,
      isHighlighted: false,
    });
  });

  it('ignores edits and submits while the form is closed', async () => {
    const strip = await stripOn(threePages);
    strip.actor.send({ type: 'EDIT', values: { name: 'Skriveno' } });
    strip.actor.send({ type: 'SUBMIT' });
    const { context } = strip.actor.getSnapshot();
    expect(context.draft).toEqual({ name: '', image: null });
    expect(context.errors).toEqual({});
  });
});

import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { ProductPage } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { ProductStripContainer } from '../../src/app/ProductStripContainer.tsx';
import { productStripMachine } from '../../src/machines/productStrip.machine.ts';
import { messages } from '../../src/messages.ts';
import { fakeInspector } from '../support/inspected.tsx';
import { fakePromiseActor } from '../support/model-based.ts';
import { aProduct } from '../support/products.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const text = messages.productStrip;
const gloves = aProduct(1, { name: 'Nitrilne rukavice' });
const whitening = aProduct(2, { name: 'Set za izbjeljivanje' });
const firstPage: ProductPage = {
  items: [gloves, whitening],
  pageNumber: 1,
  pageSize: 10,
  totalPages: 1,
  totalCount: 2,
};

const loadPage = fakePromiseActor<ProductPage, { pageNumber?: number; pageSize?: number }>();
const deleteProduct = fakePromiseActor<undefined, number>();
const user = userEvent.setup();

it('shows the product strip machine to the Stately inspector (README "Inspecting the machines")', async () => {
  loadPage.reset();
  const inspector = fakeInspector();
  renderWithEffects(inspector.wrap(<ProductStripContainer />), {
    path: '/admin/products',
    api: { products: { listProducts: (query = {}) => loadPage.fn(query) } },
  });
  await act(async () => undefined);
  expect(inspector.machineIds()).toContain(productStripMachine.id);
});

it('a failed delete’s error toast is closed by the next delete, like the other toasts of the screen', async () => {
  loadPage.reset();
  deleteProduct.reset();
  const app = renderWithEffects(<ProductStripContainer />, {
    path: '/admin/products',
    api: {
      products: {
        listProducts: (query = {}) => loadPage.fn(query),
        deleteProduct: deleteProduct.fn,
      },
    },
  });
  await loadPage.resolve(firstPage);
  await user.click(screen.getByRole('button', { name: text.deleteProduct(gloves.name) }));
  await user.click(screen.getByRole('button', { name: text.confirmYes }));
  expect(deleteProduct.calls).toEqual([gloves.id]);
  await deleteProduct.reject(new ApiError(404, { errors: ['Product not found.'] }));
  // SPEC 8's generic handler: the error object's JSON.
  expect(app.notices).toEqual([
    { tone: 'error', text: 'Dogodila se pogreška: {"errors":["Product not found."]}' },
  ]);
  await user.click(screen.getByRole('button', { name: text.deleteProduct(whitening.name) }));
  await user.click(screen.getByRole('button', { name: text.confirmYes }));
  expect(deleteProduct.calls).toEqual([gloves.id, whitening.id]);
  // The old failure does not stand beside the new delete's outcome.
  expect(app.notices).toEqual([]);
});

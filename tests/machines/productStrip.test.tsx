import { fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Product, ProductPage } from '../../src/api/contract.ts';
import type { ProductPatch } from '../../src/api/productWrites.ts';
import { ApiError } from '../../src/api/errors.ts';
import type { CreateProductRequest } from '../../src/api/products.ts';
import { ProductStripContainer } from '../../src/app/ProductStripContainer.tsx';
import { productStripMachine } from '../../src/machines/productStrip.machine.ts';
import {
  PRODUCT_DRAFT_FIELDS,
  errorMessages,
  pageWindow,
  saveFailedText,
  type ProductStripContext,
} from '../../src/machines/productStrip.rules.ts';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';
import { aProduct } from '../support/products.ts';

const text = messages.productStrip;

const gloves = aProduct(1, { name: 'Nitrilne rukavice', isHighlighted: true });
const whitening = aProduct(2, { name: 'Set za izbjeljivanje', isShownOnHomepage: false });
/** The first of three pages. */
const firstPage: ProductPage = {
  items: [gloves, whitening],
  pageNumber: 1,
  pageSize: 10,
  totalPages: 3,
  totalCount: 25,
};
/** Asked for page 4 of 3: someone deleted products meanwhile. */
const pastTheEnd: ProductPage = { ...firstPage, items: [], pageNumber: 4 };
const emptyStrip: ProductPage = {
  items: [],
  pageNumber: 1,
  pageSize: 10,
  totalPages: 0,
  totalCount: 0,
};
const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'kofferdam.jpg', {
  type: 'image/jpeg',
});

const loadPage = fakePromiseActor<ProductPage, { pageNumber?: number; pageSize?: number }>();
const patchProduct = fakePromiseActor<Product, { id: number; patch: ProductPatch }>();
const deleteProduct = fakePromiseActor<undefined, number>();
const createProduct = fakePromiseActor<Product, CreateProductRequest>();

const user = userEvent.setup();
let app: ReturnType<typeof renderWithEffects>;

/** The container that ships (AdminContainer shows it at /admin/products), with fake calls. */
function renderStrip() {
  for (const fake of [loadPage, patchProduct, deleteProduct, createProduct]) fake.reset();
  app = renderWithEffects(<ProductStripContainer />, {
    path: '/admin/products',
    api: {
      products: {
        listProducts: (query = {}) => loadPage.fn(query),
        patchProduct: (id, patch) => patchProduct.fn({ id, patch }),
        deleteProduct: deleteProduct.fn,
        createProduct: createProduct.fn,
      },
    },
  });
  return app;
}

const shownSwitch = (product: Product) =>
  screen.getByRole('switch', { name: text.shownSwitch(product.name) });
const highlightedSwitch = (product: Product) =>
  screen.getByRole('switch', { name: text.highlightedSwitch(product.name) });
const rowNames = () => screen.queryAllByRole('rowheader').map((header) => header.textContent ?? '');
const dialog = () => screen.queryByRole('alertdialog', { name: text.confirmTitle });
const formToggle = () => screen.getByRole('button', { name: text.addToggle });
const highlightBox = () => screen.getByRole('checkbox', { name: text.highlightedLabel });
const nameInput = () => screen.queryByLabelText(text.nameLabel);
const imageInput = () => screen.getByLabelText(text.imageLabel);

/** The table as the context says, every switch with its confirmed value. */
function expectTable(context: ProductStripContext) {
  const { page } = context;
  expect(rowNames()).toEqual(page.items.map((product) => product.name));
  for (const product of page.items) {
    expect(shownSwitch(product)).toHaveAttribute('aria-checked', String(product.isShownOnHomepage));
    expect(highlightedSwitch(product)).toHaveAttribute(
      'aria-checked',
      String(product.isHighlighted),
    );
    if (product.isShownOnHomepage) expect(highlightedSwitch(product)).toBeEnabled();
    else expect(highlightedSwitch(product)).toBeDisabled();
    expect(screen.getByRole('img', { name: text.photoAlt(product.name) })).toHaveAttribute(
      'src',
      product.imageUrl,
    );
  }
  expect(screen.getByText(text.totalCount(page.totalCount))).toBeVisible();
  if (page.totalPages > 0) {
    expect(screen.getByText(text.pageIndicator(page.pageNumber, page.totalPages))).toBeVisible();
  }
  if (page.items.length === 0) expect(screen.getByText(text.none)).toBeVisible();
  const pagination = screen.queryByRole('navigation', { name: text.pagination });
  if (page.totalPages > 1) {
    expect(
      within(pagination ?? document.body)
        .getAllByRole('button', { name: /^Stranica \d+$/ })
        .map((button) => button.textContent),
    ).toEqual(pageWindow(page.pageNumber, page.totalPages).map(String));
    expect(screen.getByRole('button', { name: text.page(page.pageNumber) })).toHaveAttribute(
      'aria-current',
      'page',
    );
  } else {
    expect(pagination).not.toBeInTheDocument();
  }
}

/** The add form as the context says: open or closed, the draft, its messages. */
function expectForm(context: ProductStripContext) {
  expect(formToggle()).toHaveAttribute('aria-expanded', String(context.formOpen));
  if (!context.formOpen) {
    expect(nameInput()).not.toBeInTheDocument();
    return;
  }
  expect(nameInput()).toHaveValue(context.draft.name);
  expect(highlightBox()).toHaveProperty('checked', context.draft.isHighlighted);
  const form = within(nameInput()?.closest('form') ?? document.body);
  const problems = errorMessages(context.errors);
  if (problems.length === 0) expect(form.queryByRole('alert')).not.toBeInTheDocument();
  else expect(form.getByRole('alert')).toHaveTextContent(problems.join(''));
  for (const field of PRODUCT_DRAFT_FIELDS) {
    const messages = context.errors[field] ?? [];
    const control = form.getByLabelText(field === 'name' ? text.nameLabel : text.imageLabel);
    expect(control.getAttribute('aria-invalid')).toBe(messages.length > 0 ? 'true' : null);
    if (messages.length > 0)
      expect(control).toHaveAccessibleDescription(expect.stringContaining(messages.join(' ')));
  }
}

describe('product strip model', () => {
  testMachineModel(productStripMachine, {
    render: () => renderStrip(),
    fakes: { loadPage, patchProduct, deleteProduct, createProduct },
    sampleEvents: [
      { type: 'xstate.done.actor.loadPage', output: firstPage },
      { type: 'xstate.done.actor.loadPage', output: pastTheEnd },
      { type: 'xstate.error.actor.loadPage', error: new TypeError('Failed to fetch') },
      { type: 'GO_TO_PAGE', page: 2 },
      { type: 'TOGGLE_SHOWN', id: gloves.id },
      { type: 'TOGGLE_HIGHLIGHTED', id: gloves.id },
      { type: 'xstate.done.actor.patchProduct', output: { ...gloves, isHighlighted: false } },
      { type: 'xstate.error.actor.patchProduct', error: new ApiError(500, null) },
      { type: 'ASK_DELETE', id: whitening.id },
      { type: 'xstate.done.actor.deleteProduct' },
      { type: 'xstate.error.actor.deleteProduct', error: new ApiError(404, null) },
      { type: 'EDIT', values: { name: 'Kofferdam set', image: photo, isHighlighted: true } },
      { type: 'xstate.done.actor.createProduct', output: aProduct(30) },
      { type: 'xstate.error.actor.createProduct', error: new ApiError(500, null) },
    ],
    states: {
      loading: ({ context }) => {
        expect(screen.getByRole('status')).toHaveTextContent(text.loading);
        expect(rowNames()).toEqual([]);
        expect(loadPage.calls.at(-1)).toEqual({ pageNumber: context.pageNumber, pageSize: 10 });
      },
      failed: () => {
        expect(screen.getByText(text.loadFailed)).toHaveAttribute('role', 'alert');
        expect(screen.getByRole('button', { name: text.retry })).toBeVisible();
        expect(rowNames()).toEqual([]);
      },
      'ready.browsing': ({ context }) => {
        expectTable(context);
        expectForm(context);
        expect(dialog()).not.toBeInTheDocument();
        expect(screen.queryByRole('table')).not.toHaveAttribute('aria-busy');
      },
      'ready.toggling': ({ context }) => {
        // Not yet confirmed: the switch still shows the stored value, busy.
        expectTable(context);
        const pending = context.pendingToggle;
        const product = context.page.items.find((item) => item.id === pending?.id);
        if (!pending || !product) throw new Error('toggling without a pending product');
        expect(patchProduct.calls.at(-1)).toEqual(pending);
        const toggled =
          pending.patch.isShownOnHomepage === undefined
            ? highlightedSwitch(product)
            : shownSwitch(product);
        expect(toggled).toHaveAttribute('aria-busy', 'true');
        expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
      },
      'ready.confirmingDelete': ({ context }) => {
        expect(dialog()).toBeVisible();
        expect(dialog()).toHaveTextContent(text.confirmText(context.productToDelete?.name ?? ''));
        expect(screen.getByRole('button', { name: text.confirmNo })).toHaveFocus();
        expect(screen.getByRole('button', { name: text.confirmYes })).toBeVisible();
      },
      'ready.deleting': ({ context }) => {
        expect(deleteProduct.calls.at(-1)).toBe(context.productToDelete?.id);
        expect(within(dialog() ?? document.body).getByRole('status')).toHaveTextContent(
          text.deleting,
        );
        expect(screen.queryByRole('button', { name: text.confirmYes })).not.toBeInTheDocument();
      },
      'ready.creating': ({ context }) => {
        expect(createProduct.calls.at(-1)).toEqual({
          name: context.draft.name,
          image: photo,
          isShownOnHomepage: true,
          isHighlighted: context.draft.isHighlighted,
        });
        expect(screen.getByRole('status')).toHaveTextContent(text.submitting);
        expect(nameInput()).toBeDisabled();
      },
    },
    events: {
      RETRY: () => user.click(screen.getByRole('button', { name: text.retry })),
      GO_TO_PAGE: (event) =>
        user.click(screen.getByRole('button', { name: text.page(event.page) })),
      TOGGLE_SHOWN: () => user.click(shownSwitch(gloves)),
      TOGGLE_HIGHLIGHTED: () => user.click(highlightedSwitch(gloves)),
      ASK_DELETE: () =>
        user.click(screen.getByRole('button', { name: text.deleteProduct(whitening.name) })),
      CANCEL_DELETE: () => user.click(screen.getByRole('button', { name: text.confirmNo })),
      CONFIRM_DELETE: () => user.click(screen.getByRole('button', { name: text.confirmYes })),
      TOGGLE_FORM: () => user.click(formToggle()),
      EDIT: async (event) => {
        const { values } = event as unknown as {
          values: { name: string; image: File; isHighlighted: boolean };
        };
        const name = nameInput();
        // A closed form cannot be typed into, and the machine ignores the edit.
        if (name === null) return;
        await user.clear(name);
        await user.type(name, values.name);
        await user.upload(imageInput(), values.image);
        const box = highlightBox();
        if ((box as HTMLInputElement).checked !== values.isHighlighted) await user.click(box);
      },
      SUBMIT: () => user.click(screen.getByRole('button', { name: text.submit })),
    },
  });
});

describe('product strip journeys pinned by hand', () => {
  async function openOn(page: ProductPage) {
    renderStrip();
    await loadPage.resolve(page);
  }

  it('shows each message under its field, marked and described, and focuses the first', async () => {
    await openOn(firstPage);
    await user.click(formToggle());
    await user.click(screen.getByRole('button', { name: text.submit }));
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    expect(nameInput()).toHaveAccessibleDescription(text.nameRequired);
    expect(imageInput()).toHaveAttribute('aria-invalid', 'true');
    expect(imageInput()).toHaveAccessibleDescription(`${text.imageHint} ${text.imageRequired}`);
    expect(nameInput()).toHaveFocus();
    fireEvent.change(nameInput() ?? document.body, { target: { value: 'Kofferdam' } });
    await user.click(screen.getByRole('button', { name: text.submit }));
    expect(nameInput()).not.toHaveAttribute('aria-invalid');
    expect(imageInput()).toHaveFocus();
  });

  it('shows the total, the page indicator and the first page, newest first as answered', async () => {
    await openOn(firstPage);
    expect(loadPage.calls).toEqual([{ pageNumber: 1, pageSize: 10 }]);
    expect(screen.getByText('Ukupno proizvoda: 25')).toBeVisible();
    expect(screen.getByText('Stranica 1 od 3')).toBeVisible();
    expect(rowNames()).toEqual(['Nitrilne rukavice', 'Set za izbjeljivanje']);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Naziv',
      'Vidljiv',
      'Istaknut',
      'Fotografija',
      'Brisanje',
    ]);
  });

  it('a toggle shows its new value only once the server confirmed it', async () => {
    await openOn(firstPage);
    await user.click(shownSwitch(whitening));
    expect(patchProduct.calls).toEqual([{ id: 2, patch: { isShownOnHomepage: true } }]);
    expect(shownSwitch(whitening)).toHaveAttribute('aria-checked', 'false');
    await patchProduct.resolve({ ...whitening, isShownOnHomepage: true });
    expect(shownSwitch(whitening)).toHaveAttribute('aria-checked', 'true');
    expect(highlightedSwitch(whitening)).toBeEnabled();
    expect(app.notices).toEqual([]);
  });

  it('a failed toggle keeps the old value and says so with the SPEC 8 toast', async () => {
    await openOn(firstPage);
    await user.click(highlightedSwitch(gloves));
    expect(patchProduct.calls).toEqual([{ id: 1, patch: { isHighlighted: false } }]);
    await patchProduct.reject(new ApiError(503, { errors: ['Service unavailable.'] }));
    expect(highlightedSwitch(gloves)).toHaveAttribute('aria-checked', 'true');
    expect(highlightedSwitch(gloves)).not.toHaveAttribute('aria-busy');
    expect(app.notices).toEqual([
      {
        tone: 'error',
        text: 'Pohrana proizvoda Nitrilne rukavice nije uspjela: Service unavailable.',
      },
    ]);
    expect(highlightedSwitch(gloves)).toHaveFocus();
  });

  it('hiding a highlighted product shows the cleared highlight the server answered', async () => {
    await openOn(firstPage);
    await user.click(shownSwitch(gloves));
    await patchProduct.resolve({ ...gloves, isShownOnHomepage: false, isHighlighted: false });
    expect(shownSwitch(gloves)).toHaveAttribute('aria-checked', 'false');
    expect(highlightedSwitch(gloves)).toHaveAttribute('aria-checked', 'false');
    expect(highlightedSwitch(gloves)).toBeDisabled();
  });

  it('a hidden product cannot be highlighted: its switch is disabled and asks nothing', async () => {
    await openOn(firstPage);
    expect(highlightedSwitch(whitening)).toBeDisabled();
    await user.click(highlightedSwitch(whitening));
    expect(patchProduct.calls).toEqual([]);
  });

  it('deleting the last product of the last page moves to the previous page', async () => {
    const lastPage: ProductPage = {
      items: [aProduct(21, { name: 'Zadnji proizvod' })],
      pageNumber: 3,
      pageSize: 10,
      totalPages: 3,
      totalCount: 21,
    };
    await openOn(firstPage);
    await user.click(screen.getByRole('button', { name: 'Stranica 3' }));
    await loadPage.resolve(lastPage);
    await user.click(screen.getByRole('button', { name: 'Obriši proizvod Zadnji proizvod' }));
    expect(dialog()).toHaveTextContent('Obrisati odabrani proizvod?');
    await user.click(screen.getByRole('button', { name: 'Trajno obriši' }));
    expect(deleteProduct.calls).toEqual([21]);
    await deleteProduct.resolve(undefined);
    expect(app.notices).toEqual([
      { tone: 'success', text: 'Proizvod obrisan s početne stranice.' },
    ]);
    expect(loadPage.calls.at(-1)).toEqual({ pageNumber: 2, pageSize: 10 });
    await loadPage.resolve({ ...firstPage, pageNumber: 2, totalPages: 2, totalCount: 20 });
    expect(screen.getByText('Stranica 2 od 2')).toBeVisible();
  });

  it('deleting one of several products reloads the same page', async () => {
    await openOn({ ...firstPage, pageNumber: 2 });
    await user.click(screen.getByRole('button', { name: `Obriši proizvod ${gloves.name}` }));
    await user.click(screen.getByRole('button', { name: 'Trajno obriši' }));
    await deleteProduct.resolve(undefined);
    expect(loadPage.calls.at(-1)).toEqual({ pageNumber: 2, pageSize: 10 });
  });

  it('the only product of page 1 deleted: page 1 again, now empty', async () => {
    await openOn({ ...emptyStrip, items: [gloves], totalPages: 1, totalCount: 1 });
    await user.click(screen.getByRole('button', { name: `Obriši proizvod ${gloves.name}` }));
    await user.click(screen.getByRole('button', { name: 'Trajno obriši' }));
    await deleteProduct.resolve(undefined);
    expect(loadPage.calls.at(-1)).toEqual({ pageNumber: 1, pageSize: 10 });
    await loadPage.resolve(emptyStrip);
    expect(screen.getByText(text.none)).toBeVisible();
    expect(screen.getByText('Ukupno proizvoda: 0')).toBeVisible();
    // The deleted product's button is gone, so focus goes to the page title.
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it("'Odustani' keeps the product; a failed delete keeps it too, with the generic error toast", async () => {
    await openOn(firstPage);
    await user.click(screen.getByRole('button', { name: `Obriši proizvod ${gloves.name}` }));
    await user.click(screen.getByRole('button', { name: 'Odustani' }));
    expect(dialog()).not.toBeInTheDocument();
    expect(deleteProduct.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: `Obriši proizvod ${gloves.name}` }));
    await user.click(screen.getByRole('button', { name: 'Trajno obriši' }));
    await deleteProduct.reject(new ApiError(404, { errors: ['Product not found.'] }));
    expect(app.notices).toEqual([
      { tone: 'error', text: 'Dogodila se pogreška: {"errors":["Product not found."]}' },
    ]);
    expect(rowNames()).toEqual([gloves.name, whitening.name]);
  });

  it('pages: two around the current one, previous and next', async () => {
    const page5of9: ProductPage = { ...firstPage, pageNumber: 5, totalPages: 9, totalCount: 85 };
    await openOn(firstPage);
    await user.click(screen.getByRole('button', { name: 'Stranica 3' }));
    await loadPage.resolve({ ...page5of9, pageNumber: 3 });
    expect(
      within(screen.getByRole('navigation', { name: text.pagination }))
        .getAllByRole('button', { name: /^Stranica \d+$/ })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    await user.click(screen.getByRole('button', { name: 'Sljedeća stranica' }));
    expect(loadPage.calls.at(-1)).toEqual({ pageNumber: 4, pageSize: 10 });
    await loadPage.resolve({ ...page5of9, pageNumber: 4 });
    await user.click(screen.getByRole('button', { name: 'Stranica 6' }));
    await loadPage.resolve({ ...page5of9, pageNumber: 6 });
    await user.click(screen.getByRole('button', { name: 'Prethodna stranica' }));
    expect(loadPage.calls.at(-1)).toEqual({ pageNumber: 5, pageSize: 10 });
  });

  it('a page past the last (products deleted meanwhile) loads the last page instead', async () => {
    renderStrip();
    await loadPage.resolve(pastTheEnd);
    expect(loadPage.calls.at(-1)).toEqual({ pageNumber: 3, pageSize: 10 });
  });

  it('a failed load offers to try again', async () => {
    renderStrip();
    await loadPage.reject(new TypeError('Failed to fetch'));
    expect(screen.getByRole('alert')).toHaveTextContent('Učitavanje proizvoda nije uspjelo.');
    await user.click(screen.getByRole('button', { name: 'Pokušaj ponovno' }));
    expect(loadPage.calls).toHaveLength(2);
  });

  it('the form lists both SPEC 5 messages at once, and sends nothing', async () => {
    await openOn(firstPage);
    await user.click(formToggle());
    await user.click(screen.getByRole('button', { name: 'Dodaj proizvod' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Naziv novog produkta nije dodan.Fotografija novog produkta nije dodana',
    );
    expect(createProduct.calls).toEqual([]);
    await user.type(nameInput() ?? document.body, '   ');
    await user.click(screen.getByRole('button', { name: 'Dodaj proizvod' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Naziv novog produkta nije dodan.');
    await user.upload(imageInput(), photo);
    await user.click(screen.getByRole('button', { name: 'Dodaj proizvod' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Naziv novog produkta nije dodan\.$/);
  });

  it("adds a highlighted product when 'Istaknuto' is chosen, and resets the box after", async () => {
    await openOn(firstPage);
    await user.click(formToggle());
    await user.type(nameInput() ?? document.body, 'Kofferdam set');
    await user.upload(imageInput(), photo);
    await user.click(highlightBox());
    expect(highlightBox()).toHaveAccessibleDescription(text.highlightedHint);
    await user.click(screen.getByRole('button', { name: 'Dodaj proizvod' }));
    expect(createProduct.calls).toEqual([
      { name: 'Kofferdam set', image: photo, isShownOnHomepage: true, isHighlighted: true },
    ]);
    await createProduct.resolve(aProduct(30, { name: 'Kofferdam set', isHighlighted: true }));
    expect(highlightBox()).not.toBeChecked();
  });

  it('adds a product shown and not highlighted, resets the form, shows page 1 again', async () => {
    await openOn({ ...firstPage, pageNumber: 2 });
    await user.click(formToggle());
    await user.type(nameInput() ?? document.body, '  Kofferdam set ');
    await user.upload(imageInput(), photo);
    await user.click(screen.getByRole('button', { name: 'Dodaj proizvod' }));
    expect(createProduct.calls).toEqual([
      { name: 'Kofferdam set', image: photo, isShownOnHomepage: true, isHighlighted: false },
    ]);
    await createProduct.resolve(aProduct(30, { name: 'Kofferdam set' }));
    expect(app.notices).toEqual([
      { tone: 'success', text: 'Proizvod uspješno dodan na početnu stranicu!' },
    ]);
    expect(loadPage.calls.at(-1)).toEqual({ pageNumber: 1, pageSize: 10 });
    expect(nameInput()).toHaveValue('');
    expect((imageInput() as HTMLInputElement).files).toHaveLength(0);
  });

  it('a refused create keeps the draft and says why, in Croatian where the server is known', async () => {
    await openOn(firstPage);
    await user.click(formToggle());
    await user.type(nameInput() ?? document.body, 'Kofferdam set');
    await user.upload(imageInput(), photo);
    await user.click(screen.getByRole('button', { name: 'Dodaj proizvod' }));
    await createProduct.reject(
      new ApiError(400, {
        errors: { Image: ['Image must be a JPEG, PNG, WebP, AVIF or HEIC image.'] },
      }),
    );
    expect(app.notices).toEqual([
      {
        tone: 'error',
        text: 'Pohrana proizvoda Kofferdam set nije uspjela: fotografija mora biti JPEG, PNG, WebP, AVIF ili HEIC.',
      },
    ]);
    expect(nameInput()).toHaveValue('Kofferdam set');
    // SPEC 8's toast names the problem; the refused field is marked and described too.
    expect(imageInput()).toHaveAttribute('aria-invalid', 'true');
    expect(imageInput()).toHaveAccessibleDescription(
      `${text.imageHint} Fotografija mora biti JPEG, PNG, WebP, AVIF ili HEIC.`,
    );
  });

  it('a submit the form refuses closes the earlier toast too', async () => {
    await openOn(firstPage);
    await user.click(formToggle());
    await user.type(nameInput() ?? document.body, 'Kofferdam set');
    await user.upload(imageInput(), photo);
    await user.click(screen.getByRole('button', { name: 'Dodaj proizvod' }));
    await createProduct.reject(new ApiError(500, null));
    expect(app.notices).toHaveLength(1);
    fireEvent.change(nameInput() ?? document.body, { target: { value: '   ' } });
    await user.click(screen.getByRole('button', { name: 'Dodaj proizvod' }));
    expect(createProduct.calls).toHaveLength(1);
    expect(app.notices).toEqual([]);
  });

  it('a new submit closes the earlier toasts: an old success never stands beside a new failure', async () => {
    await openOn(firstPage);
    await user.click(formToggle());
    await user.type(nameInput() ?? document.body, 'Kofferdam set');
    await user.upload(imageInput(), photo);
    await user.click(screen.getByRole('button', { name: 'Dodaj proizvod' }));
    await createProduct.resolve(aProduct(30, { name: 'Kofferdam set' }));
    await loadPage.resolve(firstPage);
    expect(app.notices).toEqual([
      { tone: 'success', text: 'Proizvod uspješno dodan na početnu stranicu!' },
    ]);
    await user.type(nameInput() ?? document.body, 'Retraktor');
    await user.upload(imageInput(), photo);
    await user.click(screen.getByRole('button', { name: 'Dodaj proizvod' }));
    expect(app.notices).toEqual([]);
    await createProduct.reject(new ApiError(409, { errors: ['Conflict.'] }));
    expect(app.notices).toHaveLength(1);
    expect(app.notices[0]?.tone).toBe('error');
    // A delete closes them too.
    await user.click(screen.getByRole('button', { name: `Obriši proizvod ${gloves.name}` }));
    await user.click(screen.getByRole('button', { name: 'Trajno obriši' }));
    expect(app.notices).toEqual([]);
  });

  it('the form collapses and opens again from its button', async () => {
    await openOn(firstPage);
    expect(formToggle()).toHaveAttribute('aria-expanded', 'false');
    await user.click(formToggle());
    expect(nameInput()).toBeVisible();
    await user.click(formToggle());
    expect(nameInput()).not.toBeInTheDocument();
  });
});

describe('saveFailedText', () => {
  it('names the product and says what went wrong, in Croatian for the photo messages', () => {
    const refused = (message: string) => new ApiError(413, { errors: [message] });
    expect(saveFailedText('A', refused('The file in Image is larger than 10 MB.'))).toBe(
      'Pohrana proizvoda A nije uspjela: fotografija je veća od 10 MB.',
    );
    expect(saveFailedText('A', refused('Image is not a readable image.'))).toBe(
      'Pohrana proizvoda A nije uspjela: fotografija nije ispravna slika.',
    );
    expect(saveFailedText('A', new ApiError(502, null))).toBe(
      'Pohrana proizvoda A nije uspjela: HTTP 502',
    );
    expect(saveFailedText('A', new TypeError('Failed to fetch'))).toBe(
      'Pohrana proizvoda A nije uspjela: Failed to fetch',
    );
  });
});

describe('pageWindow', () => {
  it('shows two pages on each side of the current one, within 1 and the last', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 9)).toEqual([1, 2, 3]);
    expect(pageWindow(3, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 9)).toEqual([7, 8, 9]);
    expect(pageWindow(8, 9)).toEqual([6, 7, 8, 9]);
  });
});

/**
 * SPEC 2 "Products" against the machine's own events (the page disables what the machine must
 * refuse as well): a fake server holds the products, and what it is asked must follow SPEC.
 */
class ProductServer {
  products: Product[];
  /** What SPEC says the next load after a delete asks for. */
  expectedPageAfterDelete: number | null = null;
  shownPage = 1;
  /** What the server was asked against SPEC (thrown inside an actor, it would only fail the call). */
  violations: string[] = [];
  constructor(shown: boolean[]) {
    this.products = shown.map((isShownOnHomepage, index) =>
      aProduct(index + 1, { isShownOnHomepage }),
    );
  }
  pageOf(pageNumber: number): ProductPage {
    const totalPages = Math.ceil(this.products.length / 10);
    const items = this.products.slice((pageNumber - 1) * 10, pageNumber * 10);
    return { items, pageNumber, pageSize: 10, totalPages, totalCount: this.products.length };
  }
}

type StripEvent = Parameters<ReturnType<typeof createActor<typeof productStripMachine>>['send']>[0];

describe('product strip random paths', () => {
  // The fake server answers at once: a few microtask turns settle the machine's calls.
  const settle = async () => {
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
  };
  let server: ProductServer;
  let strip: ReturnType<typeof createActor<typeof productStripMachine>>;

  testRandomPaths<ProductServer>('productStrip', {
    startLabel: 'Otvori proizvode u administraciji',
    numRuns: 60,
    maxSteps: 25,
    start: async () => {
      server = new ProductServer(Array.from({ length: 21 }, (_, index) => index % 3 !== 0));
      strip = createActor(
        productStripMachine.provide({
          actors: {
            loadPage: fromPromise(
              async ({ input }: { input: { pageNumber: number; pageSize: number } }) => {
                if (server.expectedPageAfterDelete !== null) {
                  // SPEC 2: after deleting the last product of a page, the previous page shows.
                  if (input.pageNumber !== server.expectedPageAfterDelete) {
                    server.violations.push(
                      `page ${input.pageNumber} loaded after a delete, not ${server.expectedPageAfterDelete}`,
                    );
                  }
                  server.expectedPageAfterDelete = null;
                }
                server.shownPage = input.pageNumber;
                return server.pageOf(input.pageNumber);
              },
            ),
            patchProduct: fromPromise(
              async ({ input }: { input: { id: number; patch: ProductPatch } }) => {
                const product = server.products.find(({ id }) => id === input.id);
                if (!product) throw new ApiError(404, { errors: ['Not found.'] });
                // SPEC 2: only a product shown on the home page can be highlighted.
                if (input.patch.isHighlighted && !product.isShownOnHomepage) {
                  server.violations.push(`hidden product ${product.id} highlighted`);
                }
                Object.assign(product, input.patch);
                if (product.isShownOnHomepage === false) product.isHighlighted = false;
                return { ...product };
              },
            ),
            deleteProduct: fromPromise(async ({ input }: { input: { id: number } }) => {
              const page = server.pageOf(server.shownPage);
              server.expectedPageAfterDelete =
                page.items.length === 1 && server.shownPage > 1
                  ? server.shownPage - 1
                  : server.shownPage;
              server.products = server.products.filter(({ id }) => id !== input.id);
              return undefined;
            }),
          },
        }),
      ).start();
      await settle();
      return server;
    },
    steps: [
      ...(
        [
          ['GO_TO_PAGE', 'idi na stranicu'],
          ['TOGGLE_SHOWN', 'prebaci "prikaži" proizvoda'],
          ['TOGGLE_HIGHLIGHTED', 'prebaci "istakni" proizvoda'],
          ['ASK_DELETE', 'pritisni "obriši" proizvoda'],
        ] as const
      ).map(([type, label]) =>
        fc.nat().map((n) => {
          // A product of the page shown (the server's page, not the machine's context).
          const target = () => {
            const { items } = server.pageOf(server.shownPage);
            return items[n % Math.max(1, items.length)]?.id ?? n;
          };
          return step<ProductServer>(
            () => (type === 'GO_TO_PAGE' ? `${label} ${1 + (n % 3)}` : `${label} ${target()}`),
            async () => {
              strip.send(
                (type === 'GO_TO_PAGE'
                  ? { type, page: 1 + (n % 3) }
                  : { type, id: target() }) as StripEvent,
              );
              await settle();
            },
          );
        }),
      ),
      ...(['CONFIRM_DELETE', 'CONFIRM_DELETE', 'CANCEL_DELETE'] as const).map((type) =>
        fc.constant(
          step<ProductServer>(
            type === 'CANCEL_DELETE' ? 'odustani od brisanja' : 'potvrdi brisanje',
            async () => {
              strip.send({ type });
              await settle();
            },
          ),
        ),
      ),
    ],
    // The server checks what it is asked (above); what the page shows is checked by the other tests.
    invariants: (model) => {
      expect(model.violations).toEqual([]);
      expect(
        model.products.every((product) => product.isShownOnHomepage || !product.isHighlighted),
      ).toBe(true);
    },
  });
});

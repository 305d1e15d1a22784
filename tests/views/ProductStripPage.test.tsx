import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProductPage } from '../../src/api/contract.ts';
import { productStripPageProps } from '../../src/app/ProductStripContainer.tsx';
import { productStripMachine } from '../../src/machines/productStrip.machine.ts';
import {
  INITIAL_PRODUCT_STRIP_CONTEXT,
  type ProductStripContext,
} from '../../src/machines/productStrip.rules.ts';
import { ProductStripPage } from '../../src/views/ProductStripPage.tsx';
import { aProduct } from '../support/products.ts';

const pageOf = (pageNumber: number, totalPages: number): ProductPage => ({
  items: [aProduct(1), aProduct(2, { isShownOnHomepage: false })],
  pageNumber,
  pageSize: 10,
  totalPages,
  totalCount: totalPages * 10,
});

function renderFrom(
  value: Parameters<typeof productStripMachine.resolveState>[0]['value'],
  context: Partial<ProductStripContext>,
) {
  const snapshot = productStripMachine.resolveState({
    value,
    context: { ...INITIAL_PRODUCT_STRIP_CONTEXT, page: pageOf(1, 1), ...context },
  });
  const send = vi.fn();
  render(<ProductStripPage {...productStripPageProps(snapshot, send)} />);
  return send;
}

const user = userEvent.setup();
const previous = () => screen.getByRole('button', { name: 'Prethodna stranica' });
const next = () => screen.getByRole('button', { name: 'Sljedeća stranica' });

describe('ProductStripPage', () => {
  it('offers no previous page on the first and no next page on the last', () => {
    renderFrom({ ready: 'browsing' }, { page: pageOf(1, 4) });
    expect(previous()).toBeDisabled();
    expect(next()).toBeEnabled();
    document.body.innerHTML = '';
    renderFrom({ ready: 'browsing' }, { page: pageOf(4, 4), pageNumber: 4 });
    expect(previous()).toBeEnabled();
    expect(next()).toBeDisabled();
  });

  it('shows no pagination for a single page', () => {
    renderFrom({ ready: 'browsing' }, { page: pageOf(1, 1) });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('limits the name to 200 characters and the photo to the images the server takes', () => {
    renderFrom({ ready: 'browsing' }, { formOpen: true });
    expect(screen.getByLabelText('Naziv proizvoda')).toHaveAttribute('maxLength', '200');
    expect(screen.getByLabelText('Fotografija proizvoda')).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif',
    );
  });

  it('takes no gesture while a toggle runs: the switch keeps its focus and value', async () => {
    const send = renderFrom(
      { ready: 'toggling' },
      { pendingToggle: { id: 1, patch: { isShownOnHomepage: false } } },
    );
    const shown = screen.getByRole('switch', { name: 'Prikaži Proizvod 1 na početnoj stranici' });
    expect(shown).toHaveAttribute('aria-checked', 'true');
    expect(shown).toHaveAttribute('aria-busy', 'true');
    expect(shown).toBeEnabled();
    await user.click(shown);
    await user.click(screen.getByRole('button', { name: 'Obriši proizvod Proizvod 2' }));
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Unesi novi proizvod' })).toBeDisabled();
  });

  it('names every switch and photo after its product', () => {
    renderFrom({ ready: 'browsing' }, {});
    expect(
      screen.getByRole('switch', { name: 'Istakni Proizvod 2 na početnoj stranici' }),
    ).toBeDisabled();
    expect(screen.getByRole('img', { name: 'Fotografija proizvoda Proizvod 1' })).toHaveAttribute(
      'src',
      '/media/products/1-card.webp',
    );
  });
});

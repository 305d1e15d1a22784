/** Products as GET /products answers them, for the machine and view tests. */
import type { Product } from '../../src/api/contract.ts';

export function aProduct(id: number, overrides: Partial<Product> = {}): Product {
  return {
    id,
    name: `Proizvod ${id}`,
    imageUrl: `/media/products/${id}-card.webp`,
    isShownOnHomepage: true,
    isHighlighted: false,
    ...overrides,
  };
}

/** `GET /api/v1/products` of SPEC 7: the paged product list (only visible products for visitors). */
import type { ApiClient } from './client.ts';
import { productPageSchema, type ProductListQuery, type ProductPage } from './contract.ts';

export function productsApi(client: ApiClient) {
  return {
    listProducts(query: Partial<ProductListQuery> = {}): Promise<ProductPage> {
      const search = new URLSearchParams();
      if (query.pageSize !== undefined) search.set('pageSize', String(query.pageSize));
      if (query.pageNumber !== undefined) search.set('pageNumber', String(query.pageNumber));
      const suffix = search.size > 0 ? `?${search.toString()}` : '';
      return client.get(`/products${suffix}`, productPageSchema);
    },
  };
}

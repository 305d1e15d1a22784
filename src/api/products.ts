/**
 * The `/api/v1/products` calls of SPEC 7: the paged list (only visible products for visitors),
 * and for staff adding one (multipart with the field names of the contract), changing its two
 * flags (merge patch) and deleting one.
 */
import type { ApiClient } from './client.ts';
import {
  createProductResponseSchema,
  PRODUCT_FIELDS,
  productPageSchema,
  productSchema,
  type Product,
  type ProductListQuery,
  type ProductPage,
} from './contract.ts';
import type { ProductPatch } from './productWrites.ts';

/** What POST /products takes (SPEC 3: the description is sent empty). */
export interface CreateProductRequest {
  name: string;
  image: File;
  isShownOnHomepage: boolean;
  isHighlighted: boolean;
}

export function productsApi(client: ApiClient) {
  return {
    listProducts(query: Partial<ProductListQuery> = {}): Promise<ProductPage> {
      const search = new URLSearchParams();
      if (query.pageSize !== undefined) search.set('pageSize', String(query.pageSize));
      if (query.pageNumber !== undefined) search.set('pageNumber', String(query.pageNumber));
      const suffix = search.size > 0 ? `?${search.toString()}` : '';
      return client.get(`/products${suffix}`, productPageSchema);
    },
    createProduct: (request: CreateProductRequest): Promise<Product> =>
      client.postMultipart('/products', productForm(request), createProductResponseSchema),
    /** Answers the product as stored: hiding it clears its highlight too. */
    patchProduct: (id: number, patch: ProductPatch): Promise<Product> =>
      client.patch(`/products/${id}`, patch, productSchema),
    async deleteProduct(id: number): Promise<void> {
      await client.delete(`/products/${id}`);
    },
  };
}

function productForm(request: CreateProductRequest): FormData {
  const form = new FormData();
  form.append(PRODUCT_FIELDS.name, request.name);
  form.append(PRODUCT_FIELDS.description, '');
  form.append(PRODUCT_FIELDS.image, request.image);
  form.append(PRODUCT_FIELDS.isShownOnHomepage, String(request.isShownOnHomepage));
  form.append(PRODUCT_FIELDS.isHighlighted, String(request.isHighlighted));
  return form;
}

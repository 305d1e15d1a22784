/**
 * The rules of a product (SPEC 5 "Product form", issue 11), checked on the server with the
 * shared limits of the contract: the form of POST /products, every broken rule at once per
 * field named as in the request, and the flags of a PATCH.
 */
import {
  PRODUCT_FIELDS as F,
  parseFormFields,
  productFlagsSchema,
  productFormSchema,
} from '../../src/api/contract.ts';
import type { ProductPatch } from '../../src/api/productWrites.ts';
import { MESSAGES, ValidationError } from '../http/errors.ts';
import type { ReceivedFile } from '../media/upload.ts';
import { withFileErrors } from '../http/formProblems.ts';
import type { ProductFlags } from './store.ts';

export interface ProductForm extends ProductFlags {
  name: string;
  description: string;
  image: ReceivedFile;
}

export interface ProductFormInput {
  text(field: string): string | undefined;
  files: { Image?: ReceivedFile };
  fileErrors: Record<string, string[]>;
}

export type ProductFormResult =
  { ok: true; form: ProductForm } | { ok: false; errors: Record<string, string[]> };

/** The contract's `productFormSchema` (the strip judges with it too) after the upload's refusals. */
export function parseProductForm(input: ProductFormInput): ProductFormResult {
  const image = input.files.Image;
  const values = {
    [F.name]: input.text(F.name) ?? '',
    [F.description]: input.text(F.description) ?? '',
    [F.isShownOnHomepage]: input.text(F.isShownOnHomepage),
    [F.isHighlighted]: input.text(F.isHighlighted),
    // An image the upload refused is reported with the upload's message, not as missing.
    [F.image]: image ?? input.fileErrors[F.image],
  };
  const parsed = parseFormFields(productFormSchema, values, productFlagsSchema);
  const errors = withFileErrors(input.fileErrors, parsed.ok ? {} : parsed.problems);
  if (!parsed.ok || image === undefined || Object.keys(errors).length > 0) {
    return { ok: false, errors };
  }
  const { data } = parsed;
  return {
    ok: true,
    form: {
      name: data[F.name],
      description: data[F.description],
      image,
      isShownOnHomepage: data[F.isShownOnHomepage],
      isHighlighted: data[F.isHighlighted],
    },
  };
}

/**
 * The flags after a merge patch: highlighting a product that is (or becomes) hidden is refused,
 * and hiding a product clears its highlight in the same write.
 */
export function patchedFlags(current: ProductFlags, patch: ProductPatch): ProductFlags {
  const isShownOnHomepage = patch.isShownOnHomepage ?? current.isShownOnHomepage;
  if (patch.isHighlighted === true && !isShownOnHomepage) {
    throw ValidationError.field('isHighlighted', MESSAGES.highlightNeedsHomepage);
  }
  return {
    isShownOnHomepage,
    isHighlighted: isShownOnHomepage && (patch.isHighlighted ?? current.isHighlighted),
  };
}

/**
 * The rules of a product (SPEC 5 "Product form", issue 11), checked on the server with the
 * shared limits of the contract: the form of POST /products, every broken rule at once per
 * field named as in the request, and the flags of a PATCH.
 */
import { PRODUCT_FIELDS as F, PRODUCT_RULES } from '../../src/api/contract.ts';
import type { ProductPatch } from '../../src/api/productWrites.ts';
import { MESSAGES, ValidationError } from '../http/errors.ts';
import type { ReceivedFile } from '../media/upload.ts';
import { cleanName } from '../text/visible-names.ts';
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

export function parseProductForm(input: ProductFormInput): ProductFormResult {
  const errors: Record<string, string[]> = structuredClone(input.fileErrors);
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

  const name = cleanName(input.text(F.name) ?? '');
  if (name === '') fail(F.name, MESSAGES.required(F.name));
  else if (name.length > PRODUCT_RULES.nameMaxLength) {
    fail(F.name, MESSAGES.tooLong(F.name, PRODUCT_RULES.nameMaxLength));
  }
  const description = input.text(F.description)?.trim() ?? '';
  if (description.length > PRODUCT_RULES.descriptionMaxLength) {
    fail(F.description, MESSAGES.tooLong(F.description, PRODUCT_RULES.descriptionMaxLength));
  }

  /** 'true' or 'false'; absent means the default (SPEC 3: a new product is shown). */
  const flag = (field: string, absent: boolean): boolean => {
    const value = input.text(field)?.trim().toLowerCase();
    if (value === undefined) return absent;
    if (value === 'true' || value === 'false') return value === 'true';
    fail(field, MESSAGES.notABoolean(field));
    return absent;
  };
  const isShownOnHomepage = flag(F.isShownOnHomepage, true);
  const isHighlighted = flag(F.isHighlighted, false);
  if (isHighlighted && !isShownOnHomepage) fail(F.isHighlighted, MESSAGES.highlightNeedsHomepage);

  const image = input.files.Image;
  if (image === undefined && errors[F.image] === undefined) {
    fail(F.image, MESSAGES.productImageRequired);
  }
  if (Object.keys(errors).length > 0 || image === undefined) return { ok: false, errors };
  return { ok: true, form: { name, description, image, isShownOnHomepage, isHighlighted } };
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

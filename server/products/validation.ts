/**
 * The rules of a product (SPEC 5 "Product form", issue 11), checked on the server with the
 * shared limits of the contract: the form of POST /products, every broken rule at once per
 * field named as in the request, and the flags of a PATCH.
 */
import { PRODUCT_FIELDS as F, PRODUCT_RULES } from '../../src/api/contract.ts';
import type { ProductPatch } from '../../src/api/productWrites.ts';
import { MESSAGES, ValidationError } from '../http/errors.ts';
import type { ReceivedFile } from '../media/upload.ts';
import { freeText, parseFreeText } from '../../src/api/text.ts';
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

/** The free texts of the form (src/api/text.ts), named as in the request. */
const NAME = freeText(F.name, { required: true, maxLength: PRODUCT_RULES.nameMaxLength });
const DESCRIPTION = freeText(F.description, {
  multiline: true,
  maxLength: PRODUCT_RULES.descriptionMaxLength,
});

export type ProductFormResult =
  { ok: true; form: ProductForm } | { ok: false; errors: Record<string, string[]> };

export function parseProductForm(input: ProductFormInput): ProductFormResult {
  const errors: Record<string, string[]> = structuredClone(input.fileErrors);
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

  const text = (field: string, schema: typeof NAME) => {
    const { text: value, problems } = parseFreeText(schema, input.text(field));
    for (const problem of problems) fail(field, problem);
    return value;
  };
  const name = text(F.name, NAME);
  const description = text(F.description, DESCRIPTION);

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

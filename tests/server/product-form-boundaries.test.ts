/**
 * One table of the product strip form's boundary values, run against both sides (docs/forms.md):
 * the browser's rules (productStrip.rules.ts) and the server's parser
 * (server/products/validation.ts) both judge with the contract's `productFormSchema`. Each value is
 * refused on the same field by both, the server with its English message, the browser with SPEC's
 * Croatian text; and the server's refusal, answered as a 400, lands under the same field.
 */
import { describe, expect, it } from 'vitest';
import { PRODUCT_FIELDS as F, PRODUCT_RULES as RULES } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import {
  serverFieldErrors,
  validateProductDraft,
  type ProductDraft,
} from '../../src/machines/productStrip.rules.ts';
import { productStripMessages as text } from '../../src/messages/productStrip.ts';
import { parseProductForm } from '../../server/products/validation.ts';
import { MESSAGES } from '../../server/http/errors.ts';
import type { ReceivedFile } from '../../server/media/upload.ts';

const image = new File([new Uint8Array(8)], 'kofferdam.png', { type: 'image/png' });
const receivedImage = { filename: 'kofferdam.png' } as unknown as ReceivedFile;
const valid: ProductDraft = { name: 'Kofferdam set', image, isHighlighted: false };
const tooLong = [
  MESSAGES.tooLong(F.name, RULES.nameMaxLength),
  text.nameTooLong(RULES.nameMaxLength),
] as const;

/** [name, the server's message and the browser's text, or null where both accept]. */
const NAMES: readonly [string, readonly [string, string] | null][] = [
  ['', [MESSAGES.required(F.name), text.nameRequired]],
  ['   ', [MESSAGES.required(F.name), text.nameRequired]],
  [' \u200b\u2800 ', [MESSAGES.required(F.name), text.nameRequired]],
  ['a', null],
  ['a'.repeat(RULES.nameMaxLength), null],
  [` ${'a'.repeat(RULES.nameMaxLength)} `, null],
  [`${'a'.repeat(RULES.nameMaxLength)}\u200b`, null],
  ['a'.repeat(RULES.nameMaxLength + 1), tooLong],
  [`${'a'.repeat(RULES.nameMaxLength - 1)}  b`, tooLong],
  // zod 4.6 counts a long text's length in code points: both sides agree, whatever they count.
  ['😀'.repeat(RULES.nameMaxLength), null],
  ['😀'.repeat(RULES.nameMaxLength + 1), tooLong],
];

/** The strip's request as the server receives it: shown, not highlighted, no description. */
function serverErrors(draft: ProductDraft) {
  const fields: Record<string, string> = {
    [F.name]: draft.name,
    [F.description]: '',
    [F.isShownOnHomepage]: 'true',
    [F.isHighlighted]: 'false',
  };
  const result = parseProductForm({
    text: (name) => fields[name],
    files: draft.image ? { Image: receivedImage } : {},
    fileErrors: {},
  });
  return result.ok ? {} : result.errors;
}

const refusal = (errors: Record<string, string[]>) => new ApiError(400, { errors });

describe('the product form refuses the same boundary values on both sides', () => {
  it('accepts the valid draft on both sides', () => {
    expect(validateProductDraft(valid)).toEqual({});
    expect(serverErrors(valid)).toEqual({});
  });

  it('refuses a missing photo on both sides, under the photo', () => {
    const draft = { ...valid, image: null };
    expect(serverErrors(draft)).toEqual({ [F.image]: [MESSAGES.productImageRequired] });
    expect(validateProductDraft(draft)).toEqual({ image: [text.imageRequired] });
    expect(serverFieldErrors(refusal(serverErrors(draft)))).toEqual({
      image: [text.imageRequired],
    });
  });

  it.each(NAMES)('name %j: %j', (name, refused) => {
    const draft = { ...valid, name };
    const [serverMessage, croatian] = refused ?? [];
    const server = serverErrors(draft);
    expect(server).toEqual(serverMessage ? { [F.name]: [serverMessage] } : {});
    const shown = croatian ? { name: [croatian] } : {};
    expect(validateProductDraft(draft)).toEqual(shown);
    if (croatian) expect(serverFieldErrors(refusal(server))).toEqual(shown);
  });

  it("words the upload's refusals of the photo under the photo", () => {
    expect(
      serverFieldErrors(
        refusal({ [F.image]: [MESSAGES.fileNotAllowed(F.image, 'JPEG, PNG, WebP or AVIF')] }),
      ),
    ).toEqual({ image: [text.imageType] });
    expect(serverFieldErrors(refusal({ [F.image]: [MESSAGES.imageUnreadable(F.image)] }))).toEqual({
      image: [text.imageUnreadable],
    });
  });
});

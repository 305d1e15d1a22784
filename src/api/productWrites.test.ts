/**
 * The staff's product write schemas (SPEC 7 PATCH and DELETE /products/{id}) at their edges: the
 * server validates with them, so each refusal's message is what a caller reads.
 */
import { describe, expect, it } from 'vitest';
import {
  MERGE_PATCH_CONTENT_TYPE,
  productIdParamsSchema,
  productPatchSchema,
} from './productWrites.ts';

const refusal = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues.map((issue) => issue.message);

describe('the product id of the path', () => {
  it.each([
    ['3', 3],
    ['12', 12],
  ])('reads %s as %d', (id, parsed) => {
    expect(productIdParamsSchema.parse({ id })).toEqual({ id: parsed });
  });

  it.each(['0', '-1', '1.5'])('refuses %s', (id) => {
    expect(productIdParamsSchema.safeParse({ id }).success).toBe(false);
  });

  it('names a text that is no number', () => {
    expect(refusal(productIdParamsSchema.safeParse({ id: 'abc' }))).toEqual([
      'id must be a product id.',
    ]);
  });
});

describe('the product patch', () => {
  it.each([
    [{ isShownOnHomepage: false }],
    [{ isHighlighted: true }],
    [{ isShownOnHomepage: true, isHighlighted: false }],
  ])('takes %j as it is', (patch) => {
    expect(productPatchSchema.parse(patch)).toEqual(patch);
  });

  it.each<[unknown, string[]]>([
    [{}, ['The patch must set isShownOnHomepage or isHighlighted.']],
    [{ isShownOnHomepage: 'yes' }, ['isShownOnHomepage must be true or false.']],
    [{ isHighlighted: 1 }, ['isHighlighted must be true or false.']],
  ])('refuses %j', (patch, messages) => {
    expect(refusal(productPatchSchema.safeParse(patch))).toEqual(messages);
  });

  it('refuses a field it does not know', () => {
    expect(productPatchSchema.safeParse({ isHighlighted: true, name: 'x' }).success).toBe(false);
  });

  it('is sent as a JSON merge patch', () => {
    expect(MERGE_PATCH_CONTENT_TYPE).toBe('application/merge-patch+json');
  });
});

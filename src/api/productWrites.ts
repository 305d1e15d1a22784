/**
 * The schemas of the staff's product writes (issue 11; SPEC 7 PATCH and DELETE /products), part
 * of the wire contract (contract.ts): the server validates with them, the SPA takes only their
 * types. A module of its own keeps them, and the zod features they need, out of the SPA's
 * bundle (the first visit's shared chunk would carry those features).
 */
import * as z from 'zod/mini';

/** The `{id}` of `/products/{id}`. */
export const productIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a product id.' }).check(z.int(), z.positive()),
});

/**
 * PATCH /products/{id} (`application/merge-patch+json`): one or both flags, nothing else.
 * Answers 200 with the product as stored (hiding a product clears its highlight too).
 */
export const productPatchSchema = z
  .strictObject({
    isShownOnHomepage: z.optional(z.boolean({ error: 'isShownOnHomepage must be true or false.' })),
    isHighlighted: z.optional(z.boolean({ error: 'isHighlighted must be true or false.' })),
  })
  .check(
    z.refine(
      (patch) => patch.isShownOnHomepage !== undefined || patch.isHighlighted !== undefined,
      {
        error: 'The patch must set isShownOnHomepage or isHighlighted.',
      },
    ),
  );
export type ProductPatch = z.infer<typeof productPatchSchema>;
export const MERGE_PATCH_CONTENT_TYPE = 'application/merge-patch+json';

/**
 * The schemas of the staff's partner changes (issue 29; PUT and DELETE /partners/{id}), part of
 * the wire contract (contract.ts): the server validates with them. A module of its own keeps
 * them out of the SPA's bundle, as productWrites.ts does.
 */
import * as z from 'zod/mini';

/** The `{id}` of `/partners/{id}`. */
export const partnerIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a partner id.' }).check(z.int(), z.positive()),
});

/**
 * `DELETE /partners/{id}?reassignTo={otherId}`: the partner that takes over the educations of the
 * deleted one, in the same transaction. Without it, a partner that educations use is refused.
 * Other keys are ignored, as on every route.
 */
export const partnerDeleteQuerySchema = z.object({
  reassignTo: z.optional(
    z.coerce.number({ error: 'reassignTo must be a partner id.' }).check(z.int(), z.positive()),
  ),
});

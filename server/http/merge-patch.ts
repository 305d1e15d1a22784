/**
 * SPEC 7: PATCH takes `application/merge-patch+json` (RFC 7396). A resource's route plugin calls
 * `acceptMergePatch` once (a content-type parser is scoped to its plugin) and puts `mergePatchOnly`
 * on its PATCH routes as their pre-validation hook.
 */
import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { MERGE_PATCH_CONTENT_TYPE } from '../../src/api/productWrites.ts';
import { DomainError, MESSAGES } from './errors.ts';

/** Parses merge-patch bodies of at most `bodyLimit` bytes in `app`'s scope. */
export function acceptMergePatch(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    MERGE_PATCH_CONTENT_TYPE,
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch (error) {
        done(new DomainError(400, MESSAGES.malformedJson, { cause: error }));
      }
    },
  );
}

/** Plain JSON (or anything else) on a PATCH route is a 415. */
export const mergePatchOnly: preValidationAsyncHookHandler = async (request) => {
  const type = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
  if (type !== MERGE_PATCH_CONTENT_TYPE) {
    throw new DomainError(415, MESSAGES.mergePatchRequired);
  }
};

/**
 * Login sessions as refresh-token families (ARCHITECTURE.md "Auth"). A login starts a family;
 * every refresh spends the presented token and issues its successor in the same family. A
 * spent token presented again means it was copied: the whole family is revoked, so the thief
 * and the victim both have to log in again. Logout revokes the family; a password change
 * revokes every family of the user.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { DomainError, MESSAGES } from '../http/errors.ts';
import { hashOpaqueToken, isoAfter, newOpaqueToken } from './opaque-tokens.ts';

export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** A database handle or an open transaction. */
type Queries = Pick<Db, 'selectFrom' | 'insertInto' | 'updateTable'>;

export interface Sessions {
  /** A new family for `userId`; returns its first refresh token. */
  start(userId: number, queries?: Queries): Promise<string>;
  /** Spends `refreshToken`; returns its user and successor, or throws the 401 of the contract. */
  rotate(refreshToken: string): Promise<{ userId: number; refreshToken: string }>;
  /** Revokes the family of `refreshToken`; an unknown token is ignored (logout is idempotent). */
  revoke(refreshToken: string): Promise<void>;
  revokeAllOf(userId: number, queries?: Queries): Promise<void>;
}

export function sessions(deps: { db: Db; now: Clock }): Sessions {
  const { db, now } = deps;

  async function insert(queries: Queries, userId: number, familyId: string) {
    const { token, hash } = newOpaqueToken();
    const createdAt = now();
    const { id } = await queries
      .insertInto('refresh_tokens')
      .values({
        token_hash: hash,
        user_id: userId,
        family_id: familyId,
        created_at: createdAt.toISOString(),
        expires_at: isoAfter(createdAt, REFRESH_TOKEN_LIFETIME_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, token };
  }

  const revokeFamily = (queries: Queries, familyId: string) =>
    queries
      .updateTable('refresh_tokens')
      .set({ revoked_at: now().toISOString() })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();

  return {
    async start(userId, queries = db) {
      return (await insert(queries, userId, randomUUID())).token;
    },

    async rotate(refreshToken) {
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('refresh_tokens')
          .select(['id', 'user_id', 'family_id', 'expires_at', 'revoked_at', 'replaced_by'])
          .where('token_hash', '=', hashOpaqueToken(refreshToken))
          .executeTakeFirst();
        if (row === undefined) return undefined;
        if (row.revoked_at !== null) {
          if (row.replaced_by !== null) await revokeFamily(trx, row.family_id);
          return undefined;
        }
        if (row.expires_at <= now().toISOString()) return undefined;
        const successor = await insert(trx, row.user_id, row.family_id);
        await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: now().toISOString(), replaced_by: successor.id })
          .where('id', '=', row.id)
          .execute();
        return { userId: row.user_id, refreshToken: successor.token };
      });
      if (outcome === undefined) throw new DomainError(401, MESSAGES.invalidRefreshToken);
      return outcome;
    },

    async revoke(refreshToken) {
      const row = await db
        .selectFrom('refresh_tokens')
        .select('family_id')
        .where('token_hash', '=', hashOpaqueToken(refreshToken))
        .executeTakeFirst();
      if (row !== undefined) await revokeFamily(db, row.family_id);
    },

    async revokeAllOf(userId, queries = db) {
      await queries
        .updateTable('refresh_tokens')
        .set({ revoked_at: now().toISOString() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

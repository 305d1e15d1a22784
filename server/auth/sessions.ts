/**
 * Login sessions as refresh-token families (ARCHITECTURE.md "Auth"). A login starts a family;
 * every refresh spends the presented token and issues its successor in the same family. A
 * spent token presented again means it was copied: the whole family is revoked, so the thief
 * and the victim both have to log in again. Logout revokes the family; a password change
 * revokes every family of the user. The family's id is the session id access tokens carry: a
 * revoked family's access tokens are refused from the next request on (guards.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { DomainError, MESSAGES } from '../http/errors.ts';
import { expiryAfter, hashOpaqueToken, newOpaqueToken } from './opaque-tokens.ts';
import {
  findRefreshTokenByHash,
  insertRefreshToken,
  markRotated,
  revokeAllRefreshTokensOf,
  revokeFamily,
} from './store.ts';

export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** A session's current refresh token and the session (family) id its access tokens name. */
export interface SessionTokens {
  refreshToken: string;
  sessionId: string;
}

export interface Sessions {
  /** A new family for `userId` (in `trx` when given), with its first refresh token. */
  start(userId: number, trx?: Db): Promise<SessionTokens>;
  /** Spends `refreshToken`; returns its user and successor, or throws the 401 of the contract. */
  rotate(refreshToken: string): Promise<SessionTokens & { userId: number }>;
  /** Revokes the family of `refreshToken`; an unknown token is ignored (logout is idempotent). */
  revoke(refreshToken: string): Promise<void>;
  revokeAllOf(userId: number, trx?: Db): Promise<void>;
}

export function sessions(deps: { db: Db; now: Clock }): Sessions {
  const { db, now } = deps;

  async function issue(queries: Db, userId: number, familyId: string) {
    const { token, hash } = newOpaqueToken();
    const createdAt = now();
    const id = await insertRefreshToken(queries, {
      tokenHash: hash,
      userId,
      familyId,
      createdAt,
      expiresAt: expiryAfter(createdAt, REFRESH_TOKEN_LIFETIME_MS),
    });
    return { id, token };
  }

  return {
    async start(userId, queries = db) {
      const sessionId = randomUUID();
      return { refreshToken: (await issue(queries, userId, sessionId)).token, sessionId };
    },

    async rotate(refreshToken) {
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await findRefreshTokenByHash(trx, hashOpaqueToken(refreshToken));
        if (row === undefined) return undefined;
        if (row.revoked_at !== null) {
          if (row.replaced_by !== null) await revokeFamily(trx, row.family_id, now());
          return undefined;
        }
        if (row.expires_at <= now().toISOString()) return undefined;
        const successor = await issue(trx, row.user_id, row.family_id);
        await markRotated(trx, row.id, successor.id, now());
        return { userId: row.user_id, refreshToken: successor.token, sessionId: row.family_id };
      });
      if (outcome === undefined) throw new DomainError(401, MESSAGES.invalidRefreshToken);
      return outcome;
    },

    async revoke(refreshToken) {
      const row = await findRefreshTokenByHash(db, hashOpaqueToken(refreshToken));
      if (row !== undefined) await revokeFamily(db, row.family_id, now());
    },

    async revokeAllOf(userId, queries = db) {
      await revokeAllRefreshTokensOf(queries, userId, now());
    },
  };
}

/**
 * Every query on refresh tokens (sessions.ts keeps the rules). Each function takes the database
 * or an open transaction first.
 */
import type { Role } from '../../src/api/contract.ts';
import type { Db } from '../db/database.ts';
import { forUpdate } from '../db/dialect.ts';

export interface RefreshTokenRow {
  tokenHash: string;
  userId: number;
  familyId: string;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertRefreshToken(db: Db, token: RefreshTokenRow): Promise<number> {
  const { id } = await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: token.tokenHash,
      user_id: token.userId,
      family_id: token.familyId,
      created_at: token.createdAt.toISOString(),
      expires_at: token.expiresAt.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * In a transaction, the row stays locked until it ends: of two rotations of one token, the
 * second waits and then finds the token spent (reuse), instead of both rotating it.
 */
export function findRefreshTokenByHash(db: Db, tokenHash: string) {
  return forUpdate(
    db,
    db
      .selectFrom('refresh_tokens')
      .select(['id', 'user_id', 'family_id', 'expires_at', 'revoked_at', 'replaced_by'])
      .where('token_hash', '=', tokenHash),
  ).executeTakeFirst();
}

/** Revokes a spent token and records its successor. */
export async function markRotated(db: Db, id: number, successorId: number, at: Date) {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at.toISOString(), replaced_by: successorId })
    .where('id', '=', id)
    .execute();
}

export async function revokeFamily(db: Db, familyId: string, at: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at.toISOString() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllRefreshTokensOf(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * The roles of `userId` while `familyId` is a session of theirs that is not revoked (a family
 * keeps one unrevoked token from login to logout: a rotation revokes a token and adds its
 * successor in one transaction); none otherwise. One indexed query: it runs on every guarded
 * request.
 */
export async function rolesInLiveSession(
  db: Db,
  userId: number,
  familyId: string,
): Promise<Role[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('refresh_tokens')
          .select('id')
          .where('family_id', '=', familyId)
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null),
      ),
    )
    .execute();
  return rows.map((row) => row.role);
}

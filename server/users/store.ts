/**
 * Every query on users, their roles, invitations and password-reset tokens. Each function takes
 * the database or an open transaction first, so a service can group several in one transaction.
 */
import type { Role, StoredUser, UserListItem } from '../../src/api/contract.ts';
import type { Db } from '../db/database.ts';
import type { Gender } from '../db/schema.ts';

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function isRegistered(db: Db, email: string): Promise<boolean> {
  return (await findUserByEmail(db, email)) !== undefined;
}

export async function hasUsers(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The user as the client stores it (SPEC 3). */
export async function storedUser(db: Db, id: number): Promise<StoredUser> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'surname', 'email'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const roles = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', id)
    .orderBy('role')
    .execute();
  return { ...user, roles: roles.map((row) => row.role) };
}

/** By surname, then name; only the holders of `role` when one is given. */
export function listUsers(db: Db, role: Role | undefined): Promise<UserListItem[]> {
  let query = db.selectFrom('users').select(['id', 'name', 'surname', 'email']);
  if (role !== undefined) {
    query = query.where('id', 'in', (sub) =>
      sub.selectFrom('user_roles').select('user_id').where('role', '=', role),
    );
  }
  return query.orderBy('surname').orderBy('name').orderBy('id').execute();
}

/** The roles a user holds now; none when the account no longer exists. */
export async function rolesOfUser(db: Db, userId: number): Promise<Role[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.role);
}

/** The roles of those of `emails` that have an account, in the order the accounts were made. */
export async function rolesByEmail(
  db: Db,
  emails: readonly string[],
): Promise<{ email: string; roles: Role[] }[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.email', 'user_roles.role'])
    .where('users.email', 'in', emails)
    .orderBy('users.id')
    .execute();
  const byEmail = new Map<string, Role[]>();
  for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row.role]);
  return [...byEmail].map(([email, roles]) => ({ email, roles }));
}

export interface NewAccount {
  email: string;
  name: string;
  surname: string;
  gender: Gender | null;
  passwordHash: string;
  roles: Role[];
  createdAt: Date;
}

export async function createUser(db: Db, account: NewAccount): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      email: account.email,
      name: account.name,
      surname: account.surname,
      gender: account.gender,
      password_hash: account.passwordHash,
      created_at: account.createdAt.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_roles')
    .values(account.roles.map((role) => ({ user_id: id, role })))
    .execute();
  return id;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .execute();
}

// Invitations.

export interface InvitationRow {
  tokenHash: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  gender: Gender | null;
  roles: Role[];
  invitedBy: number | null;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertInvitation(db: Db, invitation: InvitationRow): Promise<number> {
  const { id } = await db
    .insertInto('invitations')
    .values({
      token_hash: invitation.tokenHash,
      email: invitation.email,
      first_name: invitation.firstName,
      last_name: invitation.lastName,
      gender: invitation.gender,
      roles: JSON.stringify(invitation.roles),
      invited_by: invitation.invitedBy,
      created_at: invitation.createdAt.toISOString(),
      expires_at: invitation.expiresAt.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function findInvitationByTokenHash(db: Db, tokenHash: string) {
  const row = await db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && { ...row, roles: JSON.parse(row.roles) as Role[] };
}

/** Whether `email` has an invitation that is neither used nor expired at `at`. */
export async function hasPendingInvitation(db: Db, email: string, at: Date): Promise<boolean> {
  const row = await db
    .selectFrom('invitations')
    .select('id')
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks an unused invitation as used; false when it already was (a concurrent twin won). */
export async function spendInvitation(db: Db, id: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ used_at: at.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function deleteInvitation(db: Db, id: number): Promise<void> {
  await db.deleteFrom('invitations').where('id', '=', id).execute();
}

// Password-reset tokens.

export interface ResetTokenRow {
  tokenHash: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertResetToken(db: Db, reset: ResetTokenRow): Promise<number> {
  const { id } = await db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: reset.tokenHash,
      user_id: reset.userId,
      created_at: reset.createdAt.toISOString(),
      expires_at: reset.expiresAt.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function findResetTokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('password_reset_tokens')
    .select(['id', 'user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks every unused reset token of the user as used; answers the ids it marked. */
export async function spendResetTokensOf(db: Db, userId: number, at: Date): Promise<number[]> {
  const spent = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: at.toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .returning('id')
    .execute();
  return spent.map((row) => row.id);
}

export async function deleteResetToken(db: Db, id: number): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('id', '=', id).execute();
}

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
    .select(['id', 'email', 'name', 'password_hash', 'deactivated_at'])
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

/**
 * By surname, then name; only the holders of `role` when one is given. A deactivated account is
 * left out: this is who an education can be opened to, and it is given no new access (issue 29).
 */
export function listUsers(db: Db, role: Role | undefined): Promise<UserListItem[]> {
  let query = db
    .selectFrom('users')
    .select(['id', 'name', 'surname', 'email'])
    .where('deactivated_at', 'is', null);
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

// People and invitations (issue 29).

/** Whether the account has a staff role; an invitation or account of role user alone has not. */
const STAFF_ROLE_NAMES: readonly Role[] = ['employee', 'administrator'];

/**
 * Invitations newest first, with the inviter's name. `userRoleOnly`: only those that give role
 * user alone (what an employee may see, SPEC 6). Every invitation is one row, so the list is
 * read whole; the state is decided by the service.
 */
export async function listInvitations(db: Db, options: { userRoleOnly: boolean }) {
  const rows = await db
    .selectFrom('invitations')
    .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.email',
      'invitations.first_name',
      'invitations.last_name',
      'invitations.roles',
      'invitations.created_at',
      'invitations.expires_at',
      'invitations.used_at',
      'invitations.revoked_at',
      'inviter.name as inviter_name',
      'inviter.surname as inviter_surname',
    ])
    .orderBy('invitations.created_at', 'desc')
    .orderBy('invitations.id', 'desc')
    .execute();
  const invitations = rows.map((row) => ({ ...row, roles: JSON.parse(row.roles) as Role[] }));
  return options.userRoleOnly
    ? invitations.filter((row) => !row.roles.some((role) => STAFF_ROLE_NAMES.includes(role)))
    : invitations;
}

export async function findInvitation(db: Db, id: number) {
  const row = await db
    .selectFrom('invitations')
    .select(['id', 'email', 'first_name', 'roles', 'expires_at', 'used_at', 'revoked_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, roles: JSON.parse(row.roles) as Role[] };
}

/**
 * A new link for an unused invitation: the old token's hash is replaced, so its link stops
 * working; a revoked invitation becomes usable again. False when it was used meanwhile.
 */
export async function renewInvitation(
  db: Db,
  id: number,
  renewal: { tokenHash: string; sentAt: Date; expiresAt: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({
      token_hash: renewal.tokenHash,
      created_at: renewal.sentAt.toISOString(),
      expires_at: renewal.expiresAt.toISOString(),
      revoked_at: null,
    })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Marks an unused, unrevoked invitation revoked; false when it was not (used or revoked). */
export async function revokeInvitation(db: Db, id: number, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: at.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Accounts by surname, then name, with their roles. `userRoleOnly`: only accounts without a
 * staff role (what an employee may see, SPEC 6).
 */
export async function listAccounts(db: Db, options: { userRoleOnly: boolean }) {
  const users = await db
    .selectFrom('users')
    .select(['id', 'name', 'surname', 'email', 'last_login_at', 'deactivated_at'])
    .orderBy('surname')
    .orderBy('name')
    .orderBy('id')
    .execute();
  const roles = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role'])
    .orderBy('role')
    .execute();
  const rolesOf = new Map<number, Role[]>();
  for (const row of roles)
    rolesOf.set(row.user_id, [...(rolesOf.get(row.user_id) ?? []), row.role]);
  const accounts = users.map((user) => ({ ...user, roles: rolesOf.get(user.id) ?? [] }));
  return options.userRoleOnly
    ? accounts.filter((account) => !account.roles.some((role) => STAFF_ROLE_NAMES.includes(role)))
    : accounts;
}

export function findAccount(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'deactivated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function deactivateUser(db: Db, id: number, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ deactivated_at: at.toISOString() })
    .where('id', '=', id)
    .where('deactivated_at', 'is', null)
    .execute();
}

/** The account holds exactly `role` from now on. */
export async function replaceRoles(db: Db, userId: number, role: Role): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  await db.insertInto('user_roles').values({ user_id: userId, role }).execute();
}

export async function recordLogin(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: at.toISOString() })
    .where('id', '=', userId)
    .execute();
}

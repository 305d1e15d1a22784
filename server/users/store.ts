/** The queries on users and their roles that accounts, the seed and the CLI share. */
import type { Role, StoredUser } from '../../src/api/contract.ts';
import type { Db } from '../db/database.ts';
import type { Gender } from '../db/schema.ts';

/** A database handle or an open transaction. */
type Queries = Pick<Db, 'selectFrom' | 'insertInto'>;

/** E-mail addresses are compared and stored trimmed and in lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(db: Queries, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function isRegistered(db: Queries, email: string): Promise<boolean> {
  return (await findUserByEmail(db, email)) !== undefined;
}

/** The user as the client stores it (SPEC 3). */
export async function storedUser(db: Queries, id: number): Promise<StoredUser> {
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

export interface NewAccount {
  email: string;
  name: string;
  surname: string;
  gender: Gender | null;
  passwordHash: string;
  roles: Role[];
  createdAt: Date;
}

export async function createUser(db: Queries, account: NewAccount): Promise<number> {
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

/**
 * The tables as Kysely sees them. Column names stay snake_case as in SQL; one interface per
 * table, named after it. Timestamps are ISO 8601 UTC strings (sortable, portable).
 */
import type { Generated, Insertable, Selectable } from 'kysely';
import type { Role } from '../../src/api/contract.ts';

export type Gender = 'male' | 'female';

export interface UsersTable {
  id: Generated<number>;
  /** Unique regardless of letter case. */
  email: string;
  name: string;
  surname: string;
  gender: Gender | null;
  /** PHC string (argon2id); null until the invited person sets a password. */
  password_hash: string | null;
  created_at: string;
}

export interface UserRolesTable {
  user_id: number;
  role: Role;
}

export interface Database {
  users: UsersTable;
  user_roles: UserRolesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

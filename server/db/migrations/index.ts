/**
 * Every migration, in order. A static list rather than a folder scan, so migrations run
 * from the `.ts` sources without a build and a stray file can never run by accident.
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as users from './0001_users.ts';

const migrations: Record<string, Migration> = {
  '0001_users': users,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

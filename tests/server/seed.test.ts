import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/password.ts';
import { isStrongPassword } from '../../server/auth/password-rules.ts';
import { migrateToLatest, openDatabase, type Db } from '../../server/db/database.ts';
import {
  DEMO_PASSWORD_FILE,
  existingDemoAccounts,
  readDemoPassword,
  seedDemoContent,
} from '../../server/seed/demo-content.ts';
import { useTempDir } from './support/temp-dir.ts';
import { testDatabase } from './support/test-database.ts';

const tempDir = useTempDir();
const now = () => new Date('2026-03-01T09:00:00.000Z');

async function withDatabase(test: (db: Db, dataDir: string) => Promise<void>) {
  const dataDir = tempDir();
  const db = openDatabase(await testDatabase(dataDir));
  try {
    await migrateToLatest(db);
    await test(db, dataDir);
  } finally {
    await db.destroy();
  }
}

const seed = (db: Db, dataDir: string, demoPassword?: string) =>
  seedDemoContent(db, { staffEmailDomain: 'dentalia.hr', demoPassword, dataDir, now });

describe('the demo seed', () => {
  it(
    'creates an administrator and an employee at the staff domain and one plain user',
    () =>
      withDatabase(async (db, dataDir) => {
        expect(await seed(db, dataDir)).toBe(true);
        expect(await existingDemoAccounts(db, 'dentalia.hr')).toEqual([
          { email: 'admin@dentalia.hr', roles: ['administrator'] },
          { email: 'zaposlenik@dentalia.hr', roles: ['employee'] },
          { email: 'korisnik@example.com', roles: ['user'] },
        ]);
        const users = await db.selectFrom('users').selectAll().execute();
        expect(users.every((user) => user.created_at === '2026-03-01T09:00:00.000Z')).toBe(true);
      }),
    // The file's first seed loads sharp and the demo stream (issue 27) on a busy machine.
    15_000,
  );

  it('generates a strong password, keeps it private in the data folder, and hashes it with argon2id', () =>
    withDatabase(async (db, dataDir) => {
      await seed(db, dataDir);
      const password = readDemoPassword(dataDir);
      expect(password).toBeDefined();
      expect(isStrongPassword(password ?? '')).toBe(true);
      expect(statSync(path.join(dataDir, DEMO_PASSWORD_FILE)).mode & 0o777).toBe(0o600);

      const hashes = await db.selectFrom('users').select('password_hash').execute();
      for (const { password_hash } of hashes) {
        expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=47104,t=8,p=1\$/);
        expect(await verifyPassword(password_hash ?? '', password ?? '')).toBe(true);
      }
      // One hash for the demo accounts, which share the password the console prints: a salt each
      // would hide nothing and cost a start 300 ms a hash (server/seed/demo-content.ts).
      expect(new Set(hashes.map((row) => row.password_hash)).size).toBe(1);
    }));

  it('uses DEMO_PASSWORD when it is set', () =>
    withDatabase(async (db, dataDir) => {
      await seed(db, dataDir, 'Moja-Demo-Lozinka-7');
      const admin = await db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', 'admin@dentalia.hr')
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(admin.password_hash ?? '', 'Moja-Demo-Lozinka-7')).toBe(true);
      expect(readDemoPassword(dataDir)).toBe('Moja-Demo-Lozinka-7');
    }));

  it('runs only on an empty database', () =>
    withDatabase(async (db, dataDir) => {
      await db
        .insertInto('users')
        .values({ email: 'real@dentalia.hr', name: 'Stvarna', surname: 'Osoba', created_at: 'x' })
        .execute();
      expect(await seed(db, dataDir)).toBe(false);
      expect(await db.selectFrom('users').select('email').execute()).toEqual([
        { email: 'real@dentalia.hr' },
      ]);
      expect(readDemoPassword(dataDir)).toBeUndefined();
    }));

  it('does not seed twice', () =>
    withDatabase(async (db, dataDir) => {
      await seed(db, dataDir);
      const password = readDemoPassword(dataDir);
      expect(await seed(db, dataDir, 'Druga-Lozinka-9')).toBe(false);
      expect(readDemoPassword(dataDir)).toBe(password);
      expect(await db.selectFrom('users').select('id').execute()).toHaveLength(3);
    }));
});

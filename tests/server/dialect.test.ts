import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { dialectOf, forUpdate, isUnstorableText } from '../../server/db/dialect.ts';
import { useTempDir } from './support/temp-dir.ts';
import { testDatabase } from './support/test-database.ts';

const tempDir = useTempDir();

function postgresError(code: string) {
  const error = new pg.DatabaseError('invalid byte sequence for encoding "UTF8": 0x00', 0, 'error');
  error.code = code;
  return error;
}

describe('the dialect module', () => {
  it('knows which database it talks to, inside a transaction too', async () => {
    const location = await testDatabase(tempDir());
    const db = openDatabase(location);
    try {
      const expected = location.databaseUrl === undefined ? 'sqlite' : 'postgres';
      expect(dialectOf(db)).toBe(expected);
      expect(await db.transaction().execute((trx) => Promise.resolve(dialectOf(trx)))).toBe(
        expected,
      );
    } finally {
      await db.destroy();
    }
  });

  it('locks rows read for update on PostgreSQL only', async () => {
    const location = await testDatabase(tempDir());
    const db = openDatabase(location);
    try {
      const query = forUpdate(db, db.selectFrom('users').select('id')).compile().sql;
      if (location.databaseUrl === undefined) expect(query).not.toMatch(/for update/);
      else expect(query).toMatch(/for update$/);
    } finally {
      await db.destroy();
    }
  });

  it('tells a text PostgreSQL cannot store (a NUL) from other failures', () => {
    expect(isUnstorableText(postgresError('22021'))).toBe(true);
    expect(isUnstorableText(postgresError('22P05'))).toBe(true);
    expect(isUnstorableText(postgresError('23505'))).toBe(false);
    expect(isUnstorableText(Object.assign(new Error('x'), { code: '22021' }))).toBe(false);
    expect(isUnstorableText(undefined)).toBe(false);
  });
});

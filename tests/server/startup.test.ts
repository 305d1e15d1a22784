import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { offeredCountries } from '../../server/countries/store.ts';
import { openDatabase } from '../../server/db/database.ts';
import { startUp } from '../../server/startup.ts';
import { hasUsers } from '../../server/users/store.ts';
import { useTempDir } from './support/temp-dir.ts';
import { testDatabase } from './support/test-database.ts';

const tempDir = useTempDir();
const now = () => new Date('2026-11-23T10:00:00Z');

describe('startUp', () => {
  it('makes a fresh database ready: schema, configured campaigns and countries; seeds nothing unless asked', async () => {
    const { dataDir, databaseUrl } = await testDatabase(tempDir());
    const config = loadConfig({
      DATA_DIR: dataDir,
      ...(databaseUrl !== undefined && { DATABASE_URL: databaseUrl }),
      COURSE_COUNTRIES: 'HR,DE',
      CAMPAIGN_COURSES: 'Tečajevi',
    });
    const db = openDatabase(config);
    try {
      await startUp(db, config, { now, seedDemo: false });
      // Twice, as every start does: nothing is added again.
      await startUp(db, config, { now, seedDemo: false });
      const campaigns = await db.selectFrom('campaigns').select('name').orderBy('id').execute();
      expect(campaigns.map((row) => row.name)).toEqual(['Tečajevi', 'Catalogs']);
      expect(await offeredCountries(db)).toEqual(['DE', 'HR']);
      expect(await hasUsers(db)).toBe(false);
    } finally {
      await db.destroy();
    }
  });
});

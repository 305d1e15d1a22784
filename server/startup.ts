/**
 * The work every start does before the app serves, in this order: the schema, then what the
 * configuration names (its campaigns and the countries courses may be held in, needed by a real
 * installation, not only the demo), then the demo content of an empty database.
 */
import { ensureCampaigns } from './campaigns/store.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import { syncOfferedCountries } from './countries/store.ts';
import { migrateToLatest, type Db } from './db/database.ts';
import { seedDemoContent } from './seed/demo-content.ts';

export interface StartUpOptions {
  now: Clock;
  /** Seeds the demo accounts, courses and products when the database has no users. */
  seedDemo: boolean;
}

export async function startUp(db: Db, config: Config, options: StartUpOptions): Promise<void> {
  await migrateToLatest(db);
  await ensureCampaigns(db, Object.values(config.campaigns), options.now());
  await syncOfferedCountries(db, config.courseCountries);
  if (options.seedDemo) {
    await seedDemoContent(db, {
      staffEmailDomain: config.staffEmailDomain,
      demoPassword: config.demoPassword,
      dataDir: config.dataDir,
      now: options.now,
    });
  }
}

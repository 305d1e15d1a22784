/**
 * Demo content for a fresh installation: it runs only on an empty database (no users), so
 * it never touches real data. The demo password is kept in `<dataDir>/demo-password.txt`
 * (mode 0600) so that every start can print it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Role } from '../../src/api/contract.ts';
import { demoProductImages } from '../../src/data/demoProductImages.ts';
import { hashPassword } from '../auth/password.ts';
import { generateStrongPassword } from '../auth/password-rules.ts';
import type { Clock } from '../clock.ts';
import { referencedMediaKeys } from '../media-references.ts';
import { createMedia } from '../media/service.ts';
import { insertProducts } from '../products/store.ts';
import { createUser, hasUsers, rolesByEmail } from '../users/store.ts';
import { seedDemoCourses } from './demo-courses.ts';
import { seedDemoPartners } from './demo-partners.ts';
import {
  insertDemoEducations,
  storeDemoEducationFiles,
  type DemoEducationFiles,
} from './demo-educations.ts';
import { videoStore } from '../educations/videos.ts';
import { streamStore } from '../transcodes/streams.ts';
import type { Db } from '../db/database.ts';
import type { Gender, NewProductRow } from '../db/schema.ts';

export const DEMO_PASSWORD_FILE = 'demo-password.txt';

export interface DemoAccount {
  email: string;
  name: string;
  surname: string;
  gender: Gender;
  roles: Role[];
}

export function demoAccounts(staffEmailDomain: string): DemoAccount[] {
  return [
    {
      email: `admin@${staffEmailDomain}`,
      name: 'Ivana',
      surname: 'Horvat',
      gender: 'female',
      roles: ['administrator'],
    },
    {
      email: `zaposlenik@${staffEmailDomain}`,
      name: 'Marko',
      surname: 'Kovačević',
      gender: 'male',
      roles: ['employee'],
    },
    {
      email: 'korisnik@example.com',
      name: 'Ana',
      surname: 'Babić',
      gender: 'female',
      roles: ['user'],
    },
  ];
}

export interface SeedOptions {
  staffEmailDomain: string;
  /** The configured DEMO_PASSWORD; a strong one is generated when undefined. */
  demoPassword: string | undefined;
  dataDir: string;
  now: Clock;
}

/** Seeds the demo accounts when the database has no users; returns whether it did. */
export async function seedDemoContent(db: Db, options: SeedOptions): Promise<boolean> {
  if (await hasUsers(db)) return false;
  const password = options.demoPassword ?? generateStrongPassword();
  // Written before the accounts exist: a crash in between costs a re-seed, never a lost password.
  writeFileSync(path.join(options.dataDir, DEMO_PASSWORD_FILE), `${password}\n`, { mode: 0o600 });

  // The hash is made while the media are encoded (or read: demo-images.ts).
  const [accounts, educationFiles] = await Promise.all([
    withPasswordHashes(demoAccounts(options.staffEmailDomain), password),
    seedDemoMedia(db, options),
  ]);
  const createdAt = options.now();

  await db.transaction().execute(async (trx) => {
    const userIds = new Map<Role, number>();
    for (const account of accounts) {
      const userId = await createUser(trx, { ...account, createdAt });
      for (const role of account.roles) userIds.set(role, userId);
    }
    await insertProducts(trx, demoProducts(createdAt));
    await insertDemoEducations(trx, educationFiles, {
      userIds: {
        demoUser: userIds.get('user') ?? 0,
        administrator: userIds.get('administrator') ?? 0,
      },
      now: options.now,
    });
  });
  return true;
}

/**
 * One hash for all the demo accounts: they share the password the console prints, so a salt
 * each would hide nothing, and each hash costs some 300 ms of a core at every empty start
 * (issue 31). A password changed later gets a hash and salt of its own.
 */
async function withPasswordHashes(accounts: DemoAccount[], password: string) {
  const passwordHash = await hashPassword(password);
  return accounts.map((account) => ({ ...account, passwordHash }));
}

/**
 * The demo courses, partners and educations with their media. Before the accounts: a failure
 * here is retried by the next start (users mark "seeded").
 */
async function seedDemoMedia(db: Db, options: SeedOptions): Promise<DemoEducationFiles> {
  const media = await createMedia({
    dataDir: options.dataDir,
    log: seedLog,
    referencedKeys: referencedMediaKeys(db),
  });
  await seedDemoCourses(db, media, options);
  await seedDemoPartners(db, media, options);
  return storeDemoEducationFiles(media, videoStore(options.dataDir), streamStore(options.dataDir));
}

/** The password the demo accounts were seeded with, if this data folder has one. */
export function readDemoPassword(dataDir: string): string | undefined {
  try {
    return readFileSync(path.join(dataDir, DEMO_PASSWORD_FILE), 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The demo accounts that still exist, with their roles, for the start-up banner. */
export function existingDemoAccounts(
  db: Db,
  staffEmailDomain: string,
): Promise<{ email: string; roles: Role[] }[]> {
  return rolesByEmail(
    db,
    demoAccounts(staffEmailDomain).map((account) => account.email),
  );
}

/** The seed runs before the server's logger exists. */
const seedLog = {
  warn: (details: object, message: string) => console.warn(message, details),
  error: (details: object, message: string) => console.error(message, details),
};

/** Shown first to last; the ones here are highlighted or hidden, the rest simply shown. */
const HIGHLIGHTED_DEMO_PRODUCTS = new Set([0, 3]);
const HIDDEN_DEMO_PRODUCTS = new Set([demoProductImages.length - 1]);

/** The home-page strip's demo products, newest first in the order of `demoProductImages`. */
function demoProducts(now: Date): NewProductRow[] {
  return demoProductImages.map((product, index) => ({
    name: product.name,
    image_url: product.imageUrl,
    is_shown_on_homepage: HIDDEN_DEMO_PRODUCTS.has(index) ? 0 : 1,
    is_highlighted: HIGHLIGHTED_DEMO_PRODUCTS.has(index) ? 1 : 0,
    created_at: new Date(now.getTime() - index * 60_000).toISOString(),
  }));
}

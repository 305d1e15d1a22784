/**
 * Bench users written straight into a fresh data folder before the server starts (the server's
 * own migrations and user store), and a small worker pool for client-side work.
 */
import { hashPassword } from '../../server/auth/password.ts';
import { migrateToLatest, openDatabase, type DatabaseLocation } from '../../server/db/database.ts';
import { createUser } from '../../server/users/store.ts';

export const benchEmail = (index: number) => `bench-${index}@example.com`;
/** A client address per index (the server trusts X-Forwarded-For from loopback). */
export const clientAddress = (index: number) =>
  `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** Creates `count` users with `password`, e-mails `benchEmail(0..count-1)`. */
export async function seedUsers(
  location: DatabaseLocation,
  password: string,
  count: number,
): Promise<void> {
  const db = openDatabase(location);
  try {
    await migrateToLatest(db);
    // One hash for all: verifying it costs the same whichever salt it has.
    const passwordHash = await hashPassword(password);
    for (let index = 0; index < count; index++) {
      await createUser(db, {
        email: benchEmail(index),
        name: 'Bench',
        surname: `User ${index}`,
        gender: null,
        passwordHash,
        roles: ['user'],
        createdAt: new Date(),
      });
    }
  } finally {
    await db.destroy();
  }
}

/** Runs `task` over `items` with `concurrency` workers; results in item order. */
export async function pool<T, R>(items: T[], concurrency: number, task: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

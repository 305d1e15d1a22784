/**
 * Which stored files a row refers to, across every table with media keys: after a crash the
 * media module removes the files of an interrupted upload that no row refers to, so a table
 * missing here would lose its files. A new table with media keys joins the list.
 */
import { courseMediaKeysAmong } from '../courses/store.ts';
import { partnerMediaKeysAmong } from '../partners/store.ts';
import { educationMediaKeysAmong } from '../educations/store.ts';
import type { Db } from './database.ts';

const MEDIA_KEY_QUERIES = [courseMediaKeysAmong, partnerMediaKeysAmong, educationMediaKeysAmong];

export async function referencedMediaKeys(
  db: Db,
  keys: readonly string[],
): Promise<ReadonlySet<string>> {
  const found = await Promise.all(MEDIA_KEY_QUERIES.map((query) => query(db, keys)));
  return new Set(found.flatMap((keysOfTable) => [...keysOfTable]));
}

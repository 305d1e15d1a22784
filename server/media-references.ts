/**
 * Which stored media keys a row still refers to, over every table that holds media keys: what
 * crash recovery keeps (media/service.ts). A new table with media keys joins here.
 */
import { courseMediaKeysAmong } from './courses/store.ts';
import { productMediaKeysAmong } from './products/store.ts';
import { newsletterMediaKeysAmong } from './newsletters/store.ts';
import { partnerMediaKeysAmong } from './partners/store.ts';
import { educationMediaKeysAmong } from './educations/store.ts';
import type { Db } from './db/database.ts';

export function referencedMediaKeys(db: Db) {
  return async (keys: readonly string[]): Promise<Set<string>> => {
    const lookups = [
      courseMediaKeysAmong,
      productMediaKeysAmong,
      partnerMediaKeysAmong,
      educationMediaKeysAmong,
      newsletterMediaKeysAmong,
    ];
    const found = await Promise.all(lookups.map((lookup) => lookup(db, keys)));
    return new Set(found.flatMap((set) => [...set]));
  };
}

/**
 * A public list kept serialised in memory with a strong ETag, and still never stale
 * (docs/decisions/0008-cached-course-list.md). Every write to the list bumps a version row in
 * the same transaction; every read asks the database for that one number and rebuilds only
 * when it moved. Several processes stay correct: a write in one is seen by the next read in
 * all. The version is read BEFORE the rows, so a cache can be newer than its version (rebuilt
 * once more, harmless) but never older.
 *
 * Requests arriving together share one version check, but only a check that starts after they
 * arrived (the next turn of the event loop), so a write committed before a request came in is
 * always seen by it.
 *
 * The ETag is a hash of the bytes, so every process (and a rebuilt database) gives the same
 * tag for the same list. Compressed copies are made once per version, not once per request
 * (server/http/representations.ts).
 */
import { representationsOf, type Representations } from '../http/representations.ts';

export interface ListSnapshot {
  version: number;
  representations: Representations;
}

export interface CachedList {
  /** The current list, rebuilt when its version moved since the last call. */
  current(): Promise<ListSnapshot>;
}

/** `readVersion`: `contentVersion(db, name)`; `load`: the list as it is answered. */
export function cachedList(
  readVersion: () => Promise<number>,
  load: () => Promise<unknown>,
): CachedList {
  let cached: ListSnapshot | undefined;
  let building: { version: number; snapshot: Promise<ListSnapshot> } | undefined;
  let nextCheck: Promise<number> | undefined;

  /** The version, read by a check that starts after this call (shared with others waiting). */
  function checkVersion(): Promise<number> {
    nextCheck ??= new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        // From here on, a newcomer must wait for a check of its own.
        nextCheck = undefined;
        readVersion().then(resolve, reject);
      });
    });
    return nextCheck;
  }

  async function build(version: number): Promise<ListSnapshot> {
    const identity = Buffer.from(JSON.stringify(await load()));
    return { version, representations: await representationsOf(identity) };
  }

  return {
    async current() {
      const version = await checkVersion();
      if (cached?.version === version) return cached;
      // Concurrent misses of one version share one build.
      if (building?.version !== version) {
        const snapshot = build(version);
        building = { version, snapshot };
        snapshot
          .then((built) => {
            if (cached === undefined || built.version >= cached.version) cached = built;
          })
          .catch(() => undefined)
          .finally(() => {
            if (building?.snapshot === snapshot) building = undefined;
          });
      }
      return building.snapshot;
    },
  };
}

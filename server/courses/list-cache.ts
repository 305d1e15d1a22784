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
 * tag for the same list. Compressed copies are made once per version, not once per request.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, compression gains nothing worth a header. */
const MIN_COMPRESSIBLE_BYTES = 1024;

export type Encoding = 'br' | 'gzip' | 'identity';

export interface Representation {
  body: Buffer;
  /** Strong ETag of this encoding, quoted. */
  etag: string;
}

export interface ListSnapshot {
  version: number;
  representations: Partial<Record<Encoding, Representation>> & { identity: Representation };
}

export interface CachedList {
  /** The current list, rebuilt when its version moved since the last call. */
  current(): Promise<ListSnapshot>;
  /** The last snapshot built, without asking the database (the bench's limit route). */
  peek(): ListSnapshot | undefined;
}

/** Bumps the version of `name`; call inside the transaction that changes the list. */
export async function bumpContentVersion(trx: Transaction<Database>, name: string) {
  await trx
    .insertInto('content_versions')
    .values({ name, version: 1 })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ version: sql`content_versions.version + 1` }),
    )
    .execute();
}

/** Reads the version of `name` (0 before the first write). */
export function contentVersion(db: Db, name: string): () => Promise<number> {
  // Compiled once: the per-request check is a single indexed lookup.
  const query = db
    .selectFrom('content_versions')
    .select('version')
    .where('name', '=', name)
    .compile();
  return async () => (await db.executeQuery(query)).rows[0]?.version ?? 0;
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
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
    const representations: ListSnapshot['representations'] = {
      identity: { body: identity, etag: `"${hash}"` },
    };
    if (identity.length >= MIN_COMPRESSIBLE_BYTES) {
      const [br, gz] = await Promise.all([
        brotli(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzipAsync(identity, { level: 9 }),
      ]);
      representations.br = { body: br, etag: `"${hash}-br"` };
      representations.gzip = { body: gz, etag: `"${hash}-gzip"` };
    }
    return { version, representations };
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
    peek: () => cached,
  };
}

/** The encoding to answer with, from an Accept-Encoding header and what the snapshot has. */
export function negotiateEncoding(header: string | undefined, snapshot: ListSnapshot): Encoding {
  const accepted = new Map<string, number>();
  for (const item of (header ?? '').split(',')) {
    const [token, ...parameters] = item.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(token, q === undefined ? 1 : Number(q));
  }
  const acceptable = (encoding: string) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
  if (snapshot.representations.br && acceptable('br')) return 'br';
  if (snapshot.representations.gzip && acceptable('gzip')) return 'gzip';
  return 'identity';
}

/** Whether an If-None-Match header names any encoding of this snapshot (RFC 9110 13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, snapshot: ListSnapshot): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const current = Object.values(snapshot.representations).map((r) => r.etag);
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => current.includes(tag));
}

import { describe, expect, it } from 'vitest';
import { cachedList } from '../../server/courses/list-cache.ts';
import { matchesIfNoneMatch, negotiateEncoding } from '../../server/http/representations.ts';

/** A version source whose reads the test answers one by one. */
function controlledVersions() {
  const reads: ((version: number) => void)[] = [];
  return {
    reads,
    read: () => new Promise<number>((resolve) => reads.push(resolve)),
  };
}
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the cached list', () => {
  it('shares one version check among requests that arrive before it starts', async () => {
    const versions = controlledVersions();
    let loads = 0;
    const list = cachedList(versions.read, async () => [{ n: ++loads }]);
    const first = list.current();
    const second = list.current();
    await nextTurn();
    expect(versions.reads).toHaveLength(1);
    versions.reads[0]?.(1);
    expect((await first).version).toBe(1);
    expect(await second).toBe(await first);
    expect(loads).toBe(1);
  });

  it('gives a request that arrives after a check started a check of its own', async () => {
    const versions = controlledVersions();
    let loads = 0;
    const list = cachedList(versions.read, async () => [{ n: ++loads }]);
    const early = list.current();
    await nextTurn();
    // The first check is under way; a write commits; then this request arrives.
    const late = list.current();
    await nextTurn();
    expect(versions.reads).toHaveLength(2);
    versions.reads[0]?.(1);
    versions.reads[1]?.(2);
    expect((await early).version).toBe(1);
    const lateSnapshot = await late;
    expect(lateSnapshot.version).toBe(2);
    expect(lateSnapshot.representations.identity.body.toString()).toBe('[{"n":2}]');
  });

  it('rebuilds only when the version moved, and keeps the tag of equal bytes', async () => {
    let version = 1;
    let loads = 0;
    const list = cachedList(
      async () => version,
      async () => ((loads += 1), ['same']),
    );
    const first = await list.current();
    expect(await list.current()).toBe(first);
    expect(loads).toBe(1);
    version = 2;
    const second = await list.current();
    expect(loads).toBe(2);
    expect(second.representations.identity.etag).toBe(first.representations.identity.etag);
    expect(await list.current()).toBe(second);
    expect(loads).toBe(2);
  });

  it('compresses only lists worth it, each encoding with its own tag', async () => {
    const small = await cachedList(
      async () => 1,
      async () => [],
    ).current();
    expect(Object.keys(small.representations)).toEqual(['identity']);
    const large = await cachedList(
      async () => 1,
      async () => Array.from({ length: 100 }, (_, i) => ({ title: `Tečaj ${i}` })),
    ).current();
    const { identity, br, gzip } = large.representations;
    expect(br?.etag).toBe(identity.etag.replace(/"$/, '-br"'));
    expect(gzip?.etag).toBe(identity.etag.replace(/"$/, '-gzip"'));
    expect(br?.body.length).toBeLessThan(identity.body.length);
  });
});

describe('content negotiation', () => {
  it('prefers brotli, then gzip, honouring q=0 and *', async () => {
    const snapshot = await cachedList(
      async () => 1,
      async () => Array.from({ length: 300 }, (_, i) => ({ i })),
    ).current();
    expect(negotiateEncoding('gzip, deflate, br, zstd', snapshot)).toBe('br');
    expect(negotiateEncoding('gzip', snapshot)).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5', snapshot)).toBe('gzip');
    expect(negotiateEncoding('*', snapshot)).toBe('br');
    expect(negotiateEncoding('*;q=0', snapshot)).toBe('identity');
    expect(negotiateEncoding(undefined, snapshot)).toBe('identity');
    expect(negotiateEncoding('', snapshot)).toBe('identity');
  });

  it('matches If-None-Match lists, weak tags and *', async () => {
    const snapshot = await cachedList(
      async () => 1,
      async () => ['x'],
    ).current();
    const { etag } = snapshot.representations.identity;
    expect(matchesIfNoneMatch(etag, snapshot)).toBe(true);
    expect(matchesIfNoneMatch(`"a", W/${etag}`, snapshot)).toBe(true);
    expect(matchesIfNoneMatch('*', snapshot)).toBe(true);
    expect(matchesIfNoneMatch('"a"', snapshot)).toBe(false);
    expect(matchesIfNoneMatch(undefined, snapshot)).toBe(false);
  });
});

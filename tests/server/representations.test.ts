/**
 * An answer kept in each encoding (server/http/representations.ts): made at once, or with its
 * compressed copies made after, as the pages rendered at start are (issue 31).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import {
  representationsCompressedLater,
  representationsOf,
} from '../../server/http/representations.ts';

const page = Buffer.from('<p>Tečaj implantologije – Zagreb, 12. 3. 2027.</p>\n'.repeat(60));

describe('an answer in each encoding', () => {
  it('has the compressed copies at once, each tagged apart from the identity', async () => {
    const made = await representationsOf(page);
    expect(brotliDecompressSync(made.br?.body ?? Buffer.alloc(0))).toEqual(page);
    expect(gunzipSync(made.gzip?.body ?? Buffer.alloc(0))).toEqual(page);
    const tags = [made.identity.etag, made.br?.etag, made.gzip?.etag];
    expect(new Set(tags).size).toBe(3);
    expect(made.br?.etag).toBe(made.identity.etag.replace(/"$/, '-br"'));
  });

  it('answers with the identity at once when compressed later, then has the same copies', async () => {
    const later = representationsCompressedLater(page);
    expect(Object.keys(later)).toEqual(['identity']);
    await vi.waitFor(() => expect(later.gzip).toBeDefined());
    expect(later).toEqual(await representationsOf(page));
  });

  it('keeps a body too short to gain from compression as it is', async () => {
    const short = Buffer.from('<p>Kratko</p>');
    expect(Object.keys(await representationsOf(short))).toEqual(['identity']);
    const later = representationsCompressedLater(short);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(Object.keys(later)).toEqual(['identity']);
  });
});

/**
 * The demo images encoded once per machine (server/seed/demo-images.ts): the first seed encodes
 * and stores them, every later one reads what was stored.
 */
import { randomInt } from 'node:crypto';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { toWebImage } from '../../server/media/images.ts';
import { demoWebImage } from '../../server/seed/demo-images.ts';

const stored = () =>
  new Set(readdirSync(tmpdir()).filter((name) => name.startsWith('dental-demo-image-')));
const made: string[] = [];
afterEach(() => {
  for (const name of made.splice(0)) rmSync(path.join(tmpdir(), name), { recursive: true });
});

/** An image no other test has: one flat colour of its own. */
const uniqueImage = () =>
  sharp({
    create: {
      width: 640,
      height: 360,
      channels: 3,
      background: { r: randomInt(256), g: randomInt(256), b: randomInt(256) },
    },
  })
    .png()
    .toBuffer();

describe('a demo image', () => {
  it('is encoded as uploads are the first time, then read from where it was stored', async () => {
    const input = await uniqueImage();
    const before = stored();
    const first = await demoWebImage(input);
    expect(first).toEqual(await toWebImage(input));

    const added = [...stored()].filter((name) => !before.has(name));
    made.push(...added);
    expect(added).toHaveLength(1);
    // What the next seed returns is what lies there, not a new encoding.
    const marker = Buffer.from('stored');
    writeFileSync(path.join(tmpdir(), added[0] ?? '', 'full.webp'), marker);
    expect((await demoWebImage(input)).full).toEqual(marker);
    expect((await demoWebImage(input)).card).toEqual(first.card);
  });
});

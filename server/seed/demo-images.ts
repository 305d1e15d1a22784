/**
 * The demo content's images, encoded once per machine and version of the encoder: the seed of
 * every empty data folder (each test's, each bench run's, a start on a wiped folder) reads them
 * from the system's temporary folder instead of spending about a second of sharp on them
 * (issue 31), as the demo video's stream is made once (demo-educations.ts).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toWebImage, type WebImage } from '../media/images.ts';

/** The encoder's source is part of the key: a change to how images are encoded re-encodes. */
const ENCODER = new URL('../media/images.ts', import.meta.url);
let encoderHash: Promise<Buffer> | undefined;

export async function demoWebImage(input: Buffer): Promise<WebImage> {
  encoderHash ??= readFile(ENCODER).then((source) => createHash('sha256').update(source).digest());
  const key = createHash('sha256')
    .update(await encoderHash)
    .update(input)
    .digest('hex')
    .slice(0, 16);
  const folder = path.join(tmpdir(), `dental-demo-image-${key}`);
  const stored = await readStored(folder);
  if (stored !== undefined) return stored;

  const image = await toWebImage(input);
  // Made aside and renamed into place, so a reader never sees half of it.
  const work = await mkdtemp(`${folder}.making-`);
  try {
    await Promise.all([
      writeFile(path.join(work, 'full.webp'), image.full),
      writeFile(path.join(work, 'card.webp'), image.card),
    ]);
    await rename(work, folder);
  } catch {
    // Another process put it in place meanwhile, or the folder cannot be written: this image
    // serves all the same, and the next seed encodes again.
    await rm(work, { recursive: true, force: true });
  }
  return image;
}

async function readStored(folder: string): Promise<WebImage | undefined> {
  try {
    const [full, card] = await Promise.all([
      readFile(path.join(folder, 'full.webp')),
      readFile(path.join(folder, 'card.webp')),
    ]);
    return { full, card };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

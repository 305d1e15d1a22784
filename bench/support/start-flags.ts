/**
 * The Node options `npm start` gives the server (`node --a --b scripts/start.ts`), so that a
 * bench runs `server/main.ts` with the heap sizes production runs it with (decision 0012).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function startFlags(root: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...words] = manifest.scripts.start.split(/\s+/);
  if (command !== 'node') throw new Error(`${root}: npm start does not run node`);
  return words.filter((word) => word.startsWith('--'));
}

/**
 * The Node options `npm start` gives the server (`node --a --b scripts/start.js`), so that a
 * bench runs `server/main.ts` with the heap sizes production runs it with (decision 0012).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export function startFlags(root: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...words] = manifest.scripts.start.split(/\s+/);
  if (command !== 'node') throw new Error(`${root}: npm start does not run node`);
  return words.filter((word) => word.startsWith('--'));
}

/**
 * The environment `npm start` sets for the server (scripts/start-environment.js, .ts before decision 0060), or none for a
 * checkout from before it had one (a `--baseline`). As with `npm start`, a variable already set
 * in this process's environment wins.
 */
export async function startEnvironment(root: string): Promise<Record<string, string>> {
  const file = ['js', 'ts']
    .map((extension) => path.join(root, `scripts/start-environment.${extension}`))
    .find((candidate) => existsSync(candidate));
  if (file === undefined) return {};
  const { START_ENVIRONMENT } = (await import(pathToFileURL(file).href)) as {
    START_ENVIRONMENT: Record<string, string>;
  };
  return Object.fromEntries(
    Object.entries(START_ENVIRONMENT).filter(([name]) => process.env[name] === undefined),
  );
}

/**
 * Whether the SPA in dist/ (and its server-render bundle in dist-ssr/) must be (re)built: it is
 * missing, or something Vite reads changed after the last build wrote its manifest.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Everything a build depends on, relative to the project root. */
export const SPA_BUILD_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

/** Vite's arguments for the browser's build, then the server render's (`npm run build`). */
export const SPA_BUILD_STEPS: readonly (readonly string[])[] = [
  ['build'],
  ['build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-ssr'],
];

export function spaBuildIsStale(root: string): boolean {
  const dist = path.join(root, 'dist');
  const manifest = path.join(dist, '.vite', 'manifest.json');
  const serverRender = path.join(root, 'dist-ssr', 'entry-server.js');
  if (![path.join(dist, 'index.html'), manifest, serverRender].every((file) => existsSync(file))) {
    return true;
  }
  const builtAt = statSync(manifest).mtimeMs;
  return SPA_BUILD_INPUTS.some((input) => newestChange(path.join(root, input)) > builtAt);
}

export function newestChange(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // Test files never reach the bundle, so editing one must not trigger a rebuild.
  const files = readdirSync(file, { recursive: true, encoding: 'utf8' }).filter(
    (name) => !/\.test\.tsx?$/.test(name),
  );
  return Math.max(stat.mtimeMs, ...files.map((name) => statSync(path.join(file, name)).mtimeMs));
}

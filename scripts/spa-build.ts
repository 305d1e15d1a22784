/**
 * The SPA's build for `npm start` when it is stale (scripts/build-freshness.js says when):
 * Vite's browser build into dist/, then the server render's into dist-ssr/ (`npm run build`).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const SPA_BUILD_STEPS: readonly (readonly string[])[] = [
  ['build'],
  ['build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-ssr'],
];

/** Builds the SPA; false when Vite failed (it said why on the console). */
export function buildSpa(root: string): boolean {
  for (const step of SPA_BUILD_STEPS) {
    // Vite's script runs with this Node (24), whatever `node` is first on the PATH.
    const build = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules', '.bin', 'vite'), ...step],
      { cwd: root, stdio: 'inherit' },
    );
    if (build.status !== 0) return false;
  }
  return true;
}

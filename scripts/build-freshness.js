// @ts-check
/**
 * Whether `npm start` must build before it serves: the SPA (dist/ and its server-render bundle in
 * dist-ssr/) or the server's bundle (dist-server/) is missing, or something it is built from
 * changed after it. JavaScript checked by tsc, not TypeScript, because every start runs it: the
 * first TypeScript file a process loads costs Node's type stripper some 150 ms here
 * (docs/decisions/0060-start-without-waiting.md).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Everything the SPA's build depends on, relative to the project root. */
export const SPA_BUILD_INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

/** Everything the server's bundle depends on, relative to the project root. */
export const SERVER_BUILD_INPUTS = [
  'server',
  'src',
  'package-lock.json',
  'scripts/server-build.ts',
];

/** The server bundle's entry, relative to the project root; `npm start` runs it. */
export const SERVER_BUNDLE_ENTRY = path.join('dist-server', 'main.js');

/** @param {string} root */
export function spaBuildIsStale(root) {
  const dist = path.join(root, 'dist');
  const manifest = path.join(dist, '.vite', 'manifest.json');
  const serverRender = path.join(root, 'dist-ssr', 'entry-server.js');
  if (![path.join(dist, 'index.html'), manifest, serverRender].every((file) => existsSync(file))) {
    return true;
  }
  return changedAfter(root, SPA_BUILD_INPUTS, statSync(manifest).mtimeMs);
}

/** @param {string} root */
export function serverBuildIsStale(root) {
  const entry = path.join(root, SERVER_BUNDLE_ENTRY);
  if (!existsSync(entry)) return true;
  return changedAfter(root, SERVER_BUILD_INPUTS, statSync(entry).mtimeMs);
}

/**
 * @param {string} root
 * @param {readonly string[]} inputs
 * @param {number} builtAt
 */
function changedAfter(root, inputs, builtAt) {
  return inputs.some((input) => newestChange(path.join(root, input)) > builtAt);
}

/**
 * The latest modification time of a file, or of a folder and everything in it.
 * @param {string} file
 * @returns {number}
 */
function newestChange(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // Test files never reach a bundle, so editing one must not trigger a rebuild.
  const files = readdirSync(file, { recursive: true, encoding: 'utf8' }).filter(
    (name) => !/\.test\.tsx?$/.test(name),
  );
  return Math.max(stat.mtimeMs, ...files.map((name) => statSync(path.join(file, name)).mtimeMs));
}

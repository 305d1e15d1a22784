/**
 * `npm start`: builds the SPA and the server's bundle (scripts/server-build.ts) when they are
 * missing or stale, then runs the bundled server in production mode (unless NODE_ENV says
 * otherwise), serving the SPA and the API on one port.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, SERVER_BUNDLE_ENTRY, serverBuildIsStale } from './server-build.ts';
import { SPA_BUILD_STEPS, spaBuildIsStale } from './spa-build.ts';
import { START_ENVIRONMENT } from './start-environment.ts';

const root = path.resolve(import.meta.dirname, '..');
// Before anything asynchronous starts libuv's thread pool (start-environment.ts).
for (const [name, value] of Object.entries(START_ENVIRONMENT)) process.env[name] ??= value;

if (spaBuildIsStale(root)) {
  console.log('Building the SPA with Vite…');
  for (const step of SPA_BUILD_STEPS) {
    // Run Vite's script with this Node (24), whatever `node` is first on the PATH.
    const build = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules', '.bin', 'vite'), ...step],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (build.status !== 0) {
      console.error('The SPA build failed; not starting the server.');
      process.exit(build.status ?? 1);
    }
  }
}

if (serverBuildIsStale(root)) {
  console.log('Bundling the server…');
  await buildServer(root);
}

process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, SERVER_BUNDLE_ENTRY)).href);

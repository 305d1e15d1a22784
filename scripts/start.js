// @ts-check
/**
 * `npm start`: builds the SPA and the server's bundle (scripts/server-build.ts) when they are
 * missing or stale, then runs the bundled server in production mode (unless NODE_ENV says
 * otherwise), serving the SPA and the API on one port. JavaScript checked by tsc, as is all it
 * loads on a start with fresh builds: the first TypeScript file would cost Node's type stripper
 * some 150 ms of every start (docs/decisions/0060-start-without-waiting.md).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_BUNDLE_ENTRY, serverBuildIsStale, spaBuildIsStale } from './build-freshness.js';
import { START_ENVIRONMENT } from './start-environment.js';

const root = path.resolve(import.meta.dirname, '..');
// Before anything asynchronous starts libuv's thread pool (start-environment.js).
for (const [name, value] of Object.entries(START_ENVIRONMENT)) process.env[name] ??= value;

if (spaBuildIsStale(root)) {
  console.log('Building the SPA with Vite…');
  const { buildSpa } = await import('./spa-build.ts');
  if (!buildSpa(root)) {
    console.error('The SPA build failed; not starting the server.');
    process.exit(1);
  }
}

if (serverBuildIsStale(root)) {
  console.log('Bundling the server…');
  const { buildServer } = await import('./server-build.ts');
  await buildServer(root);
}

process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, SERVER_BUNDLE_ENTRY)).href);

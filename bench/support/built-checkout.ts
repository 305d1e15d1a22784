import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../../tests/server/support/server-process.ts';

/** A built checkout's production server, on an empty data folder and a free loopback port. */
export interface Build {
  name: string;
  server: ServerProcess;
  dataDir: string;
}

/** Starts the server of the checkout at `root` (built with `npm run build`) and waits for it. */
export async function startBuild(name: string, root: string): Promise<Build> {
  if (!existsSync(path.join(root, 'dist', 'index.html'))) {
    throw new Error(`No ${root}/dist/index.html: build it first (npm run build).`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dental-bench-'));
  const server = await spawnServer({ DATA_DIR: dataDir, NODE_ENV: 'production' }, { root });
  await waitForHealth(server, 60_000);
  return { name, server, dataDir };
}

export async function stopBuild(build: Build): Promise<void> {
  build.server.child.kill('SIGTERM');
  await build.server.exited;
  rmSync(build.dataDir, { recursive: true, force: true });
}

/** The load averages over 1, 5 and 15 minutes, for a bench to print beside its numbers. */
export const formatLoad = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

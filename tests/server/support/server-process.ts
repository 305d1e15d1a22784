/**
 * Runs `server/main.ts` as a real process on a free loopback port (shutdown test and
 * bench/startup.ts). Every wait is bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { testDatabase } from './test-database.ts';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
/** The project's pinned Node 24, whatever `node` is on the PATH. */
export const NODE_24 = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'node');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process wrote, for assertion messages. */
  output(): string;
  exited: Promise<number | null>;
}

export interface SpawnOptions {
  /** Another checkout to run (bench:overload's baseline); this project by default. */
  root?: string;
  /** Node's own options before the script, such as those `npm start` gives it. */
  nodeFlags?: readonly string[];
}

export async function spawnServer(
  env: Record<string, string>,
  { root = PROJECT_ROOT, nodeFlags = [] }: SpawnOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const { databaseUrl } = env.DATA_DIR === undefined ? {} : await testDatabase(env.DATA_DIR);
  const child = spawn(NODE_24, [...nodeFlags, path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...(databaseUrl !== undefined && { DATABASE_URL: databaseUrl }),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Polls `GET /api/v1/health` until it answers 200; rejects after `timeoutMs`. */
export async function waitForHealth(server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let stopped = false;
  void server.exited.then(() => (stopped = true));
  while (Date.now() < deadline && !stopped) {
    try {
      const response = await fetch(`${server.baseUrl}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`the server did not become healthy:\n${server.output()}`);
}

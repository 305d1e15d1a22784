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

/**
 * Below Linux's ephemeral range (32768 and up): no outgoing connection takes such a port, and a
 * random pick keeps two servers started at once from getting the same one, as the kernel's own
 * choice of a free port (which hands a just-closed port out again) did in the full CI run.
 */
const PORT_RANGE = { first: 20_000, count: 10_000 };

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = PORT_RANGE.first + Math.floor(Math.random() * PORT_RANGE.count);
    if (await bindable(port)) return port;
  }
  throw new Error('no free port');
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
  /** The script, relative to `root`: the server's own by default, or a bench's server. */
  entry?: string;
}

export async function spawnServer(
  env: Record<string, string>,
  {
    root = PROJECT_ROOT,
    nodeFlags = [],
    entry = path.join('server', 'main.ts'),
  }: SpawnOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const { databaseUrl } = env.DATA_DIR === undefined ? {} : await testDatabase(env.DATA_DIR);
  const child = spawn(NODE_24, [...nodeFlags, path.join(root, entry)], {
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

/**
 * Polls `GET /api/v1/health` until it answers 200 and the process has said it listens on its
 * port (so that the answer is its own, not another server's); rejects after `timeoutMs`.
 */
export async function waitForHealth(server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const listening = `listening on 127.0.0.1:${new URL(server.baseUrl).port}`;
  let stopped = false;
  void server.exited.then(() => (stopped = true));
  while (Date.now() < deadline && !stopped) {
    try {
      const response = await fetch(`${server.baseUrl}/api/v1/health`);
      if (response.ok && server.output().includes(listening)) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`the server did not become healthy:\n${server.output()}`);
}

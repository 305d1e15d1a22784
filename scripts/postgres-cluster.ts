/**
 * A throwaway PostgreSQL cluster from the Debian `postgresql` package: `initdb` in a temporary
 * folder, listening only on a unix socket in that folder (no TCP port to collide with), owned
 * by a non-root user because PostgreSQL refuses to run as root. Durability is off unless asked for:
 * the cluster lives for one test or bench run. `npm run test:postgres` and the multi-process tests use it.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PostgresCluster {
  /** A superuser URL of the `postgres` database on the cluster's socket. */
  url: string;
  /** Stops the server and removes its folder; safe to call twice. */
  stop(): void;
}

/** `PG_BIN`, else the newest `/usr/lib/postgresql/<version>/bin` (Debian's layout). */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] === undefined) {
    throw new Error(
      'PostgreSQL is not installed: apt-get install postgresql (or set PG_BIN to its bin folder)',
    );
  }
  return path.join(root, versions[0], 'bin');
}

/** Root runs the server as the `postgres` system user; anyone else as themselves. */
function runAsOwner(isRoot: boolean, command: string, args: string[]): void {
  const [file, fileArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  execFileSync(file, fileArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
}

export interface ClusterOptions {
  /**
   * Keep PostgreSQL's durability (fsync, full page writes, synchronous commit), as production
   * has it: for a bench that compares it with SQLite, which commits to disk. Tests turn it off.
   */
  durable?: boolean;
}

export function startPostgresCluster({ durable = false }: ClusterOptions = {}): PostgresCluster {
  const bin = postgresBin();
  const isRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(path.join(tmpdir(), 'dental-postgres-'));
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(folder, uid, gid);
  }
  const dataDir = path.join(folder, 'data');
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      runAsOwner(isRoot, path.join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate']);
    } catch {
      // Never started, or already gone: the folder goes either way.
    }
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    runAsOwner(isRoot, path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
    const options = [
      `-k ${folder}`,
      "-c listen_addresses=''",
      ...(durable ? [] : ['-c fsync=off', '-c full_page_writes=off', '-c synchronous_commit=off']),
      '-c max_connections=300',
    ].join(' ');
    runAsOwner(isRoot, path.join(bin, 'pg_ctl'), [
      'start',
      '-D',
      dataDir,
      '-w',
      '-l',
      path.join(folder, 'server.log'),
      '-o',
      options,
    ]);
  } catch (error) {
    stop();
    throw error;
  }
  const url = `postgres:///postgres?host=${encodeURIComponent(folder)}&user=postgres`;
  return { url, stop };
}

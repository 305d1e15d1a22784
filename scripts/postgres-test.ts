/**
 * `npm run test:postgres [vitest arguments]`: the server test suite against PostgreSQL, and the
 * tests of what holds only there (tests/postgres: several processes on one database). Starts a
 * throwaway cluster, runs the `server` project of vitest with `DATABASE_URL` set, which adds them
 * (every test gets its own database: tests/server/support/test-database.ts), and removes the
 * cluster after, also when the tests fail or the run is interrupted.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startPostgresCluster } from './postgres-cluster.ts';

const root = path.resolve(import.meta.dirname, '..');
const cluster = startPostgresCluster();
const vitest = spawn(
  path.join(root, 'node_modules', '.bin', 'vitest'),
  ['run', '--project', 'server', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, DATABASE_URL: cluster.url } },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => vitest.kill(signal));
}
vitest.once('exit', (code, signal) => {
  cluster.stop();
  process.exit(code ?? (signal ? 1 : 0));
});

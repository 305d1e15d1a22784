import { describe, expect, it } from 'vitest';
import { spawnServer, waitForHealth } from './support/server-process.ts';
import { useTempDir } from './support/temp-dir.ts';

const tempDir = useTempDir();

describe('server/main.ts', () => {
  it('starts on an empty data folder, prints the banner, and exits 0 on SIGTERM', async () => {
    const server = await spawnServer({ DATA_DIR: tempDir(), DEMO_PASSWORD: 'Demo-Lozinka-123' });
    try {
      // An empty folder is seeded first (demo media encoded): 8 s at load 4 on two cores. How
      // fast a start is, is bench:startup's to measure; this test is about the banner and exit.
      await waitForHealth(server, 30_000);
      expect(server.output()).toContain(`Dentalia is running at http://localhost:`);
      expect(server.output()).toContain('Demo accounts (password Demo-Lozinka-123)');
      expect(server.output()).toContain('admin@dentalia.hr');
      expect(server.output()).toContain('Outgoing mail is written as .eml files to');

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 45_000);

  it('refuses a bad configuration with a message naming the variable and exit code 1', async () => {
    const server = await spawnServer({ DATA_DIR: tempDir(), LOG_LEVEL: 'loud' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration: LOG_LEVEL must be one of');
  }, 20_000);
});

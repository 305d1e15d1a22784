import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE_ENTRY, serverBuildIsStale } from '../../scripts/build-freshness.js';
import { buildServer } from '../../scripts/server-build.ts';
import { PROJECT_ROOT, spawnServer, waitForHealth } from './support/server-process.ts';
import { useTempDir } from './support/temp-dir.ts';

const tempDir = useTempDir();
const anHourAgo = new Date(Date.now() - 3_600_000);
const halfAnHourAgo = new Date(Date.now() - 1_800_000);

function write(root: string, file: string, time?: Date) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), '');
  if (time !== undefined) utimesSync(path.join(root, file), time, time);
}

/** Sources an hour old, bundled half an hour ago. */
function builtProject(): string {
  const root = tempDir();
  for (const file of ['server/main.ts', 'server/serve.ts', 'src/api/contract.ts']) {
    write(root, file, anHourAgo);
  }
  for (const folder of ['server', 'src/api', 'src'])
    utimesSync(path.join(root, folder), anHourAgo, anHourAgo);
  write(root, 'package-lock.json', anHourAgo);
  write(root, SERVER_BUNDLE_ENTRY, halfAnHourAgo);
  return root;
}

describe('serverBuildIsStale', () => {
  it('is stale without a bundle', () => {
    const root = tempDir();
    write(root, 'server/main.ts');
    expect(serverBuildIsStale(root)).toBe(true);
  });

  it('is fresh when nothing changed since the bundle', () => {
    expect(serverBuildIsStale(builtProject())).toBe(false);
  });

  it.each(['server/serve.ts', 'server/new/module.ts', 'src/api/contract.ts', 'package-lock.json'])(
    'is stale when %s changed after the bundle',
    (file) => {
      const root = builtProject();
      write(root, file);
      expect(serverBuildIsStale(root)).toBe(true);
    },
  );
});

describe('the bundled server (npm start)', () => {
  it('seeds an empty data folder, serves the API and its media, and exits 0 on SIGTERM', async () => {
    // As `npm start` does: bundled when the sources changed since, else the bundle as it is.
    if (serverBuildIsStale(PROJECT_ROOT)) await buildServer(PROJECT_ROOT);
    const server = await spawnServer(
      { DATA_DIR: tempDir(), DEMO_PASSWORD: 'Demo-Lozinka-123' },
      { entry: SERVER_BUNDLE_ENTRY },
    );
    try {
      // The seed finds its video and logos beside its sources, and encodes them with sharp.
      await waitForHealth(server, 60_000);
      expect(server.output()).toContain('Demo accounts (password Demo-Lozinka-123)');
      const courses = (await (await fetch(`${server.baseUrl}/api/v1/courses`)).json()) as {
        imageCardPath: string;
      }[];
      expect(courses).toHaveLength(4);
      const cover = courses[0]?.imageCardPath;
      expect(cover).toMatch(/^\//);
      const image = await fetch(`${server.baseUrl}${cover}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 180_000);
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/** Every run starts the real server on an empty data folder of its own. */
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'e2e-data-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  reporter: [['list']],
  outputDir: 'test-results',
  projects: [
    { name: 'e2e', testIgnore: 'paths/**', metadata: { dataDir } },
    // The machines' generated paths against the real server (tests/e2e/paths, docs/testing.md).
    // A path waits for hydration, lazily loaded dialogs and robot checks many times over: on two
    // busy cores one of them took longer than the default 5 s.
    {
      name: 'paths',
      testMatch: 'paths/*.spec.ts',
      expect: { timeout: 15_000 },
      metadata: { dataDir },
    },
  ],
  use: {
    baseURL,
    locale: 'hr-HR',
    timezoneId: 'Europe/Zagreb',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // Builds the SPA and the server's bundle when they are stale (scripts/start.js).
    command: 'node scripts/start.js',
    url: `${baseURL}/api/v1/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      DEMO_PASSWORD: 'Demo-Lozinka-2026!',
      LOG_LEVEL: 'warn',
    },
  },
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * The real server (`npm start`) on an empty data folder of its own. Two of them: the public
 * pages' tests and the staff's tests run side by side, each on one worker against its own server,
 * so no test sees another's rows, mail or rate limits. The tests mostly wait (for pages, robot
 * checks, transcodes), so two streams on two cores take about two thirds of the time of one.
 */
function server(offset: number) {
  const baseURL = `http://127.0.0.1:${port + offset}`;
  // The config is read again in every worker process, which inherits this environment.
  const dataDir = (process.env[`E2E_DATA_DIR_${offset}`] ??= mkdtempSync(
    join(tmpdir(), 'e2e-data-'),
  ));
  const webServer: NonNullable<PlaywrightTestConfig['webServer']> = {
    // The first server builds the SPA when it is stale; Playwright starts them one after another.
    command: 'node scripts/start.ts',
    url: `${baseURL}/api/v1/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port + offset),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      DEMO_PASSWORD: 'Demo-Lozinka-2026!',
      LOG_LEVEL: 'warn',
    },
  };
  return { baseURL, dataDir, webServer };
}

const site = server(0);
const staff = server(1);

/** The public pages' read-only tests; everything else (accounts, staff screens, mail) is staff's. */
const SITE_TESTS = [
  'access-gate.spec.ts',
  'accessibility.spec.ts',
  'alignment.spec.ts',
  'before-hydration.spec.ts',
  'first-visit-size.spec.ts',
  'load-failure.spec.ts',
  'page-titles.spec.ts',
  'public-site.spec.ts',
  'server-rendering.spec.ts',
  'shell.spec.ts',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  reporter: [['list']],
  outputDir: 'test-results',
  projects: [
    {
      name: 'e2e',
      testMatch: SITE_TESTS,
      workers: 1,
      use: { baseURL: site.baseURL },
      metadata: { dataDir: site.dataDir },
    },
    {
      name: 'staff',
      testIgnore: ['paths/**', ...SITE_TESTS],
      workers: 1,
      use: { baseURL: staff.baseURL },
      metadata: { dataDir: staff.dataDir },
    },
    // The machines' generated paths against the real server (tests/e2e/paths, docs/testing.md),
    // after the public pages' tests on their server. A path waits for hydration, lazily loaded
    // dialogs and robot checks many times over: on two busy cores one of them took longer than
    // the default 5 s.
    {
      name: 'paths',
      testMatch: 'paths/*.spec.ts',
      dependencies: ['e2e'],
      workers: 1,
      expect: { timeout: 15_000 },
      use: { baseURL: site.baseURL },
      metadata: { dataDir: site.dataDir },
    },
  ],
  use: {
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
  webServer: [site.webServer, staff.webServer],
});

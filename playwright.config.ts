import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

/**
 * The browser tests run in two halves at once, each against a server of its own (port and empty
 * data folder): a test mostly waits (for a transcode, a scheduled mail, a page), so two streams
 * fit on CI's two cores, and neither half sees the other's data, rate-limit counters or mails.
 * Within a half the files run one at a time, in order, as they did against one server.
 */
const firstPort = Number(process.env.E2E_PORT ?? 3100);
const servers = [0, 1].map((index) => {
  const port = firstPort + index;
  // Every worker process reads this file again: the folders are made once and passed on.
  const folderVariable = `E2E_DATA_DIR_${index}`;
  const dataDir = process.env[folderVariable] ?? mkdtempSync(join(tmpdir(), 'e2e-data-'));
  process.env[folderVariable] = dataDir;
  return { port, baseURL: `http://127.0.0.1:${port}`, dataDir };
});
type E2eServer = (typeof servers)[number];
const [first, second] = servers as [E2eServer, E2eServer];

/**
 * The second server's files: with the paths, about half of the time (docs/testing.md, "CI time").
 * The education library's exact list (educations.spec.ts) stays apart from the first half's
 * uploads of videos everyone may see (education-admin, education-video).
 */
const SECOND_HALF = [
  'access-gate.spec.ts',
  'admin-partners.spec.ts',
  'admin-products.spec.ts',
  'audit-log.spec.ts',
  'courses.spec.ts',
  'education-edit.spec.ts',
  'educations.spec.ts',
  'first-visit-size.spec.ts',
  'page-titles.spec.ts',
  'server-rendering.spec.ts',
  'staff-details.spec.ts',
  'viewer-failures.spec.ts',
];

const against = (server: E2eServer) => ({
  workers: 1,
  use: { baseURL: server.baseURL },
  metadata: { dataDir: server.dataDir },
});

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
    { name: 'e2e', testIgnore: ['paths/**', ...SECOND_HALF], ...against(first) },
    {
      name: 'e2e-second-half',
      testMatch: SECOND_HALF,
      testIgnore: 'paths/**',
      ...against(second),
    },
    // The machines' generated paths against the real server (tests/e2e/paths, docs/testing.md).
    // A path waits for hydration, lazily loaded dialogs and robot checks many times over: on two
    // busy cores one of them took longer than the default 5 s. Queued last, they start when a
    // half has no file left; each path makes its own account, so sharing a server is harmless.
    {
      name: 'paths',
      testMatch: 'paths/*.spec.ts',
      expect: { timeout: 15_000 },
      ...against(second),
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
  webServer: servers.map(
    (server): Exclude<PlaywrightTestConfig['webServer'], unknown[] | undefined> => ({
      // Started one after the other: the first builds the SPA and the server's bundle when they
      // are stale, the second finds them built.
      command: 'node scripts/start.ts',
      url: `${server.baseURL}/api/v1/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(server.port),
        HOST: '127.0.0.1',
        DATA_DIR: server.dataDir,
        PUBLIC_URL: server.baseURL,
        DEMO_PASSWORD: 'Demo-Lozinka-2026!',
        LOG_LEVEL: 'warn',
      },
    }),
  ),
});

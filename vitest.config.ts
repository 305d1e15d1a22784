import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** The browser side: machines, views and src/ unit tests in happy-dom. */
export const spaProject: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'spa',
    environment: 'happy-dom',
    include: [
      'tests/machines/**/*.test.{ts,tsx}',
      'tests/views/**/*.test.{ts,tsx}',
      'src/**/*.test.{ts,tsx}',
      'tests/support/**/*.test.{ts,tsx}',
    ],
    setupFiles: ['tests/support/setup-dom.ts', 'tests/support/test-hygiene.ts'],
  },
};

/**
 * Test files that change the process's time zone (`TZ`): a worker thread cannot, so they keep a
 * process of their own.
 */
export const TIME_ZONE_TESTS = ['tests/machines/courseForm.test.tsx'];

const onPostgres = Boolean(process.env.DATABASE_URL);
/**
 * What holds only with PostgreSQL (several processes on one database): `npm run test:postgres`
 * sets `DATABASE_URL`; without it these tests have nothing to run against. In the server project,
 * so that its global setup (the migrated template database) runs once.
 */
const postgresOnly = onPostgres ? ['tests/postgres/**/*.test.ts'] : [];
/**
 * Tests that open no database (or only SQLite, on purpose): the PostgreSQL run would only repeat
 * them. Pure parsers, mail rendering and scoring, password hashing, file stores and config.
 */
const databaseFree = onPostgres
  ? [
      'scripts/**',
      'tests/data/**',
      'tests/lint/**',
      'tests/server/course-form-boundaries.test.ts',
      'tests/server/education-form-boundaries.test.ts',
      'tests/server/partner-form-boundaries.test.ts',
      'tests/server/product-form-boundaries.test.ts',
      'tests/server/config.test.ts',
      'tests/server/courses-list-cache.test.ts',
      'tests/server/demo-images.test.ts',
      'tests/server/direct-file-store.test.ts',
      'tests/server/mailer.test.ts',
      'tests/server/newsletter-dkim.test.ts',
      'tests/server/newsletter-mail.test.ts',
      'tests/server/newsletter-spam-score.test.ts',
      'tests/server/password.test.ts',
      'tests/server/representations.test.ts',
      'tests/server/secrets.test.ts',
      'tests/server/spa-build.test.ts',
      'tests/server/sqlite-schema.test.ts',
    ]
  : [];

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default leaves one core to its main process, which mostly waits: on CI's two cores
    // that ran one test file at a time (docs/testing.md has the measurement).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // A server test starts a whole app (database, migrations, password hashing): with two
          // test files at once on two cores, 5 s was too short for a few of them; a hang still fails.
          testTimeout: 20_000,
          include: [
            'tests/server/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/data/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            ...postgresOnly,
          ],
          exclude: [...configDefaults.exclude, ...databaseFree],
          setupFiles: [
            'tests/support/server-no-network.ts',
            'tests/server/support/drop-test-databases.ts',
          ],
          globalSetup: ['tests/server/support/postgres-template.ts'],
        },
      },
      // Worker threads instead of processes: about a third less CPU for the same tests (CI runs
      // on two cores; `docs/testing.md`).
      {
        ...spaProject,
        test: {
          ...spaProject.test,
          pool: 'threads',
          exclude: [...configDefaults.exclude, ...TIME_ZONE_TESTS],
        },
      },
      {
        ...spaProject,
        test: { ...spaProject.test, name: 'spa-time-zone', include: TIME_ZONE_TESTS },
      },
    ],
  },
});

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
/** Tests that open no database: the PostgreSQL run would only repeat them. */
const databaseFree = onPostgres ? ['scripts/**', 'tests/data/**', 'tests/lint/**'] : [];

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
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

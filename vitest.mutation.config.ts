import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { spaProject } from './vitest.config.ts';

// Stryker mutates src/machines and src/api, which only the spa project's tests reach; the server
// project would only slow every mutant down. The score counts what assertions catch, so the
// console and network rules (checked by every normal run) stay out of it. Every machine module is
// loaded before the tests (tests/support/mutation-load-machines.ts), so what runs at import is a
// static mutant in every file alike.
/**
 * `MUTATION_TESTS` (comma-separated globs) narrows the tests to a flow's own, for a run of
 * stryker.static.config.mjs: every test file imports every machine (the setup file below), so each
 * static mutant would rerun all of them. A mutant only another file's test could kill then counts
 * as survived: the score is a lower bound.
 */
const onlyTests = process.env.MUTATION_TESTS?.split(',').filter((glob) => glob !== '');

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        ...spaProject,
        test: {
          ...spaProject.test,
          setupFiles: ['tests/support/setup-dom.ts', 'tests/support/mutation-load-machines.ts'],
          ...(onlyTests?.length && { include: onlyTests }),
        },
      },
    ],
  },
});

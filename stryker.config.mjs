// @ts-check
// Mutation testing of the machines and the API client: `npm run test:mutation`.
// A measurement like the benches, not part of CI. Goal: at least 85% of the mutants killed in every
// machine file and 90% overall; the clear-text table prints the score per file and the HTML report
// lands in reports/mutation/ (git-ignored).

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: {
    configFile: 'vitest.mutation.config.ts',
    related: true,
    // A time-zone test changes TZ, which Node applies only in a process of its own.
    pool: 'forks',
  },
  // Per-test coverage: each mutant runs only the tests that executed its code.
  coverageAnalysis: 'perTest',
  mutate: [
    'src/machines/**/*.ts',
    'src/api/**/*.ts',
    '!src/**/*.test.ts',
    // The wire contract's schemas are the server's validation, pinned by the server project's
    // tests (tests/server), which this spa-only run does not execute; every spa test imports it,
    // so each of its mutants would rerun the whole spa suite to measure the wrong tests.
    '!src/api/contract.ts',
  ],
  // Two cores shared with other work: two test-runner processes.
  concurrency: 2,
  reporters: ['clear-text', 'html', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  clearTextReporter: { allowColor: false, reportScoreTable: true, reportMutants: false },
  thresholds: { high: 90, low: 85, break: null },
  // Reruns test only the mutants whose code or covering tests changed since the last run;
  // `npm run test:mutation -- --force` measures everything again.
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};

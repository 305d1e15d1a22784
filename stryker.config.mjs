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
    '!src/api/contract/*.ts',
  ],
  // Two cores shared with other work: two test-runner processes.
  concurrency: 2,
  // The first run of every test, with coverage, took over the default 5 minutes on those cores
  // under a load of 25 (the run stopped before measuring anything).
  dryRunTimeoutMinutes: 30,
  // Static mutants: about 78% of all, mostly the machine definitions (`setup(...).createMachine`
  // runs when a module is imported, outside any test). Stryker cannot tell which tests cover them,
  // so each one reruns every related test file; on two shared cores that is hours per run. Guards,
  // actions, selectors and helpers, where the rules live, run inside tests and are all measured.
  // The machine structure (states, targets, events) is what the model-based tests already check
  // transition by transition. `stryker.static.config.mjs` measures them too.
  // A module first imported inside a test (a lazily loaded page) would make its definition
  // "hybrid": run with only that test, at runtime, where no other test can kill it. The mutation
  // vitest config loads every machine before the tests, so every definition is static alike.
  ignoreStatic: true,
  appendPlugins: ['./stryker.ignorers.mjs'],
  ignorers: ['defaultActorMessage', 'defaultActor', 'setupTypes'],
  // Known equivalent mutants (no behaviour can differ; the goal stays). Every machine's default
  // actor (`Promise.reject(new Error('… is provided by the container'))`) never runs, containers
  // always provide the actor: the `defaultActorMessage` and `defaultActor` ignorers
  // (stryker.ignorers.mjs) mark its message and its function ignored, and `setupTypes` the
  // `types` XState never reads. Lines marked `// Stryker disable next-line` in src/ give their
  // reason there.
  // These are left to survive, counted against the score (a disable comment would hide the
  // line's other mutants, which tests kill):
  // - loginErrorText's `instanceof ApiError` check made false: a non-ApiError has no status and
  //   falls to the same default text;
  // - the modal's `event.type === 'SUBMIT'` in longEnough made true: the guard runs only on SUBMIT;
  // - `context.courseToDelete?.id ?? 0` (courses list) and `error.firstMessage ?? ''` (invite):
  //   fallbacks for the type only, never reached;
  // - newPassword's `broken.length > 0` made `true` or `>= 0` (an empty list marks nothing) and
  //   `||` in `tokenRejected` (the guard sees only error events, which carry an error);
  // - header's `event.type === 'SESSION_CHANGED'` made true: the guard runs only on that event;
  // - heroRotation's `count < 2` made false or `<= 2`: the container always passes 4 photos;
  // - the audit log's NO_FILTER `from: ''` made other text: the date parser drops what is no date,
  //   and a date input shows it empty;
  // - `event.type === 'CHOOSE_PARTNER'` (education library), `=== 'REMOVE'` (captions'
  //   hasCaptions and chooseRemoval) and `=== 'EDIT'` (captions' edit) made true: each runs only
  //   on its own event.
  reporters: ['clear-text', 'html', 'json', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, reportScoreTable: true, reportMutants: false },
  thresholds: { high: 90, low: 85, break: null },
  // Reruns test only the mutants whose code or covering tests changed since the last run;
  // `npm run test:mutation -- --force` measures everything again.
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};

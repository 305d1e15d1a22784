// @ts-check
// The machine definitions measured too (issue 30), one machine file at a time with its own tests:
//   MUTATION_TESTS=tests/machines/<flow>.test.tsx npx stryker run stryker.static.config.mjs \
//     --mutate src/machines/<flow>.machine.ts
// Each static mutant reruns every test file the run includes: with all of them (2,646 tests, 4 min
// 44 s for the first run) one machine file took hours; a measurement, not CI.
// Its own incremental file: a run of the everyday config must not take these results as its own.
// `MUTATION_RUN=<name>` gives a run its own incremental file, reports and sandbox folder, so
// several machines can be measured at once (stryker.run.mjs).
import base from './stryker.config.mjs';
import { runOptions } from './stryker.run.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  ignoreStatic: false,
  ...runOptions('reports/mutation/static'),
};

// @ts-check
// What `MUTATION_RUN=<name>` gives a run of stryker.static.config.mjs or
// stryker.containers.config.mjs: its own incremental file, reports and sandbox folder, so several
// runs (machines, containers) can be measured at once. One place for both configs, so that they
// cannot drift apart (they had: only the containers' one left other runs' sandboxes out).

/**
 * The options that depend on `MUTATION_RUN`, for a config whose reports go under `reportsRoot`
 * (`<reportsRoot>/<run>` for a named run).
 * @param {string} reportsRoot
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function runOptions(reportsRoot) {
  const run = process.env.MUTATION_RUN;
  if (run !== undefined && !/^[\w-]+$/.test(run))
    throw new Error('MUTATION_RUN: letters, digits, - or _');
  const reports = run === undefined ? reportsRoot : `${reportsRoot}/${run}`;
  return {
    incrementalFile: `${reports}/incremental.json`,
    htmlReporter: { fileName: `${reports}/index.html` },
    jsonReporter: { fileName: `${reports}/mutation.json` },
    ...(run !== undefined && { tempDirName: `.stryker-tmp/${run}` }),
    // Stryker leaves only its own temp folder out of the sandbox it copies the project into: with
    // a run's own `.stryker-tmp/<run>`, the sandboxes of the runs beside it were copied too, while
    // they changed (the copy failed with ENOENT). Without a named run it changes nothing.
    ignorePatterns: ['/.stryker-tmp'],
  };
}

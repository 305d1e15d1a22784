/**
 * `npm run test:mutation:machines [-- <machine> ...] [-- --force] [-- --concurrency <n>]`: the machine definitions'
 * mutation score with static mutants included (issue 30), one machine file at a time against the
 * test files that import it (stryker.static.config.mjs, with `MUTATION_RUN` and `MUTATION_TESTS`),
 * then every measured machine's score and the overall one, printed and written to
 * reports/mutation/static/summary.md. Without names, every machine. A measurement, not CI: all of
 * them take hours on two cores; a rerun measures only what changed since (Stryker's incremental
 * mode) unless `--force`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const MACHINES_DIR = 'src/machines';
const TESTS_DIR = 'tests/machines';
const CONTAINERS_DIR = 'src/app';
const REPORTS_DIR = 'reports/mutation/static';
const MACHINE_SUFFIX = '.machine.ts';

/** The machines of src/machines, by the name before `.machine.ts`. */
export function machineNames(files: readonly string[]): string[] {
  return files
    .filter((file) => file.endsWith(MACHINE_SUFFIX))
    .map((file) => file.slice(0, -MACHINE_SUFFIX.length))
    .sort();
}

/**
 * A machine's tests: the test files that import its module, or a container of `containers`
 * (src/app) that imports it: a container's own test (courses.container.test.tsx) renders the
 * machine through it, and is often the only one that reaches what the container alone calls (the
 * courses list's server-rendered snapshot). The model-based suite, which imports every flow
 * through one table, is left out: each static mutant would rerun all of it.
 */
export function testsOf(
  machine: string,
  testFiles: readonly { file: string; source: string }[],
  containers: readonly { file: string; source: string }[] = [],
): string[] {
  const importsMachine = new RegExp(`/machines/${machine}\\.machine(\\.ts)?['"]`);
  const modules = containers
    .filter(({ source }) => importsMachine.test(source))
    .map(({ file }) => path.basename(file).replace(/\.tsx?$/, ''));
  const importsContainer = modules.map(
    (name) => new RegExp(`/app/${name.replace(/[.$]/g, '\\$&')}(\\.tsx?)?['"]`),
  );
  return testFiles
    .filter(({ source }) =>
      [importsMachine, ...importsContainer].some((imported) => imported.test(source)),
    )
    .map(({ file }) => file)
    .sort();
}

type MutantStatus =
  | 'Killed'
  | 'Survived'
  | 'NoCoverage'
  | 'Timeout'
  | 'CompileError'
  | 'RuntimeError'
  | 'Ignored'
  | 'Pending';

interface MutationReport {
  files: Record<string, { mutants: { status: MutantStatus }[] }>;
}

export interface Score {
  killed: number;
  survived: number;
}

/** Stryker's score: killed and timed out over every mutant that ran or had no test. */
export function scoreOf(report: MutationReport): Score {
  const score = { killed: 0, survived: 0 };
  for (const { mutants } of Object.values(report.files)) {
    for (const { status } of mutants) {
      if (status === 'Killed' || status === 'Timeout') score.killed += 1;
      else if (status === 'Survived' || status === 'NoCoverage') score.survived += 1;
    }
  }
  return score;
}

const percent = ({ killed, survived }: Score) =>
  killed + survived === 0 ? '—' : ((100 * killed) / (killed + survived)).toFixed(1);

/** The Markdown table of the scores, the overall row last; goal 90 per machine, 95 overall. */
export function summaryTable(rows: readonly { machine: string; score: Score }[]): string {
  const total = rows.reduce(
    (sum, { score }) => ({
      killed: sum.killed + score.killed,
      survived: sum.survived + score.survived,
    }),
    { killed: 0, survived: 0 },
  );
  const line = (name: string, score: Score, goal: number) => {
    const value = percent(score);
    const met = value !== '—' && Number(value) >= goal ? 'met' : 'not yet';
    return `| ${name} | ${value} | ${score.killed} / ${score.survived} | ${met} |`;
  };
  return [
    '| machine | score % | killed / survived | goal (90; overall 95) |',
    '| --- | --- | --- | --- |',
    ...rows.map(({ machine, score }) => line(machine, score, 90)),
    line('overall', total, 95),
  ].join('\n');
}

interface MeasureOptions {
  force: boolean;
  /** Stryker's test runners at once; one leaves a core free on two. */
  concurrency?: string;
}

function measure(machine: string, tests: readonly string[], options: MeasureOptions): void {
  const args = ['stryker', 'run', 'stryker.static.config.mjs'];
  args.push('--mutate', path.join(MACHINES_DIR, `${machine}${MACHINE_SUFFIX}`));
  if (options.force) args.push('--force');
  if (options.concurrency !== undefined) args.push('--concurrency', options.concurrency);
  const result = spawnSync('npx', args, {
    stdio: 'inherit',
    env: { ...process.env, MUTATION_RUN: machine, MUTATION_TESTS: tests.join(',') },
  });
  if (result.status !== 0) throw new Error(`stryker on ${machine}: exit ${result.status}`);
}

function main(): void {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false }, concurrency: { type: 'string' } },
    allowPositionals: true,
  });
  const all = machineNames(readdirSync(MACHINES_DIR));
  const unknown = positionals.filter((name) => !all.includes(name));
  if (unknown.length > 0) throw new Error(`no such machine: ${unknown.join(', ')}`);
  const testFiles = readdirSync(TESTS_DIR)
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join(TESTS_DIR, file))
    .map((file) => ({ file, source: readFileSync(file, 'utf8') }));
  const containers = readdirSync(CONTAINERS_DIR)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(CONTAINERS_DIR, file))
    .map((file) => ({ file, source: readFileSync(file, 'utf8') }));
  for (const machine of positionals.length > 0 ? positionals : all) {
    const tests = testsOf(machine, testFiles, containers);
    if (tests.length === 0) throw new Error(`${machine}: no test file imports it`);
    measure(machine, tests, values);
  }
  // Every machine measured so far, this run or an earlier one.
  const rows = all
    .map((machine) => ({ machine, report: path.join(REPORTS_DIR, machine, 'mutation.json') }))
    .filter(({ report }) => existsSync(report))
    .map(({ machine, report }) => ({
      machine,
      score: scoreOf(JSON.parse(readFileSync(report, 'utf8')) as MutationReport),
    }));
  const table = summaryTable(rows);
  writeFileSync(path.join(REPORTS_DIR, 'summary.md'), `${table}\n`);
  console.log(`\n${table}\n\n(${path.join(REPORTS_DIR, 'summary.md')})`);
}

if (import.meta.main) main();

/**
 * `npm run test:swaps`: proves that the SPA suite tests the containers that ship. For each entry it
 * swaps two callbacks in a container's source (a miswiring a reviewer could miss), runs the SPA
 * tests, expects them to FAIL, and restores the file. A swap the suite does not notice is a
 * container whose tests render something else. `--quick` runs only the entry's own test files.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Swap {
  container: string;
  first: string;
  second: string;
  /** The tests that render this container (what `--quick` runs). */
  tests: string[];
}

/**
 * The swaps no container mutation run covers yet (docs/testing.md, "Mutation testing"): every
 * other container's callbacks are measured by `npm run test:mutation:containers`, where a
 * survivor shows a miswiring no test notices. The education form's container is not measured yet
 * (its tests run for two minutes per mutant); the unsubscribe page's two calls share one actor
 * body, which Stryker removes whole but never swaps.
 */
const SWAPS: Swap[] = [
  {
    container: 'src/app/UnsubscribeContainer.tsx',
    first: 'api.campaigns.unsubscribe(',
    second: 'api.campaigns.campaignIdByName(',
    tests: ['tests/machines/unsubscribe.test.tsx'],
  },
  {
    container: 'src/app/EducationFormContainer.tsx',
    first: "send({ type: 'PAUSE' })",
    second: "send({ type: 'RESUME' })",
    tests: ['tests/machines/educationForm.test.tsx'],
  },
  {
    container: 'src/app/EducationFormContainer.tsx',
    first: "send({ type: 'RESUME_PREVIOUS' })",
    second: "send({ type: 'START_OVER' })",
    tests: ['tests/machines/educationForm.test.tsx'],
  },
  {
    container: 'src/app/EducationFormContainer.tsx',
    first: 'notify.success(message,',
    second: 'notify.error(message,',
    tests: ['tests/machines/educationForm.test.tsx'],
  },
];

const root = path.resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');

function swapped(source: string, { container, first, second }: Swap): string {
  for (const text of [first, second]) {
    const count = source.split(text).length - 1;
    if (count !== 1) throw new Error(`${container}: "${text}" occurs ${count} times, not once`);
  }
  const marker = '\u0000swap\u0000';
  return source.replace(first, marker).replace(second, first).replace(marker, second);
}

function suiteFails(swap: Swap): boolean {
  const vitest = path.join(root, 'node_modules', '.bin', 'vitest');
  const run = spawnSync(
    process.execPath,
    [vitest, 'run', '--project', 'spa*', '--reporter=dot', ...(quick ? swap.tests : [])],
    { cwd: root, stdio: ['ignore', 'ignore', 'ignore'] },
  );
  return run.status !== 0;
}

let failures = 0;
// One handler for the whole run: an interrupted run still restores the file it swapped.
let restore: () => void = () => undefined;
process.once('SIGINT', () => {
  restore();
  process.exit(130);
});
for (const swap of SWAPS) {
  const file = path.join(root, swap.container);
  const original = readFileSync(file, 'utf8');
  restore = () => writeFileSync(file, original);
  let noticed: boolean;
  try {
    writeFileSync(file, swapped(original, swap));
    noticed = suiteFails(swap);
  } finally {
    restore();
  }
  if (!noticed) failures += 1;
  console.log(
    `${noticed ? 'caught ' : 'MISSED '} ${swap.container}: ${swap.first} <-> ${swap.second}`,
  );
}
console.log(`${SWAPS.length - failures} of ${SWAPS.length} swapped callbacks made the suite fail`);
process.exitCode = failures === 0 ? 0 : 1;

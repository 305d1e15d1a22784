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

const SWAPS: Swap[] = [
  {
    container: 'src/app/LoginContainer.tsx',
    first: "send({ type: 'CHANGE_EMAIL', value })",
    second: "send({ type: 'CHANGE_PASSWORD', value })",
    tests: ['tests/machines/login.test.tsx'],
  },
  {
    container: 'src/app/CoursesContainer.tsx',
    first: "send({ type: 'CANCEL_DELETE' })",
    second: "send({ type: 'CONFIRM_DELETE' })",
    tests: ['tests/machines/coursesList.test.tsx'],
  },
  {
    container: 'src/app/CoursesContainer.tsx',
    first: 'notify.success(text)',
    second: 'notify.error(text)',
    tests: ['tests/machines/coursesList.test.tsx'],
  },
  {
    container: 'src/app/NewPasswordContainer.tsx',
    first: "send({ type: 'CHANGE_PASSWORD', value })",
    second: "send({ type: 'CHANGE_CONFIRMATION', value })",
    tests: ['tests/machines/newPassword.test.tsx'],
  },
  {
    container: 'src/app/ActivationContainer.tsx',
    first: "send({ type: 'CHANGE_NAME', value })",
    second: "send({ type: 'CHANGE_SURNAME', value })",
    tests: ['tests/machines/activation.test.tsx'],
  },
  {
    container: 'src/app/AccessGateContainer.tsx',
    first: "send({ type: 'TOGGLE_DECLARATION' })",
    second: "send({ type: 'ACCEPT' })",
    tests: ['tests/machines/accessGate.test.tsx'],
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
    [vitest, 'run', '--project', 'spa', '--reporter=dot', ...(quick ? swap.tests : [])],
    { cwd: root, stdio: ['ignore', 'ignore', 'ignore'] },
  );
  return run.status !== 0;
}

let failures = 0;
for (const swap of SWAPS) {
  const file = path.join(root, swap.container);
  const original = readFileSync(file, 'utf8');
  const restore = () => writeFileSync(file, original);
  process.once('SIGINT', () => {
    restore();
    process.exit(130);
  });
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

/**
 * Test hygiene of the spa project (a vitest setup file): a test fails when it logs a
 * `console.error` or `console.warn` it did not announce with `expectConsole`, or when the code under
 * test reaches for the network (`fetch`, `XMLHttpRequest`) without a fake. Both are recorded and
 * reported when the test has finished, because the code under test often catches what it causes (a
 * machine turns a failed fetch into an error state) and React logs from places where a throw would
 * be swallowed.
 */
import { beforeEach, vi } from 'vitest';
import { refuseUnfakedNetwork, takeUnfakedRequests, unfakedRequestsProblem } from './no-network.ts';

type Level = 'error' | 'warn';

interface Expectation {
  level: Level;
  pattern: string | RegExp;
  seen: number;
}

let expectations: Expectation[] = [];
let unexpected: string[] = [];

/**
 * Announces a console message the current test causes on purpose: matching calls are swallowed,
 * and the test fails when none came.
 */
export function expectConsole(level: Level, pattern: string | RegExp): void {
  expectations.push({ level, pattern, seen: 0 });
}

/** What is wrong with the test so far, then a clean slate (the check after every test uses it). */
export function takeHygieneProblems(): string[] {
  const problems = [
    ...unexpected.map((line) => `Unexpected ${line}`),
    ...expectations
      .filter((e) => e.seen === 0)
      .map((e) => `Expected a console.${e.level} matching ${String(e.pattern)}, none came`),
    unfakedRequestsProblem(),
  ].filter((problem) => problem !== null);
  expectations = [];
  unexpected = [];
  return problems;
}

const matches = (text: string, pattern: string | RegExp) =>
  typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);

const format = (args: unknown[]) =>
  args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' ');

function watch(level: Level) {
  const original = console[level].bind(console);
  return vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    const text = format(args);
    const expected = expectations.find((e) => e.level === level && matches(text, e.pattern));
    if (expected) {
      expected.seen += 1;
      return;
    }
    unexpected.push(`console.${level}: ${text}`);
    original(...args);
  });
}

refuseUnfakedNetwork();

// The check runs when the test has finished, after every afterEach hook (React's cleanup included,
// which may log too), so a failing check never leaves a rendered tree behind for the next test.
beforeEach(({ onTestFinished }) => {
  expectations = [];
  unexpected = [];
  takeUnfakedRequests();
  // The handles, not vi.mocked(console.x): a test's vi.restoreAllMocks() may have restored them.
  const watchers = [watch('error'), watch('warn')];
  onTestFinished(() => {
    for (const watcher of watchers) watcher.mockRestore();
    const problems = takeHygieneProblems();
    if (problems.length > 0) {
      throw new Error(
        `${problems.join('\n')}\n(announce an intended console message with expectConsole() from ` +
          'tests/support/test-hygiene.ts)',
      );
    }
  });
});

/**
 * Random paths judged by SPEC, not by the machine (issue 30). The generated paths of
 * `model-based.ts` come from the production machine, so a wrong machine generates wrong paths and
 * the screen agrees with it. Here fast-check drives the real rendered
 * container with random sequences of gestures, timer advances and server answers, and a small
 * model written from SPEC's words (what a person has done, what the server answered, how much time
 * passed) says what must hold: `invariants` run after the first render and after every step, and a
 * step's own `run` may assert what SPEC says follows it. Nothing is read from the machine.
 *
 *   testRandomPaths('login', {
 *     start: async () => { await renderLogin(); return { email: '', sent: 0 }; },
 *     steps: [
 *       fc.string().map((value) => step(`upiši e-mail "${value}"`, (model) => { … })),
 *       fc.constant(step("pritisni 'Prijava'", (model) => { … }, (model) => !model.submitting)),
 *     ],
 *     invariants: (model) => expect(logIn.calls).toHaveLength(model.sent),
 *   });
 *
 * Each run is a random sequence of steps: at every position one of the steps whose `when` holds is
 * taken (so a path never wastes a position on a step that cannot happen yet). The number of runs is
 * modest in the normal suite; `RANDOM_PATH_RUNS=500 npx vitest run …` raises it
 * and `RANDOM_PATH_SEED` replays one. With `RANDOM_PATH_REPORT=<dir>` every run's steps (in Croatian)
 * and result are written there as JSON for `npm run test:paths`.
 */
import { cleanup } from '@testing-library/react';
import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { RecordedPath } from './recorded-path.ts';

export interface RandomStep<Model> {
  /** What a person does (or what happens to them), in Croatian: the path runner prints it. */
  label: string | ((model: Model) => string);
  /** Whether the step can happen now, from the model (default: always). */
  when?: (model: Model) => boolean;
  /** Does it on the real screen, updates the model to what SPEC says follows, may assert. */
  run: (model: Model) => unknown;
}

export function step<Model>(
  label: RandomStep<Model>['label'],
  run: RandomStep<Model>['run'],
  when?: RandomStep<Model>['when'],
): RandomStep<Model> {
  return when ? { label, run, when } : { label, run };
}

/** What a person types, with the spaces around it that SPEC's trimmed limits must not count. */
export const padded = (core: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', ' ', '   '), core, fc.constantFrom('', ' ', '  '))
    .map((parts) => parts.join(''));

export interface RandomPathPlan<Model> {
  /** Renders the real container with fresh fakes and returns the model of a first visit. */
  start: () => Model | Promise<Model>;
  /** What the person sees first, in Croatian (the first step of every path in the report). */
  startLabel: string;
  /**
   * Each position of a run takes one of these whose `when` holds, evenly: list a step twice to
   * take it twice as often.
   */
  steps: fc.Arbitrary<RandomStep<Model>>[];
  /** What SPEC says holds after every step, whatever was done. */
  invariants: (model: Model) => unknown;
  /**
   * One of several random-path tests of the same flow (its own start and steps): named in the
   * test's title, its paths reported with the flow's others.
   */
  variant?: string;
  /** Runs in the normal suite (default 25); RANDOM_PATH_RUNS overrides every flow. */
  numRuns?: number;
  maxSteps?: number;
}

const envRuns = Number(process.env.RANDOM_PATH_RUNS);
const envSeed = Number(process.env.RANDOM_PATH_SEED);
const reportDir = process.env.RANDOM_PATH_REPORT;
/** What this test file reported per flow so far: a flow's variants share its one report. */
const reportedPaths = new Map<string, RecordedPath[]>();

/** Registers one test that runs the flow's random paths (call it inside `describe`). */
export function testRandomPaths<Model>(flow: string, plan: RandomPathPlan<Model>): void {
  const name = plan.variant ? `${flow}: ${plan.variant}` : flow;
  it(`random paths keep SPEC's invariants (${name})`, async () => {
    const recorded: RecordedPath[] = [];
    const maxSteps = plan.maxSteps ?? 12;
    // Every position draws one instance of every step and a choice among those that can happen
    // then: drawing one step blindly and skipping it when it cannot happen left most positions
    // empty in flows where few steps apply at a time (a dialog not yet open).
    const position = fc.record({ choice: fc.nat(), candidates: fc.tuple(...plan.steps) });
    const property = fc.asyncProperty(
      fc.array(position, { minLength: Math.ceil(maxSteps / 2), maxLength: maxSteps }),
      async (sequence) => {
        cleanup();
        const path: RecordedPath = { steps: [plan.startLabel], passed: true };
        recorded.push(path);
        try {
          const model = await plan.start();
          await plan.invariants(model);
          for (const { choice, candidates } of sequence) {
            const possible = candidates.filter(
              (candidate) => !candidate.when || candidate.when(model),
            );
            const chosen = possible[choice % Math.max(possible.length, 1)];
            if (!chosen) continue;
            path.steps.push(typeof chosen.label === 'string' ? chosen.label : chosen.label(model));
            await chosen.run(model);
            await plan.invariants(model);
          }
        } catch (error) {
          path.passed = false;
          path.error = error instanceof Error ? error.message : String(error);
          throw error;
        }
      },
    );
    try {
      await fc.assert(property, {
        numRuns: Number.isFinite(envRuns) && envRuns > 0 ? envRuns : (plan.numRuns ?? 25),
        ...(Number.isFinite(envSeed) && { seed: envSeed }),
        // A failing path is not shrunk unless asked: each run renders the whole container.
        endOnFailure: process.env.RANDOM_PATH_SHRINK !== '1',
      });
    } finally {
      if (reportDir) {
        mkdirSync(reportDir, { recursive: true });
        const paths = [...(reportedPaths.get(flow) ?? []), ...recorded];
        reportedPaths.set(flow, paths);
        writeFileSync(join(reportDir, `${flow}.json`), JSON.stringify({ flow, paths }));
      }
    }
    expect(recorded.length).toBeGreaterThan(0);
    // Raised runs (RANDOM_PATH_RUNS) take as long as they take.
  }, 120_000);
}

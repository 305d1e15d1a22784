/**
 * Model-based tests (ARCHITECTURE.md "Model-based tests"): the one helper every machine test copies.
 *
 * `createTestModel` (xstate/graph) refuses `invoke` and `after`, so `toTestMachine` derives the test
 * model from the production machine: each invoke becomes transitions on its done/error events and
 * each `after` a transition on its timer event, with the same targets, guards and actions. The paths
 * of that model then drive the REAL rendered view: a timer event advances fake timers, a done/error
 * event settles the fake promise actor the view's machine was provided with, every other event is
 * the executor the test gives (a gesture by role and Croatian name), and every state asserts what a
 * person sees. `planModelTest` lists the problems that make the suite fail: a state without an
 * assertion, an event without an executor, a state or transition no path covers.
 *
 * Usage (tests/machines/authSession.test.tsx in full):
 *   const revokeToken = fakePromiseActor<unknown, { refreshToken: string }>();
 *   describe('auth session model', () => {
 *     testMachineModel(authSessionMachine, {
 *       inputs: [null, storedSession], // one traversal each, coverage counted over all
 *       render: (input) => renderHarness(input), // provides { actors: { revokeToken: revokeToken.logic } }
 *       fakes: { revokeToken }, // keyed by invoke id: its done/error events settle it
 *       sampleEvents: [{ type: 'LOGIN', response }], // payloads the traversal sends
 *       states: { loggedOut: () => expect(screen.getByRole('link', { name: 'Prijava' })).toBeVisible() },
 *       events: { LOGOUT: () => user.click(screen.getByRole('link', { name: 'Odjava' })) },
 *     });
 *   });
 * Timer events need `vi.useFakeTimers()`; gestures then use fireEvent, because userEvent's async
 * wrapper waits on a (faked) setTimeout.
 */
import { act } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import {
  createActor,
  fromPromise,
  getStateNodes,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describePath, DONE, ERROR, toTestMachine } from './test-machine.ts';

/** A promise actor whose every call waits until the test settles it. */
export interface FakePromiseActor<TOutput, TInput> {
  /** The fake as an effect function (an API call a container makes): one call per invocation. */
  fn: (input: TInput) => Promise<TOutput>;
  /** The fake as promise-actor logic, for a machine tested without its container. */
  logic: ReturnType<typeof fromPromise<TOutput, TInput>>;
  /** The input of every call since the last reset, oldest first. */
  calls: TInput[];
  resolve: (output: TOutput) => Promise<void>;
  reject: (error: unknown) => Promise<void>;
  reset: () => void;
}

export function fakePromiseActor<TOutput = void, TInput = unknown>(): FakePromiseActor<
  TOutput,
  TInput
> {
  let waiting: Deferred<TOutput>[] = [];
  const calls: TInput[] = [];
  const settleOldest = async (settle: (call: Deferred<TOutput>) => void) => {
    const call = waiting.shift();
    if (!call) throw new Error('No call of this fake actor is waiting to be settled');
    await act(async () => {
      settle(call);
      await call.promise.catch(() => undefined);
      // A container's actor may await the fake inside its own async function (and map the
      // answer): a few more turns of the microtask queue let that settle before React renders.
      for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
    });
  };
  const fn = (input: TInput) => {
    calls.push(input);
    const call = deferred<TOutput>();
    waiting.push(call);
    return call.promise;
  };
  return {
    fn,
    logic: fromPromise<TOutput, TInput>(({ input }) => fn(input)),
    calls,
    resolve: (output) => settleOldest((call) => call.resolve(output)),
    reject: (error) => settleOldest((call) => call.reject(error)),
    reset: () => {
      waiting = [];
      calls.length = 0;
    },
  };
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

// Promise.withResolvers is ES2024; the app's lib is ES2023.
function deferred<T>(): Deferred<T> {
  let resolve: Deferred<T>['resolve'] = () => undefined;
  let reject: Deferred<T>['reject'] = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Executor = (event: AnyEventObject) => unknown;

export interface ModelTestPlan<TMachine extends AnyStateMachine> {
  /** One traversal per input; coverage is counted over all of them. */
  inputs?: readonly InputFrom<TMachine>[];
  /** Renders the real view bound to the production machine (with the fakes provided). */
  render: (input: InputFrom<TMachine>) => unknown;
  /** What a person sees, keyed by state path ('open.declarationOff'); every reached state needs one. */
  states: Record<string, (snapshot: SnapshotFrom<TMachine>) => unknown>;
  /** How each event happens; done/error and timer events are derived from `fakes` and delays. */
  events: Record<string, Executor>;
  /** Fake promise actors keyed by invoke id: their done/error events settle them. */
  fakes?: Record<string, Pick<FakePromiseActor<never, never>, 'resolve' | 'reject' | 'reset'>>;
  /** Events with payloads the traversal sends instead of the bare `{ type }`. */
  sampleEvents?: readonly AnyEventObject[];
  /** How an input is named in test names (default: its position). */
  describeInput?: (input: InputFrom<TMachine>) => string;
  /** Shortest paths by default; simple paths only where the machine is small. */
  paths?: 'shortest' | 'simple';
  /**
   * What makes two snapshots the same state for the traversal (default: value and context). A
   * machine whose context can grow (a list of rows) names the differences a person would see.
   */
  serializeState?: (snapshot: SnapshotFrom<TMachine>, event: AnyEventObject | undefined) => string;
}

export interface PlannedPath {
  description: string;
  run: () => Promise<unknown>;
}

/** Registers the coverage check and one test per generated path (call it inside `describe`). */
export function testMachineModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  plan: ModelTestPlan<TMachine>,
): void {
  const { paths, problems } = planModelTest(machine, plan);
  it('asserts every state, executes every event and covers every state and transition', () => {
    expect(problems).toEqual([]);
  });
  for (const path of paths) it(path.description, path.run);
}

/** The paths to run and the problems that fail the suite, computed before anything renders. */
export function planModelTest<TMachine extends AnyStateMachine>(
  machine: TMachine,
  plan: ModelTestPlan<TMachine>,
): { paths: PlannedPath[]; problems: string[] } {
  const { testMachine, delays } = toTestMachine(machine);
  const { serializeState } = plan;
  const model = createTestModel(testMachine, {
    events: [...(plan.sampleEvents ?? [])],
    ...(serializeState && {
      serializeState: (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined) =>
        serializeState(snapshot as SnapshotFrom<TMachine>, event),
    }),
  });
  const executors = { ...derivedExecutors(delays, plan.fakes ?? {}), ...plan.events };
  const problems = eventProblems(testMachine, executors, plan);
  const asserted = assertedStateNodes(testMachine, plan.states, problems);
  const coverage: Coverage = { nodes: new Set(), transitions: new Set(), restingNodes: new Set() };
  const paths: PlannedPath[] = [];

  const inputs = plan.inputs ?? [undefined as InputFrom<TMachine>];
  for (const [index, input] of inputs.entries()) {
    const generated =
      plan.paths === 'simple' ? model.getSimplePaths({ input }) : model.getShortestPaths({ input });
    const inputLabel = plan.inputs
      ? `[${plan.describeInput?.(input) ?? `input ${index + 1}`}] `
      : '';
    for (const path of generated) {
      record(testMachine, input, path.steps, coverage);
      paths.push({
        description: inputLabel + describePath(path.steps),
        run: () => path.test(testParams(plan, input, executors)),
      });
    }
  }
  problems.push(
    ...assertionProblems(coverage, asserted),
    ...coverageProblems(testMachine, coverage),
  );
  return { paths, problems };
}

interface Coverage {
  nodes: Set<AnyStateNode>;
  transitions: Set<AnyTransitionDefinition>;
  /** Atomic states a path step rests in: the ones a person sees, so the ones to assert. */
  restingNodes: Set<AnyStateNode>;
}

/** What `TestPath.test` runs: the first step renders, the others execute their event. */
function testParams<TMachine extends AnyStateMachine>(
  plan: ModelTestPlan<TMachine>,
  input: InputFrom<TMachine>,
  executors: Record<string, Executor>,
) {
  const eventExecutors = Object.fromEntries(
    Object.entries(executors).map(([type, exec]) => [
      type,
      async ({ event }: { event: AnyEventObject }) => {
        await exec(event);
      },
    ]),
  );
  return {
    states: plan.states as Record<string, (snapshot: AnyMachineSnapshot) => Promise<void>>,
    events: {
      ...eventExecutors,
      'xstate.init': async () => {
        for (const fake of Object.values(plan.fakes ?? {})) fake.reset();
        await plan.render(input);
      },
    },
  };
}

function derivedExecutors(
  delays: Map<string, number>,
  fakes: NonNullable<ModelTestPlan<AnyStateMachine>['fakes']>,
): Record<string, Executor> {
  const executors: Record<string, Executor> = {};
  for (const [eventType, ms] of delays) {
    executors[eventType] = () => act(() => vi.advanceTimersByTimeAsync(ms));
  }
  for (const [id, fake] of Object.entries(fakes)) {
    executors[DONE + id] = (event) => fake.resolve((event as { output?: never }).output as never);
    executors[ERROR + id] = (event) =>
      fake.reject((event as { error?: unknown }).error ?? new Error('fake failure'));
  }
  return executors;
}

function eventProblems(
  testMachine: AnyStateMachine,
  executors: Record<string, Executor>,
  plan: ModelTestPlan<AnyStateMachine>,
): string[] {
  const handled = new Set(
    allStateNodes(testMachine.root).flatMap((node) => [...node.transitions.keys()]),
  );
  return [
    ...[...handled]
      .filter((type) => !executors[type])
      .map((type) => `event "${type}" has no executor`),
    ...Object.keys(plan.events)
      .filter((type) => !handled.has(type))
      .map((type) => `executor "${type}" is for an event the machine does not handle`),
    ...Object.keys(plan.fakes ?? {})
      .filter((id) => !handled.has(DONE + id) && !handled.has(ERROR + id))
      .map((id) => `fake "${id}" is not an invoke id of the machine`),
  ];
}

function assertionProblems(coverage: Coverage, asserted: Map<string, AnyStateNode>): string[] {
  const assertedNodes = new Set(asserted.values());
  const resting = [...coverage.restingNodes];
  return [
    ...resting
      .filter((node) => !ancestorsOf(node).some((ancestor) => assertedNodes.has(ancestor)))
      .map((node) => `state "${pathOf(node)}" has no assertion`),
    ...[...asserted]
      .filter(([, node]) => !resting.some((rested) => ancestorsOf(rested).includes(node)))
      .map(([key]) => `assertion "${key}" is for a state no path rests in`),
  ];
}

function coverageProblems(testMachine: AnyStateMachine, coverage: Coverage): string[] {
  return allStateNodes(testMachine.root).flatMap((node) => [
    ...(node === testMachine.root || coverage.nodes.has(node)
      ? []
      : [`state "${pathOf(node)}" is not covered`]),
    ...transitionsOf(node)
      .filter((transition) => !coverage.transitions.has(transition))
      .map((transition) => `transition ${describeTransition(transition)} is not covered`),
  ]);
}

function assertedStateNodes(
  testMachine: AnyStateMachine,
  states: Record<string, unknown>,
  problems: string[],
): Map<string, AnyStateNode> {
  const asserted = new Map<string, AnyStateNode>();
  for (const key of Object.keys(states)) {
    const node = key
      .split('.')
      .reduce<AnyStateNode | undefined>((parent, part) => parent?.states[part], testMachine.root);
    if (node) asserted.set(key, node);
    else problems.push(`assertion "${key}" names no state of the machine`);
  }
  return asserted;
}

/** The node itself and every parent up to the root. */
function ancestorsOf(node: AnyStateNode): AnyStateNode[] {
  return node.parent ? [node, ...ancestorsOf(node.parent)] : [node];
}

/** Runs a path on the test machine and records every transition taken, eventless ones included. */
function record(
  testMachine: AnyStateMachine,
  input: unknown,
  steps: readonly { state: AnyMachineSnapshot; event: AnyEventObject }[],
  coverage: Coverage,
): void {
  const actor = createActor(testMachine, {
    input,
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep') return;
      for (const transition of inspection._transitions) {
        coverage.transitions.add(transition);
        coverage.nodes.add(transition.source);
      }
    },
  });
  actor.start();
  // The first step is the initial state (event `xstate.init`), which starting the actor reached.
  for (const [index, { event, state }] of steps.entries()) {
    if (index > 0) actor.send(event);
    for (const node of getStateNodes(testMachine.root, actor.getSnapshot().value)) {
      coverage.nodes.add(node);
    }
    for (const node of atomicNodes(testMachine, state)) coverage.restingNodes.add(node);
  }
  actor.stop();
}

function atomicNodes(testMachine: AnyStateMachine, snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return getStateNodes(testMachine.root, snapshot.value).filter(
    (node) => node.type === 'atomic' || node.type === 'final',
  );
}

/** The node and all its descendants. */
function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allStateNodes)];
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

function pathOf(node: AnyStateNode): string {
  return node.path.join('.');
}

function describeTransition(transition: AnyTransitionDefinition): string {
  const targets = transition.target?.map(pathOf).join(', ') ?? '(stays)';
  const guardName = nameOfGuard(transition.guard);
  return `${pathOf(transition.source) || '(root)'} --${transition.eventType || 'always'}${guardName ? ` [${guardName}]` : ''}--> ${targets}`;
}

function nameOfGuard(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  return typeof guard === 'object' && 'type' in guard ? String(guard.type) : 'inline guard';
}

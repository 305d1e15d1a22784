/**
 * The machines' generated paths in the real browser against the real server (issue 30 item 5).
 * The paths come from the production machine as the vitest model tests make them (xstate/graph's
 * shortest paths of `toTestMachine`), one Playwright test per path. What differs is the other end: every event is a person's gesture by
 * role and Croatian name, or a real change of the server's data (an address subscribed meanwhile,
 * an invitation used in another browser); a request the machine invokes is held in the browser's
 * network layer until its done/error event lets it through to the real server (`heldRequests`);
 * every state asserts what SPEC says a person sees, never the machine's context.
 *
 * Fewer paths than in vitest: a flow names what makes two snapshots the same state for the
 * person (`serializeState`, the state and the event that led there plus what a guard reads), the
 * paths of all inputs are pooled and one shortest path kept per such state, and a path that is
 * the start of another is dropped (the longer one asserts every state on the way).
 */
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type Route,
} from '@playwright/test';
import { type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describePath, toTestMachine } from '../../support/test-machine.ts';
import { test } from '../support.ts';

export interface Fixtures {
  page: Page;
  context: BrowserContext;
  request: APIRequestContext;
  baseURL: string;
}

export interface BrowserPathPlan<TInput, TWorld extends Fixtures> {
  /** Where a path starts: each input is traversed, its name is shown in the test's title. */
  inputs: readonly { name: string; input: TInput }[];
  /** Payloads the traversal sends (the values a person types). */
  sampleEvents?: readonly AnyEventObject[];
  /** What makes two snapshots the same state for a person (default: value and event type). */
  serializeState?: (
    snapshot: AnyMachineSnapshot,
    event: AnyEventObject | undefined,
    previous: AnyMachineSnapshot | undefined,
  ) => string;
  /** Arranges what the path needs outside the page (accounts, a session) and opens the page. */
  open: (fixtures: Fixtures, input: TInput) => Promise<TWorld>;
  /** What a person sees in each state, keyed by state path; parallel regions each match. */
  states: Record<string, (world: TWorld) => Promise<void>>;
  /** The gesture or the real change of the server's data behind each event. */
  events: Record<string, (world: TWorld, event: AnyEventObject) => Promise<void>>;
  /** Events no person or real server change can cause here, and why: their paths are not run. */
  notArranged?: Record<string, string>;
  /**
   * Why a path cannot be arranged from its input, when an event's payload or the state it comes
   * in decides it (the education the server answers with is the one the input opened); undefined
   * when it can. The steps start with the initial state; each step's state is the one its event
   * led to.
   */
  unarranged?: (input: TInput, steps: readonly Step[]) => string | undefined;
}

const byValueAndEvent = (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined) =>
  `${JSON.stringify(snapshot.value)}|${event?.type ?? ''}`;

export interface Step {
  state: AnyMachineSnapshot;
  event: AnyEventObject;
}

export interface SelectedPath<TInput> {
  input: TInput;
  inputName: string;
  steps: Step[];
  description: string;
}

/** The paths run in the browser, and the generated ones left out (with the reason). */
export function selectPaths<TInput, TWorld extends Fixtures>(
  machine: AnyStateMachine,
  plan: BrowserPathPlan<TInput, TWorld>,
) {
  const { testMachine } = toTestMachine(machine);
  const serialize = plan.serializeState ?? byValueAndEvent;
  const model = createTestModel(testMachine, {
    events: [...(plan.sampleEvents ?? [])],
    serializeState: serialize,
  });
  // One path per state a person tells apart: the shortest that can be arranged, else the
  // shortest of all, listed as not run with its reason.
  const shortest = new Map<string, { path: SelectedPath<TInput>; reason?: string }>();
  for (const { name, input } of plan.inputs) {
    const paths = model
      .getShortestPaths({ input, allowDuplicatePaths: true })
      .map((path) => ({ input, inputName: name, steps: path.steps as Step[], description: '' }))
      .sort((a, b) => a.steps.length - b.steps.length);
    for (const path of paths) {
      const last = path.steps.at(-1);
      const previous = path.steps.at(-2)?.state;
      const key = last ? serialize(last.state, previous && last.event, previous) : '';
      const events = path.steps.slice(1).map(({ event }) => event);
      const unarrangedEvent = events.find(({ type }) => plan.notArranged?.[type]);
      const reason = unarrangedEvent
        ? plan.notArranged?.[unarrangedEvent.type]
        : plan.unarranged?.(input, path.steps);
      const kept = shortest.get(key);
      if (kept === undefined || (kept.reason !== undefined && reason === undefined)) {
        shortest.set(key, { path, reason });
      }
    }
  }
  const candidates: SelectedPath<TInput>[] = [];
  const notRun: string[] = [];
  const titles = new Map<string, number>();
  for (const { path, reason } of shortest.values()) {
    // Paths that differ only in a payload (what was typed) would share a title.
    const named = `[${path.inputName}] ${describePath(path.steps)}`;
    const twins = titles.get(named) ?? 0;
    titles.set(named, twins + 1);
    const description = twins === 0 ? named : `${named} (${twins + 1})`;
    if (reason === undefined) candidates.push({ ...path, description });
    else notRun.push(`${description}: ${reason}`);
  }
  // A path whose events start another path of the same input is asserted on the way.
  const eventsOf = (path: SelectedPath<TInput>) => path.steps.slice(1).map((s) => s.event);
  const isStartOf = (short: SelectedPath<TInput>, long: SelectedPath<TInput>) =>
    short !== long &&
    short.input === long.input &&
    short.steps.length <= long.steps.length &&
    eventsOf(short).every(
      (event, i) => JSON.stringify(event) === JSON.stringify(eventsOf(long)[i]),
    );
  const run = candidates.filter((path) => !candidates.some((other) => isStartOf(path, other)));
  return { run, notRun, testMachine };
}

/** Registers one Playwright test per selected path, and the check that the plan is complete. */
export function testBrowserPaths<TInput, TWorld extends Fixtures>(
  machine: AnyStateMachine,
  plan: BrowserPathPlan<TInput, TWorld>,
): void {
  test.describe(`${machine.id} paths`, () => registerPaths(machine, plan));
}

function registerPaths<TInput, TWorld extends Fixtures>(
  machine: AnyStateMachine,
  plan: BrowserPathPlan<TInput, TWorld>,
): void {
  const { run, notRun } = selectPaths(machine, plan);
  const stateKeys = Object.keys(plan.states);

  test('the plan asserts every state and arranges every event of its paths', () => {
    const problems: string[] = [];
    for (const path of run) {
      for (const { state, event } of path.steps) {
        if (!stateKeys.some((key) => state.matches(key))) {
          problems.push(`state ${JSON.stringify(state.value)} has no assertion`);
        }
        if (event.type !== 'xstate.init' && !plan.events[event.type]) {
          problems.push(`event ${event.type} has no executor`);
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);
    // Listed for the reader of the report: the generated paths this flow does not run here.
    test
      .info()
      .annotations.push(...notRun.map((description) => ({ type: 'not run', description })));
  });

  for (const path of run) {
    test(path.description, async ({ page, context, request, baseURL }) => {
      let world: TWorld | undefined;
      for (const [index, { state, event }] of path.steps.entries()) {
        const title = index === 0 ? `opens (${path.inputName})` : event.type;
        await test.step(title, async () => {
          if (index === 0)
            world = await plan.open({ page, context, request, baseURL: baseURL ?? '' }, path.input);
          else await plan.events[event.type]?.(world as TWorld, event);
          for (const key of stateKeys.filter((k) => state.matches(k))) {
            await test.step(`sees ${key}`, () =>
              plan.states[key]?.(world as TWorld) ?? Promise.resolve());
          }
        });
      }
    });
  }
}

/**
 * Requests held in the browser until a done/error event lets them through to the real server:
 * the state that waits for the answer is seen as a person sees it while the server works.
 */
export class HeldRequests {
  private waiting: Route[] = [];
  private arrived: (() => void)[] = [];
  private readonly page: Page;

  private constructor(page: Page) {
    this.page = page;
  }

  static async on(page: Page, url: RegExp, method = 'POST'): Promise<HeldRequests> {
    const held = new HeldRequests(page);
    await page.route(url, (route) => {
      if (route.request().method() !== method) return route.fallback();
      held.waiting.push(route);
      held.arrived.shift()?.();
      return undefined;
    });
    return held;
  }

  /** Resolves once a request is held (it may already be). */
  async arrival(): Promise<void> {
    if (this.waiting.length > 0) return;
    await new Promise<void>((resolve) => this.arrived.push(resolve));
  }

  /** Lets the oldest held request through and waits for the real server's answer. */
  async release(): Promise<number> {
    await this.arrival();
    const route = this.waiting.shift() as Route;
    const answer = this.page.waitForResponse((response) => response.request() === route.request());
    await route.continue();
    return (await answer).status();
  }

  /** The oldest held request fails as on a dropped connection: it never reaches the server. */
  async dropConnection(): Promise<void> {
    await this.arrival();
    await (this.waiting.shift() as Route).abort('internetdisconnected');
  }
}

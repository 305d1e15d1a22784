/**
 * The production machine as xstate/graph can walk it, and a path's readable name: shared by the
 * vitest model tests (model-based.ts) and the browser paths (tests/e2e/paths), so it imports
 * nothing but xstate (the browser tests' type program has no DOM library).
 */
import {
  createMachine,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
} from 'xstate';

export const DONE = 'xstate.done.actor.';
export const ERROR = 'xstate.error.actor.';

/** The production machine with invokes and `after` turned into plain events, plus each timer's delay. */
export function toTestMachine(machine: AnyStateMachine) {
  const delays = new Map<string, number>();
  const rewrite = (node: AnyStateNode): Record<string, unknown> => {
    const { invoke, after, states, on, ...rest } = node.config;
    const derivedOn: Record<string, unknown> = {};
    // node.invoke (not the raw `invoke`) carries the ids xstate generates for unnamed invokes.
    for (const { id, onDone, onError } of invoke ? node.invoke : []) {
      if (onDone) derivedOn[DONE + id] = onDone;
      if (onError) derivedOn[ERROR + id] = onError;
    }
    for (const [delay, transition] of Object.entries(after ?? {})) {
      const eventType = `xstate.after.${delay}.${node.id}`;
      delays.set(eventType, resolveDelay(machine, delay));
      derivedOn[eventType] = transition;
    }
    return {
      ...rest,
      on: { ...derivedOn, ...on },
      ...(states && {
        states: Object.fromEntries(
          Object.entries(node.states).map(([key, child]) => [key, rewrite(child)]),
        ),
      }),
    };
  };
  const testMachine: AnyStateMachine = createMachine(
    rewrite(machine.root),
    machine.implementations as never,
  );
  return { testMachine, delays };
}

function resolveDelay(machine: AnyStateMachine, delay: string): number {
  const named: unknown = machine.implementations.delays[delay];
  const ms = Number.isNaN(Number(delay)) ? named : Number(delay);
  if (typeof ms !== 'number') throw new Error(`Delay "${delay}" must be a number of milliseconds`);
  return ms;
}

/** A test name a person can read: the events by type only, then the state reached. */
export function describePath(
  steps: readonly { event: AnyEventObject; state: AnyMachineSnapshot }[],
) {
  const events = steps.slice(1).map(({ event }) => shortEventName(event.type));
  const reached = JSON.stringify(steps.at(-1)?.state.value);
  return events.length === 0 ? `starts in ${reached}` : `${events.join(' → ')} reaches ${reached}`;
}

function shortEventName(type: string): string {
  if (type.startsWith(DONE)) return `done:${type.slice(DONE.length)}`;
  if (type.startsWith(ERROR)) return `error:${type.slice(ERROR.length)}`;
  const timer = /^xstate\.after\.(\w+)\./.exec(type);
  return timer ? `after ${timer[1]}` : type;
}

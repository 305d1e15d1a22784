import { useMachine } from '@xstate/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { fakePromiseActor, planModelTest, testMachineModel } from '../support/model-based.ts';
import { toTestMachine } from '../support/test-machine.ts';

const toggleMachine = setup({}).createMachine({
  id: 'toggle',
  initial: 'off',
  states: { off: { on: { TOGGLE: 'on' } }, on: { on: { TOGGLE: 'off' } } },
});
const noop = () => undefined;

describe('the model-based helper guards its guards', () => {
  it('accepts a plan that asserts, executes and covers everything', () => {
    const { problems } = planModelTest(toggleMachine, {
      render: noop,
      states: { off: noop, on: noop },
      events: { TOGGLE: noop },
    });
    expect(problems).toEqual([]);
  });

  it('fails a state without an assertion, and an assertion for no state', () => {
    const { problems } = planModelTest(toggleMachine, {
      render: noop,
      states: { off: noop, of: noop },
      events: { TOGGLE: noop },
    });
    expect(problems).toEqual([
      'assertion "of" names no state of the machine',
      'state "on" has no assertion',
    ]);
  });

  it('fails an event without an executor, and an executor for no event', () => {
    const { problems } = planModelTest(toggleMachine, {
      render: noop,
      states: { off: noop, on: noop },
      events: { TOGLE: noop },
    });
    expect(problems).toEqual([
      'event "TOGGLE" has no executor',
      'executor "TOGLE" is for an event the machine does not handle',
    ]);
  });

  it('counts events declared on the root too', () => {
    const resettable = setup({}).createMachine({
      id: 'resettable',
      initial: 'a',
      on: { RESET: '.a' },
      states: { a: { on: { NEXT: 'b' } }, b: {} },
    });
    const { problems } = planModelTest(resettable, {
      render: noop,
      states: { a: noop, b: noop },
      events: { NEXT: noop },
    });
    expect(problems).toEqual(['event "RESET" has no executor']);
  });

  it('fails a state and a transition that no generated path covers', () => {
    const guardedMachine = setup({
      types: { events: {} as { type: 'GO'; allowed: boolean } },
      guards: { allowed: ({ event }) => event.allowed },
    }).createMachine({
      id: 'guarded',
      initial: 'waiting',
      states: { waiting: { on: { GO: { guard: 'allowed', target: 'gone' } } }, gone: {} },
    });
    const plan = { render: noop, states: { waiting: noop, gone: noop }, events: { GO: noop } };
    expect(planModelTest(guardedMachine, plan).problems).toEqual([
      'assertion "gone" is for a state no path rests in',
      'transition waiting --GO [allowed]--> gone is not covered',
      'state "gone" is not covered',
    ]);
    const withSample = { ...plan, sampleEvents: [{ type: 'GO', allowed: true }] };
    expect(planModelTest(guardedMachine, withSample).problems).toEqual([]);
  });
});

const greetingMachine = setup({
  types: { context: {} as { greeting: string } },
  actors: { fetchGreeting: fakePromiseActor<string>().logic },
}).createMachine({
  id: 'greeting',
  context: { greeting: '' },
  initial: 'idle',
  states: {
    idle: { on: { LOAD: 'loading' } },
    loading: {
      invoke: {
        id: 'fetchGreeting',
        src: 'fetchGreeting',
        onDone: { target: 'shown', actions: assign({ greeting: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    shown: { after: { 1000: 'idle' } },
    failed: { on: { LOAD: 'loading' } },
  },
});

describe('toTestMachine', () => {
  it('turns invokes into done/error events and `after` into timer events that createTestModel accepts', () => {
    const { testMachine, delays } = toTestMachine(greetingMachine);
    expect(() => createTestModel(greetingMachine)).toThrow('Invocations');
    expect(() => createTestModel(testMachine)).not.toThrow();
    expect(Object.keys(testMachine.getStateNodeById('greeting.loading').on)).toEqual([
      'xstate.done.actor.fetchGreeting',
      'xstate.error.actor.fetchGreeting',
    ]);
    expect([...delays]).toEqual([['xstate.after.1000.greeting.shown', 1000]]);
  });
});

function Greeting({ machine }: { machine: typeof greetingMachine }) {
  const [snapshot, send] = useMachine(machine);
  return (
    <main>
      <button type="button" onClick={() => send({ type: 'LOAD' })}>
        Učitaj
      </button>
      {snapshot.matches('loading') && <p role="status">Učitavanje…</p>}
      {snapshot.matches('shown') && <p>{snapshot.context.greeting}</p>}
      {snapshot.matches('failed') && <p role="alert">Nije uspjelo.</p>}
    </main>
  );
}

describe('the helper drives a real view through fakes and fake timers', () => {
  const fetchGreeting = fakePromiseActor<string>();
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  testMachineModel(greetingMachine, {
    render: () =>
      render(
        <Greeting
          machine={greetingMachine.provide({ actors: { fetchGreeting: fetchGreeting.logic } })}
        />,
      ),
    fakes: { fetchGreeting },
    sampleEvents: [{ type: 'xstate.done.actor.fetchGreeting', output: 'Dobar dan!' }],
    states: {
      idle: () => expect(screen.queryByRole('status')).not.toBeInTheDocument(),
      loading: () => expect(screen.getByRole('status')).toHaveTextContent('Učitavanje…'),
      shown: () => expect(screen.getByText('Dobar dan!')).toBeVisible(),
      failed: () => expect(screen.getByRole('alert')).toHaveTextContent('Nije uspjelo.'),
    },
    // fireEvent, not userEvent: Testing Library's async wrapper waits on a faked setTimeout.
    events: { LOAD: () => fireEvent.click(screen.getByRole('button', { name: 'Učitaj' })) },
  });
});

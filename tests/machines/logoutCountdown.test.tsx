import { useMachine } from '@xstate/react';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  logoutCountdownMachine,
  selectSecondsLeft,
} from '../../src/machines/logoutCountdown.machine.ts';
import { messages } from '../../src/messages.ts';
import { LogoutPage } from '../../src/views/LogoutPage.tsx';
import { testMachineModel } from '../support/model-based.ts';

const HOME = 'Vaš pouzdan partner sa sjeverozapada.';

/** What the container does: log out on opening, go home at the end of the countdown. */
function LogoutHarness({ logOut }: { logOut: () => void }) {
  const [home, setHome] = useState(false);
  const [snapshot] = useMachine(
    logoutCountdownMachine.provide({ actions: { logOut, goHome: () => setHome(true) } }),
  );
  if (home) return <h1>{HOME}</h1>;
  return <LogoutPage secondsLeft={selectSecondsLeft(snapshot)} />;
}

describe('logout countdown model', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  testMachineModel(logoutCountdownMachine, {
    render: () => render(<LogoutHarness logOut={vi.fn()} />),
    states: {
      counting: ({ context }) => {
        expect(screen.getByRole('heading', { name: 'Uspješno ste odjavljeni!' })).toBeVisible();
        expect(screen.getByText(messages.logout.countdown(context.secondsLeft))).toBeVisible();
      },
      done: () => expect(screen.getByRole('heading', { name: HOME })).toBeVisible(),
    },
    events: {},
  });
});

describe('logout journey pinned by hand', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('logs out once at once, counts 3, 2, 1 a second apart, then goes home after 3 s', async () => {
    const logOut = vi.fn();
    render(<LogoutHarness logOut={logOut} />);
    expect(logOut).toHaveBeenCalledOnce();
    expect(screen.getByText(/za 3…$/)).toBeVisible();
    await advance(999);
    expect(screen.getByText(/za 3…$/)).toBeVisible();
    await advance(1);
    expect(screen.getByText(/za 2…$/)).toBeVisible();
    await advance(1000);
    expect(screen.getByText(/za 1…$/)).toBeVisible();
    await advance(999);
    expect(screen.queryByRole('heading', { name: HOME })).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('heading', { name: HOME })).toBeVisible();
    expect(logOut).toHaveBeenCalledOnce();
  });
});

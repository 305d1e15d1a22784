import { act, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogoutContainer } from '../../src/app/LogoutContainer.tsx';
import type { StoredSession } from '../../src/machines/authSession.machine.ts';
import { logoutCountdownMachine } from '../../src/machines/logoutCountdown.machine.ts';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const session: StoredSession = {
  user: { id: 4, name: 'Ana', surname: 'Horvat', email: 'ana@primjer.hr', roles: ['user'] },
  tokens: { accessToken: 'access', refreshToken: 'refresh' },
};

const revokeToken = fakePromiseActor<undefined, { refreshToken: string }>();
let app: ReturnType<typeof renderWithEffects>;

/** The /logout container that ships, opened by a logged-in visitor. */
function renderLogout(stored: StoredSession | null = session) {
  revokeToken.reset();
  app = renderWithEffects(<LogoutContainer />, {
    path: '/logout',
    session: stored,
    api: { users: { revokeToken: revokeToken.fn } },
  });
  return app;
}

const farewell = () => screen.queryByRole('heading', { name: 'Uspješno ste odjavljeni!' });

describe('logout countdown model', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  testMachineModel(logoutCountdownMachine, {
    render: () => renderLogout(),
    states: {
      counting: ({ context }) => {
        expect(farewell()).toBeVisible();
        expect(screen.getByText(messages.logout.countdown(context.secondsLeft))).toBeVisible();
        expect(revokeToken.calls).toEqual([{ refreshToken: 'refresh' }]);
        expect(app.location()).toBe('/logout');
      },
      done: () => {
        expect(app.history).toEqual(['/logout', '/']);
        expect(revokeToken.calls).toHaveLength(1);
      },
    },
    events: {},
  });
});

describe('logout journeys pinned by hand', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('logs out once at once, counts 3, 2, 1 a second apart, then goes home after 3 s', async () => {
    renderLogout();
    expect(revokeToken.calls).toEqual([{ refreshToken: 'refresh' }]);
    expect(screen.getByText(/za 3…$/)).toBeVisible();
    await advance(999);
    expect(screen.getByText(/za 3…$/)).toBeVisible();
    await advance(1);
    expect(screen.getByText(/za 2…$/)).toBeVisible();
    await advance(1000);
    expect(screen.getByText(/za 1…$/)).toBeVisible();
    await advance(999);
    expect(app.location()).toBe('/logout');
    await advance(1);
    expect(app.history).toEqual(['/logout', '/']);
    expect(revokeToken.calls).toHaveLength(1);
  });

  it('clears the stored session once the revoke answers', async () => {
    renderLogout();
    expect(app.storedSession()).toEqual(session);
    await revokeToken.resolve(undefined);
    expect(app.storedSession()).toBeNull();
  });

  it('clears the stored session also when the revoke fails, and tells nobody', async () => {
    renderLogout();
    await revokeToken.reject(new Error('Network down'));
    expect(app.storedSession()).toBeNull();
    expect(app.notices).toEqual([]);
    expect(farewell()).toBeVisible();
  });

  it('an anonymous visitor sees the same countdown and no revoke is sent', async () => {
    renderLogout(null);
    expect(farewell()).toBeVisible();
    expect(revokeToken.calls).toEqual([]);
    await advance(3000);
    expect(app.location()).toBe('/');
  });
});

/** SPEC 4 "Logout page" and 9 as a model: how long the visitor has been on the page. */
interface LogoutModel {
  now: number;
  revoked: boolean;
}

describe('logout countdown random paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  testRandomPaths<LogoutModel>('logoutCountdown', {
    startLabel: 'Otvori /logout prijavljen',
    numRuns: 20,
    start: () => {
      renderLogout();
      return { now: 0, revoked: false };
    },
    steps: [
      fc.integer({ min: 1, max: 1600 }).map((ms) =>
        step<LogoutModel>(`pričekaj ${ms} ms`, async (model) => {
          await act(() => vi.advanceTimersByTimeAsync(ms));
          model.now += ms;
        }),
      ),
      fc.boolean().map((ok) =>
        step<LogoutModel>(
          ok ? 'poslužitelj opoziva token' : 'opoziv tokena ne uspijeva',
          async (model) => {
            if (ok) await revokeToken.resolve(undefined);
            else await revokeToken.reject(new TypeError('Failed to fetch'));
            model.revoked = true;
          },
          (model) => !model.revoked,
        ),
      ),
    ],
    invariants: ({ now }) => {
      // Logged out once, at once, whatever the server answers.
      expect(revokeToken.calls).toEqual([{ refreshToken: 'refresh' }]);
      if (now >= 3000) {
        expect(app.history).toEqual(['/logout', '/']);
        return;
      }
      // SPEC 9: 3, 2, 1 at a 1 s tick, then home.
      expect(farewell()).toBeVisible();
      expect(screen.getByText(messages.logout.countdown(3 - Math.floor(now / 1000)))).toBeVisible();
      expect(app.location()).toBe('/logout');
    },
  });
});

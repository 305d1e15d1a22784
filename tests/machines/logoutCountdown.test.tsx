import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogoutContainer } from '../../src/app/LogoutContainer.tsx';
import type { StoredSession } from '../../src/machines/authSession.machine.ts';
import { logoutCountdownMachine } from '../../src/machines/logoutCountdown.machine.ts';
import { messages } from '../../src/messages.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
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

import { act, fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { AuthResponse, Tokens } from '../../src/api/contract.ts';
import { HeaderContainer } from '../../src/app/HeaderContainer.tsx';
import { LogoutContainer } from '../../src/app/LogoutContainer.tsx';
import {
  authSessionMachine,
  hasAdministratorRole,
  hasEmployeeRole,
  sessionFromAuthResponse,
  type AuthSessionInput,
} from '../../src/machines/authSession.machine.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';
import { createSessionProbe } from '../support/session-probe.tsx';

const ana: AuthResponse = {
  id: 1,
  name: 'Ana',
  surname: 'Horvat',
  email: 'ana.horvat@example.hr',
  roles: ['user'],
  accessToken: 'access-ana',
  refreshToken: 'refresh-ana',
};
const ivo: AuthResponse = {
  ...ana,
  id: 2,
  name: 'Ivo',
  email: 'ivo@example.hr',
  roles: ['administrator'],
  accessToken: 'access-ivo',
  refreshToken: 'refresh-ivo',
};
const storedEmployee: AuthResponse = {
  ...ana,
  id: 3,
  roles: ['employee'],
  accessToken: 'a-stored',
  refreshToken: 'r-stored',
};
const refreshed = { accessToken: 'access-new', refreshToken: 'refresh-new' };
const EXPIRED = 'Prijava vam je istekla. Molimo, prijavite se ponovno.';

const revokeToken = fakePromiseActor<undefined, { refreshToken: string }>();
const session = createSessionProbe();
let app: ReturnType<typeof renderWithEffects>;

/**
 * The session provider that ships with the containers that show it: the header's links, and the
 * logout page that 'Odjava' leads to. The probe stands for the login form; the API client reaches
 * the session through the bridge the app connects (`app.sessionBridge`).
 */
function renderSession(input: AuthSessionInput) {
  app = renderWithEffects(
    <>
      <HeaderContainer brand="Dental Sjever" />
      <Route path="/logout">
        <LogoutContainer />
      </Route>
      <session.Probe />
    </>,
    { session: input, api: { users: { revokeToken: revokeToken.fn } } },
  );
  return app;
}

const user = userEvent.setup();
const link = (name: string) => screen.queryByRole('link', { name });
const farewell = () => screen.queryByRole('heading', { name: 'Uspješno ste odjavljeni!' });

function expectLoggedOutLinks() {
  expect(link('Prijava')).toBeVisible();
  for (const hidden of ['Odjava', 'Video edukacije', 'Admin']) {
    expect(link(hidden)).not.toBeInTheDocument();
  }
}

describe('auth session model', () => {
  testMachineModel(authSessionMachine, {
    inputs: [null, sessionFromAuthResponse(storedEmployee)],
    describeInput: (input) => (input ? 'stored employee' : 'nobody stored'),
    render: (input) => renderSession(input),
    fakes: { revokeToken },
    sampleEvents: [
      { type: 'LOGIN', response: ana },
      { type: 'LOGIN', response: ivo },
      { type: 'TOKENS_REFRESHED', tokens: refreshed },
    ],
    states: {
      loggedOut: () => {
        expectLoggedOutLinks();
        expect(app.storedSession()).toBeNull();
        expect(app.sessionBridge.getTokens()).toBeNull();
      },
      loggedIn: ({ context }) => {
        expect(link('Odjava')).toBeVisible();
        expect(link('Video edukacije')).toBeVisible();
        expect(link('Prijava')).not.toBeInTheDocument();
        expect(link('Admin') !== null).toBe(hasEmployeeRole(context.user));
        expect(app.storedSession()).toEqual({ user: context.user, tokens: context.tokens });
        expect(app.sessionBridge.getTokens()).toEqual(context.tokens);
      },
      loggingOut: ({ context }) => {
        expectLoggedOutLinks();
        expect(farewell()).toBeVisible();
        expect(revokeToken.calls.at(-1)).toEqual({ refreshToken: context.tokens?.refreshToken });
        // Cleared only when the revoke has answered, so calls already running still authenticate.
        expect(app.storedSession()?.tokens).toEqual(context.tokens);
        expect(app.sessionBridge.getTokens()).toEqual(context.tokens);
      },
    },
    events: {
      LOGIN: (event) => session.send(event as { type: 'LOGIN'; response: AuthResponse }),
      // Refreshes and expiry come from the API client, through the bridge the app connects.
      TOKENS_REFRESHED: (event) =>
        act(() => app.sessionBridge.onTokensRefreshed(event.tokens as typeof refreshed)),
      AUTH_EXPIRED: () => act(() => app.sessionBridge.onAuthExpired()),
      LOGOUT: () => user.click(screen.getByRole('link', { name: 'Odjava' })),
    },
  });
});

describe('auth session journeys pinned by hand', () => {
  it('a login stores the user and tokens and shows the logged-in links', async () => {
    renderSession(null);
    await session.send({ type: 'LOGIN', response: ana });
    expect(app.storedSession()).toEqual({
      user: {
        id: 1,
        name: 'Ana',
        surname: 'Horvat',
        email: 'ana.horvat@example.hr',
        roles: ['user'],
      },
      tokens: { accessToken: 'access-ana', refreshToken: 'refresh-ana' },
    });
    expect(link('Odjava')).toBeVisible();
    expect(link('Admin')).not.toBeInTheDocument();
  });

  it('a refresh replaces and stores the tokens, and keeps the user', async () => {
    renderSession(sessionFromAuthResponse(ana));
    act(() => app.sessionBridge.onTokensRefreshed(refreshed));
    expect(app.storedSession()).toEqual({
      user: sessionFromAuthResponse(ana).user,
      tokens: refreshed,
    });
  });

  it.each([
    ['answers', () => revokeToken.resolve(undefined)],
    ['fails', () => revokeToken.reject(new Error('Network down'))],
  ])(
    "following 'Odjava' revokes the refresh token, and clears the session when the revoke %s",
    async (_, settle) => {
      revokeToken.reset();
      renderSession(sessionFromAuthResponse(ivo));
      expect(link('Admin')).toBeVisible();
      await user.click(screen.getByRole('link', { name: 'Odjava' }));
      expect(app.location()).toBe('/logout');
      expect(revokeToken.calls).toEqual([{ refreshToken: 'refresh-ivo' }]);
      expect(app.storedSession()).not.toBeNull();
      await settle();
      expect(app.storedSession()).toBeNull();
      expect(app.notices).toEqual([]);
      expectLoggedOutLinks();
    },
  );

  it('a login while the revoke still runs keeps the new session', async () => {
    revokeToken.reset();
    renderSession(sessionFromAuthResponse(ana));
    await user.click(screen.getByRole('link', { name: 'Odjava' }));
    await session.send({ type: 'LOGIN', response: ivo });
    expect(app.storedSession()?.tokens.refreshToken).toBe('refresh-ivo');
    expect(link('Admin')).toBeVisible();
  });

  it('a login on /login while the revoke runs survives its answer, and the next logout logs out', async () => {
    // Seed 888155503 of the withdrawn random paths: it logged in while still on /logout, which the
    // app cannot do (the login form is on /login), so its second 'Odjava' opened the page it was
    // already on. This is the same visit as the app makes it.
    revokeToken.reset();
    renderSession(sessionFromAuthResponse(storedEmployee));
    await user.click(screen.getByRole('link', { name: 'Odjava' }));
    await user.click(screen.getByRole('link', { name: 'Prijava' }));
    await session.send({ type: 'LOGIN', response: ivo });
    await revokeToken.resolve(undefined);
    expect(app.storedSession()).toEqual(sessionFromAuthResponse(ivo));
    expect(link('Odjava')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Odjava' }));
    expect(revokeToken.calls).toEqual([
      { refreshToken: 'r-stored' },
      { refreshToken: 'refresh-ivo' },
    ]);
    await revokeToken.resolve(undefined);
    expect(app.storedSession()).toBeNull();
    expectLoggedOutLinks();
  });

  it('an expired refresh forces logout: cleared, warned once and sent to /login', async () => {
    renderSession(sessionFromAuthResponse(ana));
    act(() => app.sessionBridge.onAuthExpired());
    expect(app.storedSession()).toBeNull();
    expect(app.notices).toEqual([{ tone: 'warning', text: EXPIRED }]);
    expect(app.history).toEqual(['/', '/login']);
    expectLoggedOutLinks();
  });

  it('an expiry reported after logging out changes nothing', async () => {
    renderSession(null);
    act(() => app.sessionBridge.onAuthExpired());
    expect(app.notices).toEqual([]);
    expect(app.history).toEqual(['/']);
  });

  it('a stored session without a staff role shows no admin link', () => {
    renderSession(sessionFromAuthResponse(ana));
    expect(link('Video edukacije')).toBeVisible();
    expect(link('Admin')).not.toBeInTheDocument();
  });
});

describe('roles', () => {
  const withRoles = (roles: AuthResponse['roles']) => ({ ...ana, roles });
  it('counts administrators as employees, and only administrators as administrators', () => {
    expect(
      [null, withRoles(['user']), withRoles(['employee']), withRoles(['administrator'])].map(
        hasEmployeeRole,
      ),
    ).toEqual([false, false, true, true]);
    expect(
      [null, withRoles(['user']), withRoles(['employee']), withRoles(['administrator'])].map(
        hasAdministratorRole,
      ),
    ).toEqual([false, false, false, true]);
  });
});

/**
 * SPEC 4 "Auth" as a model: who is logged in, what the browser keeps, which refresh tokens were
 * revoked, what the visitor was told and where they are. Logging in happens on /login (the probe
 * stands in for its form), reached by the header's 'Prijava': while logged out it is always there,
 * while logged in a 2 s press on the header reveals it (SPEC 4 "Header").
 */
interface SessionModel {
  user: AuthResponse | null;
  /** The tokens the browser keeps; during a logout they stay until the revoke answers. */
  tokens: Tokens | null;
  /** Every revoke sent, oldest first; `settled` once answered, `current` while its logout is. */
  revokes: { refreshToken: string; settled: boolean; current: boolean }[];
  expiredNotices: number;
  path: string;
  /** Fake time, and when /logout was opened (its countdown goes home 3 s later). */
  now: number;
  logoutOpenedAt: number | null;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function leaveLogoutPage(model: SessionModel, path: string) {
  Object.assign(model, { path, logoutOpenedAt: null });
}

function logIn(model: SessionModel, who: AuthResponse) {
  const { accessToken, refreshToken } = who;
  // A logout whose revoke has not answered is over: its answer must not end the new session.
  for (const revoke of model.revokes) revoke.current = false;
  Object.assign(model, { user: who, tokens: { accessToken, refreshToken } });
}

describe('auth session random paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  testRandomPaths<SessionModel>('authSession', {
    startLabel: 'Otvori stranicu s prijavom zaposlenika od prije',
    numRuns: 30,
    maxSteps: 16,
    start: () => {
      revokeToken.reset();
      renderSession(sessionFromAuthResponse(storedEmployee));
      const { accessToken, refreshToken } = storedEmployee;
      return {
        user: storedEmployee,
        tokens: { accessToken, refreshToken },
        revokes: [],
        expiredNotices: 0,
        path: '/',
        now: 0,
        logoutOpenedAt: null,
      };
    },
    steps: [
      fc.constantFrom(ana, ivo).map((who) =>
        step<SessionModel>(
          `pritisni 'Prijava' i prijavi se kao ${who.name}`,
          async (model) => {
            fireEvent.click(screen.getByRole('link', { name: 'Prijava' }));
            leaveLogoutPage(model, '/login');
            await session.send({ type: 'LOGIN', response: who });
            logIn(model, who);
          },
          (model) => model.user === null,
        ),
      ),
      fc.constantFrom(ana, ivo).map((who) =>
        step<SessionModel>(
          `drži zaglavlje 2 s, pritisni 'Prijava' i prijavi se kao ${who.name}`,
          async (model) => {
            fireEvent.pointerDown(screen.getByRole('banner'));
            await advance(2000);
            model.now += 2000;
            fireEvent.pointerUp(screen.getByRole('banner'));
            fireEvent.click(screen.getByRole('link', { name: 'Prijava' }));
            model.path = '/login';
            await session.send({ type: 'LOGIN', response: who });
            logIn(model, who);
          },
          (model) => model.user !== null,
        ),
      ),
      fc.constant(
        step<SessionModel>(
          'klijent osvježava tokene',
          (model) => {
            act(() => app.sessionBridge.onTokensRefreshed(refreshed));
            model.tokens = refreshed;
          },
          (model) => model.user !== null,
        ),
      ),
      fc.constant(
        step<SessionModel>(
          'poslužitelj odbija osvježavanje (401)',
          (model) => {
            act(() => app.sessionBridge.onAuthExpired());
            // SPEC 4: an expired session is cleared, the visitor warned once and sent to log in.
            if (model.user) {
              Object.assign(model, { user: null, tokens: null, path: '/login' });
              model.expiredNotices += 1;
            }
          },
          // The client refreshes only with a refresh token: logged in, or a logout still revoking.
          (model) => model.tokens !== null,
        ),
      ),
      fc.constant(
        step<SessionModel>(
          "pritisni 'Odjava'",
          (model) => {
            fireEvent.click(screen.getByRole('link', { name: 'Odjava' }));
            const refreshToken = model.tokens?.refreshToken ?? '';
            model.revokes.push({ refreshToken, settled: false, current: true });
            Object.assign(model, { user: null, path: '/logout', logoutOpenedAt: model.now });
          },
          (model) => model.user !== null,
        ),
      ),
      fc.boolean().map((ok) =>
        step<SessionModel>(
          ok ? 'poslužitelj opoziva token' : 'opoziv tokena ne uspijeva',
          async (model) => {
            if (ok) await revokeToken.resolve(undefined);
            else await revokeToken.reject(new TypeError('Failed to fetch'));
            // The server answers the oldest revoke first, as the fake does.
            const answered = model.revokes.find(({ settled }) => !settled);
            if (!answered) return;
            answered.settled = true;
            // SPEC 4: the logout clears the session whatever the answer, unless a login came since.
            if (answered.current) Object.assign(model, { tokens: null });
            answered.current = false;
          },
          (model) => model.revokes.some(({ settled }) => !settled),
        ),
      ),
      fc.integer({ min: 100, max: 2500 }).map((ms) =>
        step<SessionModel>(`pričekaj ${ms} ms`, async (model) => {
          await advance(ms);
          model.now += ms;
          // SPEC 4 "Logout page": 3, 2, 1, then home.
          if (model.logoutOpenedAt !== null && model.now - model.logoutOpenedAt >= 3000) {
            leaveLogoutPage(model, '/');
          }
        }),
      ),
    ],
    invariants: (model) => {
      expect(app.location()).toBe(model.path);
      expect(
        app.notices.filter(({ tone, text }) => tone === 'warning' && text === EXPIRED),
      ).toHaveLength(model.expiredNotices);
      expect(app.notices.filter(({ text }) => text !== EXPIRED)).toEqual([]);
      // Each logout revokes the refresh token the browser held when it began, once.
      expect(revokeToken.calls).toEqual(
        model.revokes.map(({ refreshToken }) => ({ refreshToken })),
      );
      expect(app.sessionBridge.getTokens()).toEqual(model.tokens);
      if (model.user) {
        expect(app.storedSession()).toEqual({
          user: sessionFromAuthResponse(model.user).user,
          tokens: model.tokens,
        });
        expect(link('Odjava')).toBeVisible();
        expect(link('Video edukacije')).toBeVisible();
        expect(link('Admin') !== null).toBe(model.user.roles[0] !== 'user');
      } else {
        expectLoggedOutLinks();
        // Kept while the revoke runs, so calls already running still authenticate.
        expect(app.storedSession()?.tokens ?? null).toEqual(model.tokens);
      }
    },
  });
});

import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { AuthResponse } from '../../src/api/contract.ts';
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

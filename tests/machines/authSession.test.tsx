import { useSelector } from '@xstate/react';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, type ActorRefFrom } from 'xstate';
import type { AuthResponse } from '../../src/api/contract.ts';
import {
  authSessionMachine,
  hasAdministratorRole,
  hasEmployeeRole,
  selectIsEmployee,
  selectIsLoggedIn,
  selectTokens,
  selectUser,
  type AuthSessionEvent,
  type AuthSessionInput,
} from '../../src/machines/authSession.machine.ts';
import { Header, type LinkComponent } from '../../src/views/Header.tsx';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';

type Session = ActorRefFrom<typeof authSessionMachine>;

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
const stored = (response: AuthResponse): AuthSessionInput => {
  const { accessToken, refreshToken, ...user } = response;
  return { user, tokens: { accessToken, refreshToken } };
};

const revokeToken = fakePromiseActor<unknown, { refreshToken: string }>();

/** The app root: one long-lived session actor, created outside React, with its effects provided. */
function startSession(input: AuthSessionInput) {
  const effects = {
    persistSession: vi.fn(),
    persistTokens: vi.fn(),
    clearSession: vi.fn(),
    notifyExpired: vi.fn(),
    redirectToLogin: vi.fn(),
  };
  const machine = authSessionMachine.provide({
    actors: { revokeToken: revokeToken.logic },
    actions: effects,
  });
  return { session: createActor(machine, { input }).start(), effects };
}

/** Following 'Odjava' stands in for the /logout route, whose container sends LOGOUT. */
const linkThatLogsOut =
  (session: Session): LinkComponent =>
  (props) => (
    <a
      {...props}
      onClick={(event) => {
        event.preventDefault();
        if (props.href === '/logout') session.send({ type: 'LOGOUT' });
      }}
    />
  );

function SessionHeader({ session, Link }: { session: Session; Link: LinkComponent }) {
  const isLoggedIn = useSelector(session, selectIsLoggedIn);
  const isEmployee = useSelector(session, selectIsEmployee);
  return (
    <Header
      brand="Dental Sjever"
      isLoggedIn={isLoggedIn}
      isEmployee={isEmployee}
      loginRevealed={false}
      menuOpen={false}
      currentPath="/"
      onHoldStart={() => undefined}
      onHoldEnd={() => undefined}
      onToggleMenu={() => undefined}
      onCloseMenu={() => undefined}
      LinkComponent={Link}
    />
  );
}

function renderSession(input: AuthSessionInput) {
  const started = startSession(input);
  render(<SessionHeader session={started.session} Link={linkThatLogsOut(started.session)} />);
  return started;
}

const user = userEvent.setup();
const link = (name: string) => screen.queryByRole('link', { name });

function expectLoggedOutLinks() {
  expect(link('Prijava')).toBeVisible();
  for (const hidden of ['Odjava', 'Video edukacije', 'Admin']) {
    expect(link(hidden)).not.toBeInTheDocument();
  }
}

describe('auth session model', () => {
  let session: Session | undefined;
  // Login, refresh and expiry come from other parts (login form, API client): sent to the actor.
  const sendToSession = (event: { type: string }) =>
    act(() => session?.send(event as AuthSessionEvent));

  testMachineModel(authSessionMachine, {
    inputs: [null, stored(storedEmployee)],
    render: (input) => {
      ({ session } = renderSession(input));
    },
    fakes: { revokeToken },
    sampleEvents: [
      { type: 'LOGIN', response: ana },
      { type: 'LOGIN', response: ivo },
      { type: 'TOKENS_REFRESHED', tokens: refreshed },
    ],
    states: {
      loggedOut: expectLoggedOutLinks,
      loggedIn: ({ context }) => {
        expect(link('Odjava')).toBeVisible();
        expect(link('Video edukacije')).toBeVisible();
        expect(link('Prijava')).not.toBeInTheDocument();
        expect(link('Admin') !== null).toBe(hasEmployeeRole(context.user));
      },
      loggingOut: ({ context }) => {
        expectLoggedOutLinks();
        expect(revokeToken.calls.at(-1)).toEqual({ refreshToken: context.tokens?.refreshToken });
      },
    },
    events: {
      LOGIN: sendToSession,
      TOKENS_REFRESHED: sendToSession,
      AUTH_EXPIRED: sendToSession,
      LOGOUT: () => user.click(screen.getByRole('link', { name: 'Odjava' })),
    },
  });
});

describe('auth session journeys pinned by hand', () => {
  it('a login stores the user and tokens and shows the logged-in links', () => {
    const { session, effects } = renderSession(null);
    act(() => session.send({ type: 'LOGIN', response: ana }));
    expect(effects.persistSession.mock.calls[0]?.[1]).toEqual({
      user: {
        id: 1,
        name: 'Ana',
        surname: 'Horvat',
        email: 'ana.horvat@example.hr',
        roles: ['user'],
      },
      tokens: { accessToken: 'access-ana', refreshToken: 'refresh-ana' },
    });
    expect(selectUser(session.getSnapshot())?.email).toBe('ana.horvat@example.hr');
    expect(link('Odjava')).toBeVisible();
    expect(link('Admin')).not.toBeInTheDocument();
  });

  it('a refresh replaces and stores the tokens', () => {
    const { session, effects } = renderSession(stored(ana));
    act(() => session.send({ type: 'TOKENS_REFRESHED', tokens: refreshed }));
    expect(effects.persistTokens.mock.calls[0]?.[1]).toEqual(refreshed);
    expect(selectTokens(session.getSnapshot())).toEqual(refreshed);
  });

  it.each([
    ['answers', () => revokeToken.resolve(undefined)],
    ['fails', () => revokeToken.reject(new Error('Network down'))],
  ])(
    'logout revokes the refresh token, and clears the session when the revoke %s',
    async (_, settle) => {
      revokeToken.reset();
      const { session, effects } = renderSession(stored(ivo));
      expect(link('Admin')).toBeVisible();
      await user.click(screen.getByRole('link', { name: 'Odjava' }));
      expect(revokeToken.calls).toEqual([{ refreshToken: 'refresh-ivo' }]);
      expect(effects.clearSession).not.toHaveBeenCalled();
      await settle();
      expect(effects.clearSession).toHaveBeenCalledOnce();
      expect(session.getSnapshot().context).toEqual({ user: null, tokens: null });
      expectLoggedOutLinks();
    },
  );

  it('an expired refresh forces logout: cleared, warned and sent to /login', () => {
    const { session, effects } = renderSession(stored(ana));
    act(() => session.send({ type: 'AUTH_EXPIRED' }));
    expect(effects.clearSession).toHaveBeenCalledOnce();
    expect(effects.notifyExpired.mock.calls[0]?.[1]).toEqual({
      message: 'Prijava vam je istekla. Molimo, prijavite se ponovno.',
    });
    expect(effects.redirectToLogin).toHaveBeenCalledOnce();
    expect(selectTokens(session.getSnapshot())).toBeNull();
    expectLoggedOutLinks();
  });

  it('an expiry reported after logging out changes nothing', () => {
    const { session, effects } = renderSession(null);
    act(() => session.send({ type: 'AUTH_EXPIRED' }));
    expect(effects.notifyExpired).not.toHaveBeenCalled();
    expect(effects.redirectToLogin).not.toHaveBeenCalled();
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

import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { readStoredSession } from './storedSession.ts';
import { sessionStoreOnDemand } from './sessionStoreOnDemand.ts';
import { clearStoredSession, storeSession, storeTokens } from './storedSessionWrites.ts';

const session = {
  user: {
    id: 7,
    name: 'Ana',
    surname: 'Kovač',
    email: 'ana@example.com',
    roles: ['user' as const],
  },
  tokens: { accessToken: 'access-1', refreshToken: 'refresh-1' },
};

afterEach(() => {
  window.localStorage.clear();
  Cookies.remove('jwt', { path: '/' });
});

describe('the stored session (SPEC 3)', () => {
  it('keeps the user and the auth apart and restores them together', () => {
    storeSession(session);
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(session.user);
    expect(JSON.parse(window.localStorage.getItem('auth') ?? 'null')).toEqual(session.tokens);
    expect(Cookies.get('jwt')).toBe('access-1');
    expect(readStoredSession()).toEqual(session);
  });

  it('replaces only the tokens on a refresh', () => {
    storeSession(session);
    storeTokens({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(readStoredSession()).toEqual({
      user: session.user,
      tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' },
    });
    expect(Cookies.get('jwt')).toBe('access-2');
  });

  it('treats missing, partial or malformed storage as no session', () => {
    expect(readStoredSession()).toBeNull();
    window.localStorage.setItem('user', JSON.stringify(session.user));
    expect(readStoredSession()).toBeNull();
    window.localStorage.setItem('auth', '{not json');
    expect(readStoredSession()).toBeNull();
    window.localStorage.setItem('auth', JSON.stringify({ accessToken: 1 }));
    expect(readStoredSession()).toBeNull();
  });

  it('clears everything on logout', () => {
    storeSession(session);
    clearStoredSession();
    expect(readStoredSession()).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(Cookies.get('jwt')).toBeUndefined();
  });

  it('saves and clears at once, before the code that reads it back has loaded', () => {
    // A reload right after logging in must find the session already stored.
    sessionStoreOnDemand.save(session);
    expect(readStoredSession()).toEqual(session);
    sessionStoreOnDemand.saveTokens({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(Cookies.get('jwt')).toBe('access-2');
    sessionStoreOnDemand.clear();
    expect(readStoredSession()).toBeNull();
    expect(sessionStoreOnDemand.read()).toBeNull();
  });
});

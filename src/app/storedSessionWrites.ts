/**
 * Writing the stored session (SPEC 3): plain storage and cookie writes, loaded with the app so
 * that a save is done when it returns (a reload right after logging in keeps the session).
 * Reading it back needs the schemas, which load on demand (storedSession.ts).
 */
import Cookies from 'js-cookie';
import type { Tokens } from '../api/contract.ts';
import type { StoredSession } from '../machines/authSession.machine.ts';
import { AUTH_KEY, USER_KEY } from './storedSessionKeys.ts';

/** SPEC 3 and 9: the `jwt` cookie of a login lives 30 days. */
const JWT_COOKIE = 'jwt';
const JWT_COOKIE_DAYS = 30;

export function storeTokens(tokens: Tokens): void {
  window.localStorage.setItem(AUTH_KEY, JSON.stringify(tokens));
  Cookies.set(JWT_COOKIE, tokens.accessToken, {
    expires: JWT_COOKIE_DAYS,
    path: '/',
    sameSite: 'Strict',
    secure: window.location.protocol === 'https:',
  });
}

export function storeSession({ user, tokens }: StoredSession): void {
  window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  storeTokens(tokens);
}

export function clearStoredSession(): void {
  window.localStorage.removeItem(USER_KEY);
  window.localStorage.removeItem(AUTH_KEY);
  Cookies.remove(JWT_COOKIE, { path: '/' });
}

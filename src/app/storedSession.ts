import Cookies from 'js-cookie';
import type * as z from 'zod/mini';
import { storedUserSchema, tokensSchema } from '../api/contract.ts';
import type { Tokens } from '../api/contract.ts';
import type { StoredSession } from '../machines/authSession.machine.ts';
import { AUTH_KEY, USER_KEY } from './storedSessionKeys.ts';

/** SPEC 3 and 9: the `jwt` cookie of a login lives 30 days. */
const JWT_COOKIE = 'jwt';
const JWT_COOKIE_DAYS = 30;

function readJson<T>(key: string, schema: z.ZodMiniType<T>): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage can be disabled or hold garbage from an older version: treat it as no session.
    return null;
  }
}

export function readStoredSession(): StoredSession | null {
  const user = readJson(USER_KEY, storedUserSchema);
  const tokens = readJson(AUTH_KEY, tokensSchema);
  return user && tokens ? { user, tokens } : null;
}

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

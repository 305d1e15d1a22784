/**
 * The stored session's reading code (its schemas: zod) loads only in a browser that holds a
 * session: a first visit to a public page has none (issue 15). The browser's storage is asked
 * synchronously whether anything is stored; what is stored is read by storedSession.ts. Writes
 * need no schema and happen at once (storedSessionWrites.ts).
 */
import type { SessionStore } from './effects.tsx';
import type * as StoredSessionExports from './storedSession.ts';
import { SESSION_STORAGE_KEYS } from './storedSessionKeys.ts';
import { clearStoredSession, storeSession, storeTokens } from './storedSessionWrites.ts';

type StoredSessionModule = typeof StoredSessionExports;

let storedSession: StoredSessionModule | undefined;
const loadStoredSession = () =>
  import('./storedSession.ts').then((module) => (storedSession = module));

/** Whether the browser's storage holds (a part of) a session; garbage counts too. */
export function holdsStoredSession(): boolean {
  try {
    return SESSION_STORAGE_KEYS.some((key) => window.localStorage.getItem(key) !== null);
  } catch {
    // Storage can be disabled: then nothing is stored.
    return false;
  }
}

/** Before the first render of a browser that holds a session: `read` needs the code then. */
export async function preloadStoredSession(): Promise<void> {
  if (holdsStoredSession()) await loadStoredSession();
}

export const sessionStoreOnDemand: SessionStore = {
  read: () => storedSession?.readStoredSession() ?? null,
  save: storeSession,
  saveTokens: storeTokens,
  clear: clearStoredSession,
};

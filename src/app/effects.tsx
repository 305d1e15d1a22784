/**
 * Everything a container does to the world outside its machine, injected from one provider
 * (ARCHITECTURE.md "Pure views, concretely"): the API, cookies, the clock, toasts and the stored
 * session, and the error log. The app provides the browser's (browserEffects.ts); tests provide fakes and render the
 * very containers that ship. Navigation is wouter's: tests give the router a memory location.
 */
import type Cookies from 'js-cookie';
import { createContext, useContext, type ReactNode } from 'react';
import type { Api } from '../api/api.ts';
import type { StoredSession } from '../machines/authSession.machine.ts';
import type { Tokens } from '../api/contract.ts';

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, attributes?: Cookies.CookieAttributes): void;
}

/**
 * A toast's `source`: the form it reports on. A new submit of that form dismisses its earlier
 * toasts (issue 29), so an old success never stands beside a new failure.
 */
export interface NoticeOptions {
  source?: string;
}

/** Toasts (SPEC 2: 10 s); a sticky one stays until dismissed (SPEC 8 "Generic"). */
export interface Notify {
  success(text: string, options?: NoticeOptions): void;
  info(text: string, options?: NoticeOptions): void;
  warning(text: string, options?: NoticeOptions): void;
  error(text: string, options?: NoticeOptions & { sticky?: boolean }): void;
  /** Closes the toasts of `source` still shown. */
  dismiss(source: string): void;
}

/** SPEC 3: the stored user and auth, read once at start and kept in step with the session. */
export interface SessionStore {
  read(): StoredSession | null;
  save(session: StoredSession): void;
  saveTokens(tokens: Tokens): void;
  clear(): void;
}

export interface Effects {
  api: Api;
  cookies: CookieJar;
  now(): Date;
  notify: Notify;
  /** For failures only developers need to know of (SPEC 8 "Other": the page goes on without). */
  logError(message: string, error: unknown): void;
  sessionStore: SessionStore;
  /** Whether the page was loaded over https (cookies are `Secure` then). */
  secureContext: boolean;
}

const EffectsContext = createContext<Effects | null>(null);

export function EffectsProvider({ effects, children }: { effects: Effects; children: ReactNode }) {
  return <EffectsContext value={effects}>{children}</EffectsContext>;
}

export function useEffects(): Effects {
  const effects = useContext(EffectsContext);
  if (!effects) throw new Error('useEffects needs an EffectsProvider');
  return effects;
}

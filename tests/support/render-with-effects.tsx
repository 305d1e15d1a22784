/**
 * Renders a container that ships, inside the providers the app gives it, with fake effects
 * (src/app/effects.tsx): a fake API whose unfaked calls fail loudly, a cookie jar, a clock, a
 * recording notify and error log, an in-memory stored session and a memory location for wouter's router.
 *
 *   const logIn = fakePromiseActor<AuthResponse, LoginRequest>();
 *   const app = renderWithEffects(<LoginContainer robotCheck={ALTCHA} />, {
 *     api: { users: { login: logIn.fn } },
 *   });
 *   await logIn.resolve(response);
 *   expect(app.location()).toBe('/');
 */
import { render } from '@testing-library/react';
import type Cookies from 'js-cookie';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Api } from '../../src/api/api.ts';
import type { SiteConfig, Tokens } from '../../src/api/contract.ts';
import { EffectsProvider, type Effects, type Notify } from '../../src/app/effects.tsx';
import { createSessionBridge, SessionProvider } from '../../src/app/session.tsx';
import { SiteConfigContext } from '../../src/app/siteConfig.ts';
import type { StoredSession } from '../../src/machines/authSession.machine.ts';

export const TEST_SITE_CONFIG: SiteConfig = {
  apiBaseUrl: '/api/v1',
  publicUrl: 'http://localhost:3000',
  brand: 'Dentalia',
  robotCheck: { provider: 'altcha', challengeUrl: '/api/v1/captcha/challenge' },
  campaigns: { courses: 'Courses', catalogs: 'Catalogs' },
};

/** The calls a test fakes; any other call fails the test with its name. */
export type FakeApi = { [Resource in keyof Api]?: Partial<Api[Resource]> };

export interface Notice {
  tone: keyof Notify;
  text: string;
  sticky?: boolean;
}

export interface LoggedError {
  message: string;
  error: unknown;
}

export interface StoredCookie {
  value: string;
  attributes: Cookies.CookieAttributes | undefined;
}

export interface EffectsOptions {
  api?: FakeApi;
  /** Where the memory location starts. */
  path?: string;
  /** A static location records navigation but stays where it is. */
  staticLocation?: boolean;
  cookies?: Record<string, string>;
  session?: StoredSession | null;
  now?: () => Date;
  config?: SiteConfig;
  secureContext?: boolean;
}

function fakeApi(faked: FakeApi): Api {
  const resource = (name: string) =>
    new Proxy(
      {},
      {
        get: (_, call: string) => {
          const fake = (faked as Record<string, Record<string, unknown> | undefined>)[name]?.[call];
          if (fake) return fake;
          return () => {
            const message = `API call ${name}.${call} is not faked in this test`;
            console.error(message);
            throw new Error(message);
          };
        },
      },
    );
  return new Proxy({}, { get: (_, name: string) => resource(name) }) as Api;
}

export function renderWithEffects(ui: ReactNode, options: EffectsOptions = {}) {
  const location = memoryLocation({
    path: options.path ?? '/',
    record: true,
    static: options.staticLocation ?? false,
  });
  const notices: Notice[] = [];
  const loggedErrors: LoggedError[] = [];
  const cookies = new Map<string, StoredCookie>(
    Object.entries(options.cookies ?? {}).map(([name, value]) => [
      name,
      { value, attributes: undefined },
    ]),
  );
  const stored: { session: StoredSession | null } = { session: options.session ?? null };
  // `notices` are the toasts on screen: a dismissed one leaves it.
  const sources = new Map<Notice, string>();
  const record =
    (tone: Notice['tone']) => (text: string, extra?: { sticky?: boolean; source?: string }) => {
      const notice: Notice = extra?.sticky ? { tone, text, sticky: true } : { tone, text };
      notices.push(notice);
      if (extra?.source !== undefined) sources.set(notice, extra.source);
    };
  const effects: Effects = {
    api: fakeApi(options.api ?? {}),
    cookies: {
      get: (name) => cookies.get(name)?.value,
      set: (name, value, attributes) => {
        cookies.set(name, { value, attributes });
      },
    },
    now: options.now ?? (() => new Date()),
    notify: {
      success: record('success'),
      info: record('info'),
      warning: record('warning'),
      error: record('error'),
      dismiss: (source) => {
        const kept = notices.filter((notice) => sources.get(notice) !== source);
        notices.splice(0, notices.length, ...kept);
      },
    },
    logError: (message, error) => {
      loggedErrors.push({ message, error });
    },
    sessionStore: {
      read: () => stored.session,
      save: (session) => {
        stored.session = session;
      },
      saveTokens: (tokens: Tokens) => {
        if (stored.session) stored.session = { ...stored.session, tokens };
      },
      clear: () => {
        stored.session = null;
      },
    },
    secureContext: options.secureContext ?? false,
  };
  // The API client's side of the session, connected as the app connects it.
  const sessionBridge = createSessionBridge();
  const view = render(
    <SiteConfigContext value={options.config ?? TEST_SITE_CONFIG}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <EffectsProvider effects={effects}>
          <SessionProvider bridge={sessionBridge}>{ui}</SessionProvider>
        </EffectsProvider>
      </Router>
    </SiteConfigContext>,
  );
  return {
    ...view,
    /** Every path the router was sent to, the first one included. */
    history: location.history,
    location: () => location.history.at(-1),
    notices,
    /** What the container logged for developers, in order. */
    loggedErrors,
    cookies,
    storedSession: () => stored.session,
    /** What the API client reads of the session and reports to it (refreshed tokens, expiry). */
    sessionBridge,
  };
}

/**
 * The auth session (SPEC 3, 4 "Auth"): the one long-lived actor at the app root. The container reads
 * the stored session into the input and provides the effects: browser storage and the `jwt` cookie
 * (persistSession, persistTokens, clearSession), the warning toast (notifyExpired), navigation
 * (redirectToLogin) and the revoke call (revokeToken).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AuthResponse, StoredUser, Tokens } from '../api/contract.ts';
import { authMessages } from '../messages/auth.ts';

export interface StoredSession {
  user: StoredUser;
  tokens: Tokens;
}

export type AuthSessionInput = StoredSession | null;

export interface AuthSessionContext {
  user: StoredUser | null;
  tokens: Tokens | null;
}

export type AuthSessionEvent =
  /** From the login form or a completed registration. */
  | { type: 'LOGIN'; response: AuthResponse }
  /** From the API client after a successful refresh. */
  | { type: 'TOKENS_REFRESHED'; tokens: Tokens }
  | { type: 'LOGOUT' }
  /** From the API client when the refresh failed: the forced logout. */
  | { type: 'AUTH_EXPIRED' };

/** SPEC 6: an employee check is true for employees and administrators. */
export function hasEmployeeRole(user: StoredUser | null): boolean {
  return !!user && (user.roles.includes('employee') || user.roles.includes('administrator'));
}

export function hasAdministratorRole(user: StoredUser | null): boolean {
  return !!user && user.roles.includes('administrator');
}

export function sessionFromAuthResponse(response: AuthResponse): StoredSession {
  const { accessToken, refreshToken, ...user } = response;
  return { user, tokens: { accessToken, refreshToken } };
}

export const authSessionMachine = setup({
  types: {
    input: {} as AuthSessionInput,
    context: {} as AuthSessionContext,
    events: {} as AuthSessionEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container always provides revokeToken
  actors: {
    revokeToken: fromPromise<unknown, { refreshToken: string }>(() =>
      Promise.reject(new Error('revokeToken is provided by the container')),
    ),
  },
  actions: {
    // The container provides the effects; these defaults keep the machine runnable alone.
    persistSession: (_, _session: StoredSession) => undefined,
    persistTokens: (_, _tokens: Tokens) => undefined,
    clearSession: () => undefined,
    notifyExpired: (_, _notice: { message: string }) => undefined,
    redirectToLogin: () => undefined,
    rememberSession: assign((_, session: StoredSession) => session),
    forgetSession: assign({ user: null, tokens: null }),
  },
  guards: {
    // Stryker disable next-line LogicalOperator,ConditionalExpression: a session is stored whole (input is StoredSession or null), so user and tokens are null together.
    hasStoredSession: ({ context }) => context.user !== null && context.tokens !== null,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'authSession',
  context: ({ input }) => ({ user: input?.user ?? null, tokens: input?.tokens ?? null }),
  initial: 'restoring',
  on: {
    // From any state: a completed registration may replace a session, and a login may follow a
    // logout whose revoke call is still running.
    LOGIN: {
      target: '.loggedIn',
      actions: [
        { type: 'rememberSession', params: ({ event }) => sessionFromAuthResponse(event.response) },
        { type: 'persistSession', params: ({ event }) => sessionFromAuthResponse(event.response) },
      ],
    },
  },
  states: {
    restoring: {
      always: [{ guard: 'hasStoredSession', target: 'loggedIn' }, { target: 'loggedOut' }],
    },
    loggedOut: {},
    loggedIn: {
      on: {
        TOKENS_REFRESHED: {
          actions: [
            assign({ tokens: ({ event }) => event.tokens }),
            { type: 'persistTokens', params: ({ event }) => event.tokens },
          ],
        },
        LOGOUT: 'loggingOut',
        AUTH_EXPIRED: {
          target: 'loggedOut',
          actions: [
            'clearSession',
            'forgetSession',
            { type: 'notifyExpired', params: { message: authMessages.expired } },
            'redirectToLogin',
          ],
        },
      },
    },
    loggingOut: {
      invoke: {
        id: 'revokeToken',
        src: 'revokeToken',
        // Only loggedIn leads here, so the tokens are there; `?? ''` just satisfies the type.
        // Stryker disable next-line OptionalChaining,StringLiteral: the tokens are never null here.
        input: ({ context }) => ({ refreshToken: context.tokens?.refreshToken ?? '' }),
        // SPEC 4: logging out clears the session even when the server could not revoke the token.
        onDone: { target: 'loggedOut', actions: ['clearSession', 'forgetSession'] },
        onError: { target: 'loggedOut', actions: ['clearSession', 'forgetSession'] },
      },
    },
  },
});

type AuthSessionSnapshot = SnapshotFrom<typeof authSessionMachine>;

/** The user counts as logged out from the moment the logout starts, even while the revoke runs. */
export const selectIsLoggedIn = (snapshot: AuthSessionSnapshot) => snapshot.matches('loggedIn');
export const selectUser = (snapshot: AuthSessionSnapshot) =>
  selectIsLoggedIn(snapshot) ? snapshot.context.user : null;
/** Kept until the session is cleared, so calls already running during a logout still authenticate. */
export const selectTokens = (snapshot: AuthSessionSnapshot) => snapshot.context.tokens;
export const selectIsEmployee = (snapshot: AuthSessionSnapshot) =>
  hasEmployeeRole(selectUser(snapshot));
export const selectIsAdministrator = (snapshot: AuthSessionSnapshot) =>
  hasAdministratorRole(selectUser(snapshot));

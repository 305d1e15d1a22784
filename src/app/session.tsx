import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { SessionBridge } from '../api/client.ts';
import {
  authSessionMachine,
  selectIsAdministrator,
  selectIsEmployee,
  selectIsLoggedIn,
  selectUser,
} from '../machines/authSession.machine.ts';
import { routes } from '../routes.ts';
import { useEffects } from './effects.tsx';
import { useInspect } from './inspector.tsx';

type AuthSessionRef = ActorRefFrom<typeof authSessionMachine>;

const SessionContext = createContext<AuthSessionRef | null>(null);

/**
 * How the API client reaches the auth session without globals: the client is made before the
 * session actor (the session revokes tokens through it), so the bridge is connected once both exist.
 */
export function createSessionBridge(): SessionBridge & { connect(session: AuthSessionRef): void } {
  let session: AuthSessionRef | null = null;
  return {
    connect: (ref) => {
      session = ref;
    },
    // Stryker disable next-line OptionalChaining: the API client calls the bridge only for requests, made by what SessionProvider renders, which connects it first
    getTokens: () => session?.getSnapshot().context.tokens ?? null,
    // Stryker disable next-line OptionalChaining: the API client calls the bridge only for requests, made by what SessionProvider renders, which connects it first
    onTokensRefreshed: (tokens) => session?.send({ type: 'TOKENS_REFRESHED', tokens }),
    // Stryker disable next-line OptionalChaining: the API client calls the bridge only for requests, made by what SessionProvider renders, which connects it first
    onAuthExpired: () => session?.send({ type: 'AUTH_EXPIRED' }),
  };
}

interface SessionProviderProps {
  /** The API client's side of the session; tests with a fake API need none. */
  bridge?: ReturnType<typeof createSessionBridge>;
  children: ReactNode;
}

/** The auth session is one long-lived actor at the root (ARCHITECTURE.md). */
export function SessionProvider({ bridge, children }: SessionProviderProps) {
  const { api, notify, sessionStore } = useEffects();
  const [, navigate] = useLocation();
  const session = useActorRef(
    authSessionMachine.provide({
      actors: {
        revokeToken: fromPromise<unknown, { refreshToken: string }>(({ input }) =>
          api.users.revokeToken(input),
        ),
      },
      actions: {
        persistSession: (_, stored) => sessionStore.save(stored),
        persistTokens: (_, tokens) => sessionStore.saveTokens(tokens),
        clearSession: () => sessionStore.clear(),
        notifyExpired: (_, { message }) => notify.warning(message),
        redirectToLogin: () => navigate(routes.login.href()),
      },
    }),
    { input: sessionStore.read(), inspect: useInspect() },
  );
  // Stryker disable next-line OptionalChaining: every SessionProvider (App, the tests' renderWithEffects) is given a bridge
  bridge?.connect(session);
  return <SessionContext value={session}>{children}</SessionContext>;
}

/** What containers need of the session: who is logged in and how to change it. */
export function useSession() {
  const session = useContext(SessionContext);
  // Stryker disable next-line StringLiteral: a developer's message; neither the app nor a test renders a container outside the provider
  if (!session) throw new Error('useSession needs a SessionProvider');
  return {
    user: useSelector(session, selectUser),
    isLoggedIn: useSelector(session, selectIsLoggedIn),
    isEmployee: useSelector(session, selectIsEmployee),
    isAdministrator: useSelector(session, selectIsAdministrator),
    send: session.send,
  };
}

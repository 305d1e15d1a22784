import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { toast } from 'react-toastify/unstyled';
import { navigate } from 'wouter/use-browser-location';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { createApiClient, type ApiClient } from '../api/client.ts';
import type { SiteConfig } from '../api/contract.ts';
import {
  authSessionMachine,
  selectIsAdministrator,
  selectIsEmployee,
  selectIsLoggedIn,
  selectUser,
} from '../machines/authSession.machine.ts';
import { useInspect } from './inspector.tsx';
import {
  clearStoredSession,
  readStoredSession,
  storeSession,
  storeTokens,
} from './storedSession.ts';

type AuthSessionRef = ActorRefFrom<typeof authSessionMachine>;

interface SessionValue {
  session: AuthSessionRef;
  api: ApiClient;
}

const SessionContext = createContext<SessionValue | null>(null);

/**
 * The auth session is one long-lived actor at the root (ARCHITECTURE.md). The API client reaches
 * it through a bridge (tokens in, refreshed tokens and expiry out), never through globals.
 */
export function SessionProvider({ config, children }: { config: SiteConfig; children: ReactNode }) {
  const inspect = useInspect();
  const [apiHolder] = useState<{ api?: ApiClient }>({});
  const session = useActorRef(
    authSessionMachine.provide({
      actors: {
        revokeToken: fromPromise(({ input }: { input: { refreshToken: string } }) =>
          requireApi(apiHolder.api).post('/users/revoke-token', input),
        ),
      },
      actions: {
        persistSession: (_, stored) => storeSession(stored),
        persistTokens: (_, tokens) => storeTokens(tokens),
        clearSession: () => clearStoredSession(),
        notifyExpired: (_, { message }) => {
          toast.warning(message);
        },
        redirectToLogin: () => navigate('/login'),
      },
    }),
    { input: readStoredSession(), inspect },
  );
  apiHolder.api ??= createApiClient({
    baseURL: config.apiBaseUrl,
    session: {
      getTokens: () => session.getSnapshot().context.tokens,
      onTokensRefreshed: (tokens) => session.send({ type: 'TOKENS_REFRESHED', tokens }),
      onAuthExpired: () => session.send({ type: 'AUTH_EXPIRED' }),
    },
  });
  const value = { session, api: apiHolder.api };
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function requireApi(api: ApiClient | undefined): ApiClient {
  if (!api) throw new Error('The API client is created with the session');
  return api;
}

function useSessionValue(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider');
  return value;
}

/** The API client bound to the session, for the containers' injected actors. */
export function useApi(): ApiClient {
  return useSessionValue().api;
}

/** What containers need of the session: who is logged in and how to change it. */
export function useSession() {
  const { session } = useSessionValue();
  return {
    user: useSelector(session, selectUser),
    isLoggedIn: useSelector(session, selectIsLoggedIn),
    isEmployee: useSelector(session, selectIsEmployee),
    isAdministrator: useSelector(session, selectIsAdministrator),
    send: session.send,
  };
}

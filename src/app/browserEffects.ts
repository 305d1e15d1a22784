import Cookies from 'js-cookie';
import { createApi } from '../api/api.ts';
import { createApiClient, type SessionBridge } from '../api/client.ts';
import type { Effects } from './effects.tsx';
import {
  clearStoredSession,
  readStoredSession,
  storeSession,
  storeTokens,
} from './storedSession.ts';
import { toastNotify } from './toasts.tsx';

/** The effects of the running site: the one API client, js-cookie, the clock, react-toastify, the console. */
export function createBrowserEffects(apiBaseUrl: string, session: SessionBridge): Effects {
  return {
    api: createApi(createApiClient({ baseURL: apiBaseUrl, session })),
    cookies: {
      get: (name) => Cookies.get(name),
      set: (name, value, attributes) => {
        Cookies.set(name, value, attributes);
      },
    },
    now: () => new Date(),
    notify: toastNotify,
    logError: (message, error) => console.error(message, error),
    sessionStore: {
      read: readStoredSession,
      save: storeSession,
      saveTokens: storeTokens,
      clear: clearStoredSession,
    },
    secureContext: window.location.protocol === 'https:',
  };
}

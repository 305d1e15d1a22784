import Cookies from 'js-cookie';
import type { SessionBridge } from '../api/client.ts';
import { apiOnDemand } from './apiOnDemand.ts';
import type { Effects } from './effects.tsx';
import { sessionStoreOnDemand } from './sessionStoreOnDemand.ts';
import { notifyOnDemand } from './toastsOnDemand.tsx';

/**
 * The effects of the running site: the one API client, js-cookie, the clock, react-toastify, the
 * console. The API client, react-toastify and the stored session's code load on their first use.
 */
export function createBrowserEffects(apiBaseUrl: string, session: SessionBridge): Effects {
  return {
    api: apiOnDemand(apiBaseUrl, session),
    cookies: {
      get: (name) => Cookies.get(name),
      set: (name, value, attributes) => {
        Cookies.set(name, value, attributes);
      },
    },
    now: () => new Date(),
    notify: notifyOnDemand,
    logError: (message, error) => console.error(message, error),
    sessionStore: sessionStoreOnDemand,
    secureContext: window.location.protocol === 'https:',
  };
}

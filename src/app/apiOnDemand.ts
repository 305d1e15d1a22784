/**
 * The API client and the schemas it parses answers with (ofetch, zod) load with the first call,
 * not with the app: a first visit to a public page makes none (issue 15). Every method of the
 * API is asynchronous, so waiting for the code first changes nothing for its callers.
 */
import type { Api } from '../api/api.ts';
import type { SessionBridge } from '../api/client.ts';

type Method = (...args: unknown[]) => Promise<unknown>;

/**
 * The API itself, as long as every one of its methods answers a promise, and `never` otherwise:
 * a synchronous method (a returned stop function, say) would get a promise from the proxy below,
 * so the build fails instead of the call.
 */
type EveryMethodAsynchronous = Api extends {
  [Resource in keyof Api]: Record<keyof Api[Resource], (...args: never[]) => Promise<unknown>>;
}
  ? Api
  : never;

export function apiOnDemand(baseURL: string, session: SessionBridge): EveryMethodAsynchronous {
  let loaded: Promise<Api> | undefined;
  const load = () => {
    loaded ??= Promise.all([import('../api/api.ts'), import('../api/client.ts')]).then(
      ([{ createApi }, { createApiClient }]) => createApi(createApiClient({ baseURL, session })),
      (error: unknown) => {
        // A failed load (the network) is tried again by the next call.
        loaded = undefined;
        throw error;
      },
    );
    return loaded;
  };
  const resource = (name: string) =>
    new Proxy(
      {},
      {
        get:
          (_, method: string) =>
          async (...args: unknown[]) => {
            const api = (await load()) as unknown as Record<string, Record<string, Method>>;
            const call = api[name]?.[method];
            if (!call) throw new TypeError(`The API has no ${name}.${method}`);
            return call(...args);
          },
      },
    );
  return new Proxy({} as Api, { get: (_, name: string) => resource(name) });
}

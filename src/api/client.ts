/**
 * The one HTTP client of the SPA (ARCHITECTURE.md "Layout": src/api/client.ts).
 * Bearer header from the auth session; on a 401 it refreshes the tokens once and
 * retries; refresh and revoke are exempt; every failure becomes an ApiError.
 */
import { FetchError, createFetch } from 'ofetch';
import type { $Fetch, FetchOptions } from 'ofetch';
import type { Tokens } from './contract.ts';
import { INVALID_REFRESH_TOKEN, refreshResponseSchema } from './contract.ts';
import { ApiError, AuthExpiredError, AuthInvalidError, isErrorBody } from './errors.ts';

/** How the client reaches the auth session without globals. */
export interface SessionBridge {
  getTokens(): Tokens | null;
  onTokensRefreshed(tokens: Tokens): void;
  onAuthExpired(): void;
}

export interface ApiClientOptions {
  baseURL: string;
  session: SessionBridge;
  fetch?: typeof globalThis.fetch;
}

/** A schema the answer is parsed with (any zod or zod/mini schema). */
interface Parser<T> {
  parse(value: unknown): T;
}

const REFRESH_PATH = '/users/refresh-token';
const REVOKE_PATH = '/users/revoke-token';
const EXEMPT_FROM_RETRY = new Set([REFRESH_PATH, REVOKE_PATH]);

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient({ baseURL, session, fetch }: ApiClientOptions) {
  const $fetch: $Fetch = createFetch({ fetch: fetch ?? globalThis.fetch.bind(globalThis) }).create({
    baseURL,
    retry: 0,
  });
  let refreshing: Promise<Tokens> | null = null;

  function withBearer(options: FetchOptions, tokens: Tokens | null): FetchOptions {
    const headers = new Headers(options.headers);
    if (tokens) headers.set('Authorization', `Bearer ${tokens.accessToken}`);
    return { ...options, headers };
  }

  async function send<T>(path: string, options: FetchOptions): Promise<T> {
    try {
      return (await $fetch(path, withBearer(options, session.getTokens()))) as T;
    } catch (error) {
      throw toApiError(error);
    }
  }

  async function sendForStatus(path: string, options: FetchOptions): Promise<number> {
    try {
      return (await $fetch.raw(path, withBearer(options, session.getTokens()))).status;
    } catch (error) {
      throw toApiError(error);
    }
  }

  /** One refresh at a time: parallel 401s wait for the same new tokens. */
  function refreshTokens(): Promise<Tokens> {
    refreshing ??= (async () => {
      const current = session.getTokens();
      try {
        if (!current) throw new AuthExpiredError();
        const answer = await send<unknown>(REFRESH_PATH, {
          method: 'POST',
          body: { refreshToken: current.refreshToken },
        });
        const tokens = refreshResponseSchema.parse(answer);
        session.onTokensRefreshed(tokens);
        return tokens;
      } catch (cause) {
        session.onAuthExpired();
        throw cause instanceof AuthExpiredError ? cause : new AuthExpiredError({ cause });
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  /** Runs a request; on a 401 refreshes the tokens once and runs it again. */
  async function withOneRefresh<T>(path: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const retryable =
        error instanceof ApiError &&
        error.status === 401 &&
        !EXEMPT_FROM_RETRY.has(path) &&
        session.getTokens() !== null;
      if (!retryable) throw error;
      await refreshTokens();
      return request();
    }
  }

  async function json<T>(path: string, options: FetchOptions, schema?: Parser<T>): Promise<T> {
    const answer = await withOneRefresh(path, () => send<unknown>(path, options));
    return schema ? schema.parse(answer) : (answer as T);
  }

  return {
    // Stryker disable next-line ObjectLiteral,StringLiteral: GET is ofetch's default method.
    get: <T>(path: string, schema?: Parser<T>) => json(path, { method: 'GET' }, schema),
    post: <T>(path: string, body?: unknown, schema?: Parser<T>) =>
      json(path, { method: 'POST', body: body as FetchOptions['body'] }, schema),
    /** POST whose answer has no body worth reading: resolves to the status. */
    postForStatus: (path: string, body?: unknown) =>
      withOneRefresh(path, () =>
        sendForStatus(path, { method: 'POST', body: body as FetchOptions['body'] }),
      ),
    patch: <T>(path: string, body: unknown, schema?: Parser<T>) =>
      json(
        path,
        {
          method: 'PATCH',
          body: JSON.stringify(body),
          headers: { 'Content-Type': 'application/merge-patch+json' },
        },
        schema,
      ),
    put: <T>(path: string, body: unknown, schema?: Parser<T>) =>
      json(path, { method: 'PUT', body: body as FetchOptions['body'] }, schema),
    delete: <T>(path: string, body?: unknown, schema?: Parser<T>) =>
      json(path, { method: 'DELETE', body: body as FetchOptions['body'] }, schema),
    postMultipart: <T>(path: string, form: FormData, schema?: Parser<T>) =>
      json(path, { method: 'POST', body: form }, schema),
    /**
     * The Authorization header for requests another library sends (the tus video uploads):
     * after a 401 it asks with `refresh` and gets the header of new tokens (one refresh shared
     * with the client's own calls). null when logged out.
     */
    async authorization(refresh = false): Promise<string | null> {
      if (refresh) await refreshTokens();
      const tokens = session.getTokens();
      return tokens ? `Bearer ${tokens.accessToken}` : null;
    },
  };
}

function toApiError(error: unknown): unknown {
  if (!(error instanceof FetchError) || error.status === undefined) return error;
  const body = isErrorBody(error.data) ? error.data : null;
  return body?.errors && Array.isArray(body.errors) && body.errors[0] === INVALID_REFRESH_TOKEN
    ? new AuthInvalidError(error.status, body)
    : new ApiError(error.status, body);
}

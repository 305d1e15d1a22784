import { describe, expect, it, vi } from 'vitest';
import type { Tokens } from './contract.ts';
import { createApiClient } from './client.ts';
import type { SessionBridge } from './client.ts';
import { INVALID_REFRESH_TOKEN } from './contract.ts';
import { ApiError, AuthExpiredError, AuthInvalidError } from './errors.ts';

type Handler = (request: Request) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fake server: records every request and answers with the handler. */
function setup(
  handler: Handler,
  initial: Tokens | null = { accessToken: 'a1', refreshToken: 'r1' },
) {
  const requests: Request[] = [];
  let tokens = initial;
  const session: SessionBridge & { expired: number } = {
    expired: 0,
    getTokens: () => tokens,
    onTokensRefreshed: (next) => {
      tokens = next;
    },
    onAuthExpired() {
      this.expired += 1;
      tokens = null;
    },
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    return handler(request);
  });
  const api = createApiClient({ baseURL: 'http://test/api/v1', session, fetch });
  return { api, requests, session, tokens: () => tokens };
}

const bearer = (request: Request | undefined) => request?.headers.get('Authorization');

describe('api client', () => {
  it('sends the bearer token of the session', async () => {
    const { api, requests } = setup(() => json(200, { ok: true }));
    await expect(api.get('/things')).resolves.toEqual({ ok: true });
    expect(requests[0]?.url).toBe('http://test/api/v1/things');
    expect(bearer(requests[0])).toBe('Bearer a1');
  });

  it('sends no authorization header when logged out', async () => {
    const { api, requests } = setup(() => json(200, []), null);
    await api.get('/things');
    expect(bearer(requests[0])).toBeNull();
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    const { api, requests, tokens } = setup(async (request) => {
      if (request.url.endsWith('/users/refresh-token')) {
        expect(await request.json()).toEqual({ refreshToken: 'r1' });
        return json(200, { accessToken: 'a2', refreshToken: 'r2' });
      }
      return bearer(request) === 'Bearer a2' ? json(200, { ok: 2 }) : json(401, { errors: ['x'] });
    });
    await expect(api.get('/things')).resolves.toEqual({ ok: 2 });
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/api/v1/things',
      '/api/v1/users/refresh-token',
      '/api/v1/things',
    ]);
    expect(tokens()).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
  });

  it('shares one refresh between parallel 401s', async () => {
    const { api, requests } = setup((request) => {
      if (request.url.endsWith('/users/refresh-token')) {
        return json(200, { accessToken: 'a2', refreshToken: 'r2' });
      }
      return bearer(request) === 'Bearer a2' ? json(200, 1) : json(401, { errors: ['x'] });
    });
    await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(requests.filter((r) => r.url.endsWith('/refresh-token'))).toHaveLength(1);
  });

  it('fails with Auth expired. and ends the session when the refresh fails', async () => {
    const { api, session } = setup((request) =>
      request.url.endsWith('/users/refresh-token')
        ? json(401, { errors: [INVALID_REFRESH_TOKEN] })
        : json(401, { errors: ['Unauthorized'] }),
    );
    const failure = api.get('/things');
    await expect(failure).rejects.toBeInstanceOf(AuthExpiredError);
    await expect(failure).rejects.toThrow('Auth expired.');
    expect(session.expired).toBe(1);
  });

  it('does not retry the revoke call and raises the auth-invalid error', async () => {
    const { api, requests } = setup(() => json(401, { errors: [INVALID_REFRESH_TOKEN] }));
    const failure = api.post('/users/revoke-token', { refreshToken: 'r1' });
    await expect(failure).rejects.toBeInstanceOf(AuthInvalidError);
    expect(requests).toHaveLength(1);
  });

  it('does not refresh a 401 when nobody is logged in', async () => {
    const { api, requests } = setup(() => json(401, { errors: ['Invalid credentials.'] }), null);
    await expect(api.post('/users/login', {})).rejects.toMatchObject({
      status: 401,
      firstMessage: 'Invalid credentials.',
    });
    expect(requests).toHaveLength(1);
  });

  it('normalises both error shapes', async () => {
    const { api } = setup((request) =>
      request.url.endsWith('/domain')
        ? json(409, { errors: ['Taken.'] })
        : json(400, { errors: { Email: ['Bad e-mail.', 'Too short.'] } }),
    );
    const domain = await api.get('/domain').catch((e: unknown) => e);
    expect(domain).toBeInstanceOf(ApiError);
    expect(domain).toMatchObject({ status: 409, firstMessage: 'Taken.' });
    const validation = (await api.get('/validation').catch((e: unknown) => e)) as ApiError;
    expect(validation.firstMessage).toBe('Bad e-mail.');
    expect(validation.fieldMessages('Email')).toEqual(['Bad e-mail.', 'Too short.']);
  });

  it('keeps a non-JSON failure as an ApiError without a body', async () => {
    const { api } = setup(() => new Response('<html>oops</html>', { status: 502 }));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 502, body: null });
  });

  it('sends PATCH as merge-patch JSON', async () => {
    const { api, requests } = setup(() => new Response(null, { status: 204 }));
    await api.patch('/products/1', { isHighlighted: true });
    expect(requests[0]?.method).toBe('PATCH');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/merge-patch+json');
    expect(await requests[0]?.json()).toEqual({ isHighlighted: true });
  });

  it('returns the status of a POST whose answer is not read', async () => {
    const { api } = setup(() => new Response(null, { status: 202 }));
    await expect(api.postForStatus('/users/request-password-reset', {})).resolves.toBe(202);
  });

  it('parses answers with the given schema', async () => {
    const { api } = setup(() => json(200, { accessToken: 'x' }));
    const schema = { parse: (v: unknown) => (v as { accessToken: string }).accessToken };
    await expect(api.get('/t', schema)).resolves.toBe('x');
  });

  it('gives the bearer header to requests it does not send itself, refreshed on demand', async () => {
    const { api, requests, session } = setup(() =>
      json(200, { accessToken: 'a2', refreshToken: 'r2' }),
    );
    await expect(api.authorization()).resolves.toBe('Bearer a1');
    expect(requests).toEqual([]);
    await expect(api.authorization(true)).resolves.toBe('Bearer a2');
    expect(requests.map((request) => request.url)).toEqual([
      'http://test/api/v1/users/refresh-token',
    ]);
    expect(session.expired).toBe(0);
  });

  it('gives no bearer header when logged out', async () => {
    const { api } = setup(() => json(200, {}), null);
    await expect(api.authorization()).resolves.toBeNull();
  });
});

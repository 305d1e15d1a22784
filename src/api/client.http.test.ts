/**
 * The client's HTTP surface, call by call, against a fake `fetch`: method, path, headers and body
 * of each verb, what a refresh sends and when it gives up, and how each failure is classified.
 * The resource modules build on exactly this surface.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient, type SessionBridge } from './client.ts';
import { INVALID_REFRESH_TOKEN, type Tokens } from './contract.ts';
import {
  ApiError,
  AuthExpiredError,
  AuthInvalidError,
  firstErrorMessage,
  isErrorBody,
} from './errors.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Sent {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  body: string;
}

function fakeServer(
  answer: (sent: Sent) => Response | Promise<Response>,
  tokens: Tokens | null = { accessToken: 'a1', refreshToken: 'r1' },
) {
  const sent: Sent[] = [];
  const events: string[] = [];
  let current = tokens;
  const session: SessionBridge = {
    getTokens: () => current,
    onTokensRefreshed: (next) => {
      events.push(`refreshed ${next.accessToken}`);
      current = next;
    },
    onAuthExpired: () => {
      events.push('expired');
      current = null;
    },
  };
  const api = createApiClient({
    baseURL: 'http://test/api/v1',
    session,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const call: Sent = {
        method: request.method,
        path: new URL(request.url).pathname,
        authorization: request.headers.get('Authorization'),
        contentType: request.headers.get('Content-Type'),
        body: await request.text(),
      };
      sent.push(call);
      return answer(call);
    },
  });
  return { api, sent, events };
}

describe('api client requests', () => {
  it('sends each verb with its method, path and JSON body', async () => {
    const { api, sent } = fakeServer(() => json(200, { ok: true }));
    await api.post('/p', { a: 1 });
    await api.put('/u', { b: 2 });
    await api.delete('/d', { c: 3 });
    await api.postForStatus('/s', { d: 4 });
    expect(
      sent.map(({ method, path, contentType, body }) => [method, path, contentType, body]),
    ).toEqual([
      ['POST', '/api/v1/p', 'application/json', '{"a":1}'],
      ['PUT', '/api/v1/u', 'application/json', '{"b":2}'],
      ['DELETE', '/api/v1/d', 'application/json', '{"c":3}'],
      ['POST', '/api/v1/s', 'application/json', '{"d":4}'],
    ]);
  });

  it('sends a GET and a bodiless DELETE without a body', async () => {
    const { api, sent } = fakeServer(() => new Response(null, { status: 204 }));
    await api.get('/g');
    await api.delete('/courses/3');
    expect(sent.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['GET', '/api/v1/g', ''],
      ['DELETE', '/api/v1/courses/3', ''],
    ]);
  });

  it('sends multipart forms as the browser encodes them', async () => {
    const { api, sent } = fakeServer(() => json(201, { id: 1 }));
    const form = new FormData();
    form.append('Title', 'Endodoncija');
    await expect(api.postMultipart('/courses', form)).resolves.toEqual({ id: 1 });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent[0]?.body).toContain('name="Title"');
    expect(sent[0]?.body).toContain('Endodoncija');
  });

  it('parses the answer of every verb with the given schema', async () => {
    const { api } = fakeServer(() => json(200, { value: 'x' }));
    const schema = { parse: (v: unknown) => `parsed ${(v as { value: string }).value}` };
    await expect(api.post('/a', {}, schema)).resolves.toBe('parsed x');
    await expect(api.put('/a', {}, schema)).resolves.toBe('parsed x');
    await expect(api.patch('/a', {}, schema)).resolves.toBe('parsed x');
    await expect(api.delete('/a', undefined, schema)).resolves.toBe('parsed x');
    await expect(api.postMultipart('/a', new FormData(), schema)).resolves.toBe('parsed x');
  });

  it('fails with the schema error when an answer does not parse', async () => {
    const { api } = fakeServer(() => json(200, {}));
    const refusing = {
      parse: () => {
        throw new TypeError('not a course');
      },
    };
    await expect(api.get('/a', refusing)).rejects.toThrow('not a course');
  });
});

describe('api client refresh', () => {
  const expiredThenOk = (sent: Sent) => {
    if (sent.path.endsWith('/users/refresh-token'))
      return json(200, { accessToken: 'a2', refreshToken: 'r2' });
    return sent.authorization === 'Bearer a2'
      ? new Response(null, { status: 204 })
      : json(401, { errors: ['Unauthorized'] });
  };

  it('refreshes with the refresh token and no retry of its own, then retries once', async () => {
    const { api, sent, events } = fakeServer(expiredThenOk);
    await expect(api.postForStatus('/users/invite', { email: 'a@b.hr' })).resolves.toBe(204);
    expect(
      sent.map(({ method, path, authorization, body }) => [method, path, authorization, body]),
    ).toEqual([
      ['POST', '/api/v1/users/invite', 'Bearer a1', '{"email":"a@b.hr"}'],
      ['POST', '/api/v1/users/refresh-token', 'Bearer a1', '{"refreshToken":"r1"}'],
      ['POST', '/api/v1/users/invite', 'Bearer a2', '{"email":"a@b.hr"}'],
    ]);
    expect(events).toEqual(['refreshed a2']);
  });

  it('refreshes again for a later 401, once the first refresh is over', async () => {
    let accepted = 'a1';
    let issued = 1;
    const { api, sent } = fakeServer((call) => {
      if (call.path.endsWith('/refresh-token')) {
        issued += 1;
        accepted = `a${issued}`;
        return json(200, { accessToken: accepted, refreshToken: `r${issued}` });
      }
      return call.authorization === `Bearer ${accepted}`
        ? json(200, { ok: true })
        : json(401, { errors: ['Unauthorized'] });
    });
    accepted = 'expired';
    await api.get('/a');
    accepted = 'expired again';
    await api.get('/b');
    expect(sent.filter((call) => call.path.endsWith('/refresh-token'))).toHaveLength(2);
  });

  it('retries only once: a second 401 is the answer', async () => {
    const { api, sent } = fakeServer((call) =>
      call.path.endsWith('/refresh-token')
        ? json(200, { accessToken: 'a2', refreshToken: 'r2' })
        : json(401, { errors: ['Unauthorized'] }),
    );
    await expect(api.get('/x')).rejects.toMatchObject({ status: 401 });
    expect(sent.map((call) => call.path)).toEqual([
      '/api/v1/x',
      '/api/v1/users/refresh-token',
      '/api/v1/x',
    ]);
  });

  it('never refreshes for the refresh call itself', async () => {
    const { api, sent, events } = fakeServer(() => json(401, { errors: ['Unauthorized'] }));
    await expect(api.post('/users/refresh-token', { refreshToken: 'r1' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(sent).toHaveLength(1);
    expect(events).toEqual([]);
  });

  it.each([
    ['a refresh answer without tokens', () => json(200, { accessToken: 'a2' })],
    ['a failed refresh call', () => json(500, { errors: ['Boom.'] })],
  ])('ends the session on %s, keeping the cause', async (_, refreshAnswer) => {
    const { api, events } = fakeServer((call) =>
      call.path.endsWith('/refresh-token')
        ? refreshAnswer()
        : json(401, { errors: ['Unauthorized'] }),
    );
    const failure = (await api.get('/x').catch((e: unknown) => e)) as AuthExpiredError;
    expect(failure).toBeInstanceOf(AuthExpiredError);
    expect(failure.name).toBe('AuthExpiredError');
    expect(failure.cause).toBeDefined();
    expect(events).toEqual(['expired']);
  });

  it('ends the session without calling the server when the tokens are gone at the refresh', async () => {
    // The tokens are there for the request and the 401 check, gone when the refresh starts.
    const tokens = [
      { accessToken: 'a1', refreshToken: 'r1' },
      { accessToken: 'a1', refreshToken: 'r1' },
    ];
    const paths: string[] = [];
    let expired = 0;
    const api = createApiClient({
      baseURL: 'http://test/api/v1',
      session: {
        getTokens: () => tokens.shift() ?? null,
        onTokensRefreshed: () => undefined,
        onAuthExpired: () => (expired += 1),
      },
      fetch: async (input, init) => {
        paths.push(new URL(new Request(input, init).url).pathname);
        return json(401, { errors: ['Unauthorized'] });
      },
    });
    const failure = (await api.get('/x').catch((e: unknown) => e)) as AuthExpiredError;
    expect(failure).toBeInstanceOf(AuthExpiredError);
    expect(failure.cause).toBeUndefined();
    expect(paths).toEqual(['/api/v1/x']);
    expect(expired).toBe(1);
  });

  it('lets a network failure through as it is, without refreshing', async () => {
    const { api, sent } = fakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await api.get('/x').catch((e: unknown) => e);
    expect(failure).not.toBeInstanceOf(ApiError);
    expect(String(failure)).toContain('Failed to fetch');
    expect(sent).toHaveLength(1);
  });
});

describe('api errors', () => {
  it('classifies a refused refresh token only by the first message', async () => {
    const { api } = fakeServer(
      (call) =>
        call.path === '/api/v1/first'
          ? json(401, { errors: [INVALID_REFRESH_TOKEN, 'x'] })
          : json(401, { errors: ['x', INVALID_REFRESH_TOKEN] }),
      null,
    );
    const first = await api.get('/first').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(AuthInvalidError);
    expect(first).toMatchObject({ name: 'AuthInvalidError', status: 401 });
    const second = await api.get('/second').catch((e: unknown) => e);
    expect(second).not.toBeInstanceOf(AuthInvalidError);
    expect(second).toMatchObject({ name: 'ApiError', message: 'x' });
  });

  it('names the status when the body says nothing', () => {
    expect(new ApiError(503, null).message).toBe('HTTP 503');
    expect(new ApiError(400, { errors: { Email: ['Bad.'] } }).message).toBe('Bad.');
  });

  it('reads field messages only from a validation error', () => {
    const validation = new ApiError(400, { errors: { Email: ['Bad.'] } });
    expect(validation.fieldMessages('Email')).toEqual(['Bad.']);
    expect(validation.fieldMessages('Name')).toEqual([]);
    expect(new ApiError(409, { errors: ['Taken.'] }).fieldMessages('Email')).toEqual([]);
    expect(new ApiError(500, null).fieldMessages('Email')).toEqual([]);
  });

  it('reads the first message of either shape', () => {
    expect(firstErrorMessage({ errors: ['One.', 'Two.'] })).toBe('One.');
    expect(firstErrorMessage({ errors: { A: ['One.'], B: ['Two.'] } })).toBe('One.');
    expect(firstErrorMessage({ errors: { A: [] } })).toBeUndefined();
    expect(firstErrorMessage({ errors: [] })).toBeUndefined();
    expect(firstErrorMessage({ errors: {} })).toBeUndefined();
    expect(firstErrorMessage(null)).toBeUndefined();
    expect(firstErrorMessage(undefined)).toBeUndefined();
  });

  it.each([
    [{ errors: ['x'] }, true],
    [{ errors: [] }, true],
    [{ errors: { A: ['x'] } }, true],
    [{ errors: {} }, true],
    [{ errors: [1] }, false],
    [{ errors: { A: 'x' } }, false],
    [{ errors: { A: [1] } }, false],
    [{ errors: { A: ['x', 1] } }, false],
    [{ errors: 5 }, false],
    [{ errors: null }, false],
    [{ errors: 'x' }, false],
    [{ message: 'x' }, false],
    [null, false],
    ['errors', false],
  ])('isErrorBody(%j) is %s', (value, expected) => {
    expect(isErrorBody(value)).toBe(expected);
  });

  it('keeps a body that is not an error body out of the error', async () => {
    const { api } = fakeServer(() => json(500, { message: 'Internal Server Error' }));
    await expect(api.get('/x')).rejects.toMatchObject({
      status: 500,
      body: null,
      message: 'HTTP 500',
    });
  });
});

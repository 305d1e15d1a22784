import * as z from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError, OverloadedError, ValidationError } from '../../server/http/errors.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { useTempDir } from './support/temp-dir.ts';

const tempDir = useTempDir();
let testApp: TestApp;

/** Test-only routes, so the contract is checked through the real error handler. */
beforeEach(async () => {
  testApp = await createTestApp(tempDir());
  const api = testApp.app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/v1/test/invitations',
    {
      schema: {
        body: z.object({
          Email: z.email('Email is not a valid e-mail address.'),
          Roles: z.array(z.enum(['user', 'employee'])).min(1, 'Choose at least one role.'),
          Products: z
            .array(z.object({ Title: z.string().min(1, 'Title is required.') }))
            .optional(),
        }),
      },
    },
    async (request) => ({ email: request.body.Email }),
  );
  api.get('/api/v1/test/taken', async () => {
    throw new DomainError(409, 'User ana@example.com is already invited.');
  });
  api.get('/api/v1/test/overloaded', async () => {
    throw new OverloadedError();
  });
  api.get('/api/v1/test/staff-domain', async () => {
    throw ValidationError.field(
      'Email',
      "Email must belong to the domain 'dentalia.hr' for the selected role.",
    );
  });
  api.get('/api/v1/test/bug', async () => {
    throw new Error('SQLITE_CORRUPT at /srv/var/app.db');
  });
});

afterEach(() => testApp.close());

const postJson = (payload: string, contentType = 'application/json') =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/v1/test/invitations',
    headers: { 'content-type': contentType },
    payload,
  });

function expectJson(response: { headers: Record<string, unknown> }) {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
}

describe('the error contract', () => {
  it('answers a valid request normally', async () => {
    const response = await postJson(JSON.stringify({ Email: 'ana@example.com', Roles: ['user'] }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'ana@example.com' });
  });

  it('malformed JSON: 400 domain error', async () => {
    const response = await postJson('{"Email": ');
    expect(response.statusCode).toBe(400);
    expectJson(response);
    expect(response.json()).toEqual({ errors: ['The request body is not valid JSON.'] });
  });

  it('empty JSON body: 400 domain error', async () => {
    const response = await postJson('');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['The request body is not valid JSON.'] });
  });

  it('wrong content type: 415 domain error', async () => {
    const response = await postJson('<Email/>', 'application/xml');
    expect(response.statusCode).toBe(415);
    expectJson(response);
    expect(response.json()).toEqual({ errors: ['Unsupported content type.'] });
  });

  it('body too large: 413 domain error', async () => {
    const huge = JSON.stringify({ Email: 'a@b.hr', Roles: ['user'], padding: 'x'.repeat(2 ** 20) });
    const response = await postJson(huge);
    expect(response.statusCode).toBe(413);
    expectJson(response);
    expect(response.json()).toEqual({ errors: ['The request body is too large.'] });
  });

  it('schema violations: 400 validation error, fields named as in the request', async () => {
    const response = await postJson(
      JSON.stringify({ Email: 'nope', Roles: [], Products: [{ Title: '' }] }),
    );
    expect(response.statusCode).toBe(400);
    expectJson(response);
    expect(response.json()).toEqual({
      errors: {
        Email: ['Email is not a valid e-mail address.'],
        Roles: ['Choose at least one role.'],
        'Products[0].Title': ['Title is required.'],
      },
    });
  });

  it('a missing body is a validation error on the body itself', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/v1/test/invitations' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['body']);
  });

  it('a thrown DomainError keeps its status and message', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/test/taken' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errors: ['User ana@example.com is already invited.'] });
  });

  it('work shed for overload: 503 with Retry-After, a domain error', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/test/overloaded' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('10');
    expect(response.json()).toEqual({
      errors: ['The server is overloaded. Please try again later.'],
    });
  });

  it('a thrown ValidationError is a 400 with its fields', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/test/staff-domain' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { Email: ["Email must belong to the domain 'dentalia.hr' for the selected role."] },
    });
  });

  it('an unexpected error: 500 without leaking its message', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/test/bug' });
    expect(response.statusCode).toBe(500);
    expectJson(response);
    expect(response.json()).toEqual({ errors: ['Internal server error.'] });
    expect(response.body).not.toContain('SQLITE');
  });

  it.each(['GET', 'POST', 'DELETE'] as const)(
    'unknown route under /api/v1 (%s): 404 JSON',
    async (method) => {
      const response = await testApp.app.inject({
        method,
        url: '/api/v1/nope',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
      expectJson(response);
      expect(response.json()).toEqual({ errors: ['Not found.'] });
    },
  );
});

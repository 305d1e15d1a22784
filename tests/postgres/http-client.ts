/** The API of a spawned server process over HTTP, as a browser calls it (the real robot check). */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect } from 'vitest';
import type { AuthResponse } from '../../src/api/contract.ts';
import { DEMO_PASSWORD } from '../server/support/accounts.ts';
import type { ServerProcess } from '../server/support/server-process.ts';

export interface Call {
  token?: string;
  json?: object;
  form?: FormData;
  headers?: Record<string, string>;
}

export function call(server: ServerProcess, method: string, url: string, options: Call = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const body = options.form ?? (options.json && JSON.stringify(options.json));
  return fetch(`${server.baseUrl}/api/v1${url}`, {
    method,
    headers,
    ...(body !== undefined && { body }),
    signal: AbortSignal.timeout(30_000),
  });
}

export async function solvedRobotCheck(server: ServerProcess): Promise<string> {
  const challenge = (await (await call(server, 'GET', '/captcha/challenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('the ALTCHA challenge was not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function logIn(server: ServerProcess, email: string): Promise<AuthResponse> {
  const recaptchaToken = await solvedRobotCheck(server);
  const response = await call(server, 'POST', '/users/login', {
    json: { email, password: DEMO_PASSWORD, recaptchaToken },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as AuthResponse;
}

export const refresh = (server: ServerProcess, refreshToken: string) =>
  call(server, 'POST', '/users/refresh-token', { json: { refreshToken } });

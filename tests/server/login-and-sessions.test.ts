import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../../server/auth/access-tokens.ts';
import { REFRESH_TOKEN_LIFETIME_MS } from '../../server/auth/sessions.ts';
import { ALTCHA_CHALLENGE_LIFETIME_MS } from '../../server/captcha/altcha.ts';
import {
  ADMIN,
  DEMO_PASSWORD,
  login,
  postJson,
  solveRobotCheck,
  USER,
} from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';

const server = useServer({ seedAccounts: true });

const REFRESH_INVALID = { errors: ['The provided refresh token is invalid, expired or revoked'] };

const refresh = (refreshToken: string) =>
  postJson(server.app, '/users/refresh-token', { refreshToken });

const listUsers = (token: string) =>
  server.app.inject({
    method: 'GET',
    url: '/api/v1/users?role=user',
    headers: { authorization: `Bearer ${token}` },
  });

describe('POST /users/login', () => {
  it('answers the user and both tokens (SPEC 3)', async () => {
    const answer = await login(server.app, ADMIN);
    expect(answer).toEqual({
      id: expect.any(Number),
      name: 'Ivana',
      surname: 'Horvat',
      email: ADMIN,
      roles: ['administrator'],
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect((await listUsers(answer.accessToken)).statusCode).toBe(200);
  });

  it('finds the e-mail regardless of case and surrounding spaces', async () => {
    const answer = await login(server.app, '  Admin@Dentalia.HR ');
    expect(answer.email).toBe(ADMIN);
  });

  it('unknown e-mail: 404 User not found.', async () => {
    const recaptchaToken = await solveRobotCheck(server.app);
    const response = await postJson(server.app, '/users/login', {
      email: 'nobody@example.com',
      password: DEMO_PASSWORD,
      recaptchaToken,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: ['User not found.'] });
  });

  it('wrong password: 401 Invalid credentials.', async () => {
    const recaptchaToken = await solveRobotCheck(server.app);
    const response = await postJson(server.app, '/users/login', {
      email: USER,
      password: `${DEMO_PASSWORD}x`,
      recaptchaToken,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: ['Invalid credentials.'] });
  });

  it('a malformed body is a validation error on the fields of the request', async () => {
    const response = await postJson(server.app, '/users/login', { email: ADMIN });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['password', 'recaptchaToken']);
  });
});

describe('the robot check on login', () => {
  const attempt = (recaptchaToken: unknown) =>
    postJson(server.app, '/users/login', {
      email: ADMIN,
      password: DEMO_PASSWORD,
      recaptchaToken,
    });

  it('missing: 400 on recaptchaToken with a clear message', async () => {
    const response = await postJson(server.app, '/users/login', {
      email: ADMIN,
      password: DEMO_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { recaptchaToken: ['The robot check (recaptchaToken) is required.'] },
    });
    const empty = await attempt('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      errors: { recaptchaToken: ['The robot check (recaptchaToken) is required.'] },
    });
  });

  const FAILED = {
    errors: {
      recaptchaToken: ['The robot check failed or was already used; please solve it again.'],
    },
  };

  it('garbage, a forged solution or a tampered challenge: 400', async () => {
    const payload = JSON.parse(Buffer.from(await solveRobotCheck(server.app), 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const forged = { ...payload, solution: { ...payload.solution, derivedKey: '00'.repeat(32) } };
    const tampered = {
      ...payload,
      challenge: {
        ...payload.challenge,
        parameters: {
          ...payload.challenge.parameters,
          expiresAt: payload.challenge.parameters.expiresAt + 3600,
        },
      },
    };
    for (const token of ['not base64 at all', encode({}), encode(forged), encode(tampered)]) {
      const response = await attempt(token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(FAILED);
    }
    // None of those spent the genuine solution.
    expect((await attempt(encode(payload))).statusCode).toBe(200);
  });

  it('accepts a solution once, even when the login fails', async () => {
    const recaptchaToken = await solveRobotCheck(server.app);
    const wrong = await postJson(server.app, '/users/login', {
      email: ADMIN,
      password: 'Wrong-Password-1',
      recaptchaToken,
    });
    expect(wrong.statusCode).toBe(401);
    const replay = await attempt(recaptchaToken);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(FAILED);
  });

  it('refuses a solution whose challenge has expired', async () => {
    const recaptchaToken = await solveRobotCheck(server.app);
    server.clock.advance(ALTCHA_CHALLENGE_LIFETIME_MS + 1000);
    const response = await attempt(recaptchaToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(FAILED);
  });

  it('issues signed challenges that expire in ten minutes', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/captcha/challenge' });
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json();
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.parameters.expiresAt).toBe(
      Math.floor((server.clock.now().getTime() + ALTCHA_CHALLENGE_LIFETIME_MS) / 1000),
    );
  });
});

describe('access tokens', () => {
  it('expire after 15 minutes (injected clock)', async () => {
    const { accessToken } = await login(server.app, ADMIN);
    server.clock.advance(ACCESS_TOKEN_LIFETIME_SECONDS * 1000 - 1000);
    expect((await listUsers(accessToken)).statusCode).toBe(200);
    server.clock.advance(2000);
    const expired = await listUsers(accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['www-authenticate']).toBe('Bearer');
    expect(expired.json()).toEqual({ errors: ['Authentication is required.'] });
  });
});

describe('POST /users/refresh-token', () => {
  it('rotates: a new pair with the user, and the old refresh token is spent', async () => {
    const first = await login(server.app, ADMIN);
    const response = await refresh(first.refreshToken);
    expect(response.statusCode).toBe(200);
    const second = response.json();
    expect(second).toMatchObject({ email: ADMIN, roles: ['administrator'] });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await listUsers(second.accessToken)).statusCode).toBe(200);
    expect((await refresh(second.refreshToken)).statusCode).toBe(200);
  });

  it('reuse of a rotated token revokes the whole family', async () => {
    const first = await login(server.app, ADMIN);
    const second = (await refresh(first.refreshToken)).json();
    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(REFRESH_INVALID);
    // The thief's (or victim's) newer token is dead too.
    expect((await refresh(second.refreshToken)).json()).toEqual(REFRESH_INVALID);
  });

  it('two refreshes of one token at once: one rotates, the other is a reuse that ends the family', async () => {
    const { refreshToken } = await login(server.app, ADMIN);
    const answers = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const winner = answers
      .find((answer) => answer.statusCode === 200)
      ?.json<{
        refreshToken: string;
      }>();
    expect((await refresh(winner?.refreshToken ?? '')).json()).toEqual(REFRESH_INVALID);
  });

  it('other logins of the same user keep working after a reuse', async () => {
    const stolen = await login(server.app, ADMIN);
    const otherDevice = await login(server.app, ADMIN);
    await refresh(stolen.refreshToken);
    await refresh(stolen.refreshToken);
    expect((await refresh(otherDevice.refreshToken)).statusCode).toBe(200);
  });

  it('unknown or expired after 30 days: 401', async () => {
    expect((await refresh('made-up')).json()).toEqual(REFRESH_INVALID);
    const { refreshToken } = await login(server.app, USER);
    server.clock.advance(REFRESH_TOKEN_LIFETIME_MS + 1000);
    const response = await refresh(refreshToken);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(REFRESH_INVALID);
  });
});

describe('POST /users/revoke-token', () => {
  it('logs out: the refresh token no longer refreshes; revoking again is harmless', async () => {
    const { refreshToken } = await login(server.app, USER);
    const revoke = () => postJson(server.app, '/users/revoke-token', { refreshToken });
    expect((await revoke()).statusCode).toBe(204);
    expect((await refresh(refreshToken)).json()).toEqual(REFRESH_INVALID);
    expect((await revoke()).statusCode).toBe(204);
    expect(
      (await postJson(server.app, '/users/revoke-token', { refreshToken: 'unknown' })).statusCode,
    ).toBe(204);
  });
});

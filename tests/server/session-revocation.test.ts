/**
 * An access token acts only while its login session does (issue 25, point 6; decision 0039):
 * logout, a password change, a reused refresh token and a deleted account take effect on the
 * next request, not when the token's 15 minutes are over. Each answer is the contract's 401,
 * which the client answers with one refresh that fails, and so ends on the login page.
 */
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../src/api/contract.ts';
import {
  ADMIN,
  login,
  postJson,
  recordedMail,
  solveRobotCheck,
  tokenInMail,
  USER,
} from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';

const server = useServer({ seedAccounts: true });

const UNAUTHENTICATED = { errors: ['Authentication is required.'] };

/** A route every signed-in user may call. */
const educations = (accessToken: string) =>
  server.app.inject({
    method: 'GET',
    url: '/api/v1/educations',
    headers: { authorization: `Bearer ${accessToken}` },
  });

async function expectRefused(accessToken: string) {
  const response = await educations(accessToken);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual(UNAUTHENTICATED);
  expect(response.headers['www-authenticate']).toBe('Bearer');
}

const logout = (refreshToken: string) =>
  postJson(server.app, '/users/revoke-token', { refreshToken });

const refresh = async (refreshToken: string) =>
  postJson(server.app, '/users/refresh-token', { refreshToken });

// Every test logs in several times: argon2 at its production cost.
describe('an access token after its session ends', { timeout: 60_000 }, () => {
  it('logout: 401 at once for that session, the other session of the user acts on', async () => {
    const phone = await login(server.app, USER);
    const laptop = await login(server.app, USER);
    expect((await educations(phone.accessToken)).statusCode).toBe(200);
    expect((await logout(phone.refreshToken)).statusCode).toBe(204);
    await expectRefused(phone.accessToken);
    expect((await educations(laptop.accessToken)).statusCode).toBe(200);
  });

  it('a refresh keeps the session: the new token and the one it replaces both act', async () => {
    const session = await login(server.app, USER);
    const renewed = (await refresh(session.refreshToken)).json<AuthResponse>();
    expect(decodeJwt(renewed.accessToken).sid).toBe(decodeJwt(session.accessToken).sid);
    expect((await educations(renewed.accessToken)).statusCode).toBe(200);
    expect((await educations(session.accessToken)).statusCode).toBe(200);
    // Logging out with the newest refresh token ends the tokens issued before it too.
    expect((await logout(renewed.refreshToken)).statusCode).toBe(204);
    await expectRefused(session.accessToken);
    await expectRefused(renewed.accessToken);
  });

  it('a password change: 401 for every session of the user, none of anyone else', async () => {
    const first = await login(server.app, USER);
    const second = await login(server.app, USER);
    const admin = await login(server.app, ADMIN);
    const sent = server.mailer.sent.length;
    const asked = await postJson(server.app, '/users/request-password-reset', {
      email: USER,
      recaptchaToken: await solveRobotCheck(server.app),
    });
    expect(asked.statusCode).toBe(204);
    const resetToken = tokenInMail(
      await recordedMail(server.mailer, sent + 1),
      'resetiraj-lozinku',
    );
    const changed = await postJson(
      server.app,
      '/users/change-password',
      { newPassword: 'Nova-Lozinka-2024', resetToken },
      { method: 'PUT' },
    );
    expect(changed.statusCode).toBe(204);
    await expectRefused(first.accessToken);
    await expectRefused(second.accessToken);
    expect((await educations(admin.accessToken)).statusCode).toBe(200);
  });

  it('a reused refresh token: the whole family is revoked, its access tokens too', async () => {
    const victim = await login(server.app, USER);
    const renewed = (await refresh(victim.refreshToken)).json<AuthResponse>();
    // The spent token comes back (a copy of it): reuse.
    expect((await refresh(victim.refreshToken)).statusCode).toBe(401);
    await expectRefused(renewed.accessToken);
  });

  it('a deleted account: 401, its sessions gone with it', async () => {
    const session = await login(server.app, USER);
    await server.db.deleteFrom('users').where('id', '=', session.id).execute();
    await expectRefused(session.accessToken);
  });
});

import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_LIFETIME_MS } from '../../server/users/service.ts';
import {
  DEMO_PASSWORD,
  login,
  postJson,
  recordedMail,
  solveRobotCheck,
  tokenInMail,
  USER,
} from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';

const server = useServer({ seedAccounts: true });

const NEW_PASSWORD = 'Nova-Lozinka-2024';
const INVALID_TOKEN = { errors: ['Invalid or expired password reset token'] };

async function requestReset(email: string) {
  const recaptchaToken = await solveRobotCheck(server.app);
  return postJson(server.app, '/users/request-password-reset', { email, recaptchaToken });
}

async function resetToken(email = USER) {
  const sent = server.mailer.sent.length;
  expect((await requestReset(email)).statusCode).toBe(204);
  return tokenInMail(await recordedMail(server.mailer, sent + 1), 'resetiraj-lozinku');
}

const changePassword = (resetToken: string, newPassword = NEW_PASSWORD) =>
  postJson(server.app, '/users/change-password', { newPassword, resetToken }, { method: 'PUT' });

const loginStatus = async (password: string) => {
  const recaptchaToken = await solveRobotCheck(server.app);
  return (await postJson(server.app, '/users/login', { email: USER, password, recaptchaToken }))
    .statusCode;
};

describe('POST /users/request-password-reset', () => {
  it('the same empty 204 for a known and an unknown e-mail; mail only to the known', async () => {
    const known = await requestReset(` ${USER.toUpperCase()} `);
    const unknown = await requestReset('nobody@example.com');
    expect(known.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(unknown.body).toBe(known.body);
    await expect.poll(() => server.mailer.sent.map((mail) => mail.to)).toEqual([USER]);
  });

  it('sends a Croatian mail, HTML and text, linking to /resetiraj-lozinku/{token}', async () => {
    await resetToken();
    const mail = server.mailer.sent.at(-1);
    expect(mail?.subject).toBe('Nova lozinka: Dentalia');
    expect(mail?.text).toContain('Poštovani/a Ana,');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/resetiraj-lozinku\/[\w-]{43}\n/);
    expect(mail?.html).toMatch(/<a href="http:\/\/localhost:3000\/resetiraj-lozinku\/[\w-]{43}">/);
  });

  it('needs the robot check', async () => {
    const response = await postJson(server.app, '/users/request-password-reset', {
      email: USER,
      recaptchaToken: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { recaptchaToken: ['The robot check (recaptchaToken) is required.'] },
    });
    expect(server.mailer.sent).toEqual([]);
  });

  it('a failed mail gets the same 204 (answered before sending) and its link is withdrawn', async () => {
    server.mailer.failNext = true;
    const response = await requestReset(USER);
    expect(response.statusCode).toBe(204);
    await expect.poll(() => server.mailer.failNext).toBe(false);
    await expect
      .poll(() => server.db.selectFrom('password_reset_tokens').selectAll().execute())
      .toEqual([]);
  });
});

describe('PUT /users/change-password', () => {
  it('sets the new password: the old one stops working, the new one logs in', async () => {
    const response = await changePassword(await resetToken());
    expect(response.statusCode).toBe(204);
    expect(await loginStatus(DEMO_PASSWORD)).toBe(401);
    expect(await loginStatus(NEW_PASSWORD)).toBe(200);
  });

  it('is single use, and spends the other links of the user too', async () => {
    const older = await resetToken();
    const newer = await resetToken();
    expect((await changePassword(newer)).statusCode).toBe(204);
    for (const token of [newer, older]) {
      const again = await changePassword(token, 'Jos-Novija-2025');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(INVALID_TOKEN);
    }
  });

  it('expires after one hour; an unknown token is refused alike', async () => {
    const token = await resetToken();
    server.clock.advance(PASSWORD_RESET_LIFETIME_MS + 1000);
    expect((await changePassword(token)).json()).toEqual(INVALID_TOKEN);
    expect((await changePassword('made-up')).json()).toEqual(INVALID_TOKEN);
  });

  it('revokes every refresh token of the user', async () => {
    const sessions = [await login(server.app, USER), await login(server.app, USER)];
    await changePassword(await resetToken());
    for (const session of sessions) {
      const response = await postJson(server.app, '/users/refresh-token', {
        refreshToken: session.refreshToken,
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('password rules on Password, without spending the link', async () => {
    const token = await resetToken();
    const weak = await changePassword(token, 'lozinka1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      errors: {
        Password: [
          'Password must contain an uppercase letter.',
          'Password must contain a special character.',
        ],
      },
    });
    const common = await changePassword(token, 'P@ssw0rd');
    expect(common.json()).toEqual({
      errors: { Password: ['Password is too common; choose one that is harder to guess.'] },
    });
    expect((await changePassword(token)).statusCode).toBe(204);
  });
});

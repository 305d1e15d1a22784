/**
 * The account flows at the most verbose log level: no password, access token, refresh token,
 * invitation or reset token, nor robot-check payload reaches a log line; a failed mail does,
 * with its cause.
 */
import { expect, it } from 'vitest';
import {
  ADMIN,
  DEMO_PASSWORD,
  login,
  postJson,
  recordedMail,
  solveRobotCheck,
  tokenInMail,
} from './support/accounts.ts';
import { useServer } from './support/server-fixture.ts';

const lines: string[] = [];
const server = useServer({
  seedAccounts: true,
  env: { LOG_LEVEL: 'trace' },
  logDestination: { write: (line) => void lines.push(line) },
});

it('account requests never log secrets, and log mail failures', async () => {
  const { app, mailer } = server;
  const secrets: string[] = [DEMO_PASSWORD];

  const admin = await login(app, ADMIN);
  secrets.push(admin.accessToken, admin.refreshToken);
  const refreshed = (await postJson(app, '/users/refresh-token', admin)).json();
  secrets.push(refreshed.accessToken, refreshed.refreshToken);

  await postJson(
    app,
    '/users/invite',
    { email: 'nova@example.com', roles: ['user'] },
    {
      token: admin.accessToken,
    },
  );
  const invitationToken = tokenInMail(mailer.sent.at(-1), 'aktiviraj-racun');
  const password = 'Tajna-Lozinka-99';
  secrets.push(invitationToken, password);
  await postJson(app, '/users/validate-registration', { invitationToken });
  const registered = await postJson(app, '/users/complete-registration', {
    name: 'Nova',
    surname: 'Korisnica',
    password,
    invitationToken,
  });
  expect(registered.statusCode).toBe(200);

  const recaptchaToken = await solveRobotCheck(app);
  secrets.push(recaptchaToken);
  const sent = mailer.sent.length;
  await postJson(app, '/users/request-password-reset', {
    email: 'nova@example.com',
    recaptchaToken,
  });
  const resetToken = tokenInMail(await recordedMail(mailer, sent + 1), 'resetiraj-lozinku');
  const newPassword = 'Druga-Lozinka-99';
  secrets.push(resetToken, newPassword);
  await postJson(app, '/users/change-password', { newPassword, resetToken }, { method: 'PUT' });
  await postJson(app, '/users/revoke-token', { refreshToken: refreshed.refreshToken });

  // The logout ended that session and its access token with it (decision 0039): a new login.
  const again = await login(app, ADMIN);
  secrets.push(again.accessToken, again.refreshToken);
  mailer.failNext = true;
  const failed = await postJson(
    app,
    '/users/invite',
    { email: 'x@example.com', roles: ['user'] },
    { token: again.accessToken },
  );
  expect(failed.statusCode).toBe(502);

  const log = lines.join('');
  for (const secret of secrets) expect(log).not.toContain(secret);
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(entries.find((entry) => entry.level === 50)).toMatchObject({
    msg: 'The e-mail could not be sent. Please try again later.',
    err: { message: expect.stringContaining('SMTP connection refused') },
  });
});

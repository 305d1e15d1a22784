/**
 * The account findings of the attacker's probe (issue 10): lock-outs without solving the robot
 * check, tokens of deleted or demoted users, the reset answer waiting for the mail, e-mails a
 * mailer reads as lists, invisible characters in names.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../src/api/contract.ts';
import type { RateLimits } from '../../server/http/rate-limits.ts';
import type { Mailer } from '../../server/mail/mailer.ts';
import {
  ADMIN,
  DEMO_PASSWORD,
  login,
  postJson,
  recordingMailer,
  seedAccounts,
  solveRobotCheck,
  tokenInMail,
  USER,
} from './support/accounts.ts';
import { useTempDir } from './support/temp-dir.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const tempDir = useTempDir('dental-account-findings-');
let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

const MINUTE = 60_000;
const STRONG = 'Zubar-Sigurno-77';

async function start(options: { rateLimits?: Partial<RateLimits>; mailer?: Mailer } = {}) {
  const dataDir = path.join(tempDir(), 'var');
  mkdirSync(dataDir);
  const mailer = recordingMailer();
  testApp = await createTestApp(dataDir, { mailer, ...options });
  await seedAccounts(testApp.db, dataDir, () => new Date());
  return { app: testApp.app, db: testApp.db, mailer };
}

describe('per-e-mail limits count only solved attempts, and login only failed ones (finding 1)', () => {
  const tight = {
    login: { perIp: { max: 1000, windowMs: MINUTE }, perEmail: { max: 2, windowMs: MINUTE } },
    passwordResetRequest: {
      perIp: { max: 1000, windowMs: MINUTE },
      perEmail: { max: 1, windowMs: MINUTE },
    },
  };

  it('hammering an address without solutions locks nobody out of login', async () => {
    const { app } = await start({ rateLimits: tight });
    for (const recaptchaToken of ['', 'bogus', 'e30=', undefined, 'bogus', 'bogus']) {
      const response = await postJson(
        app,
        '/users/login',
        { email: USER, password: 'pogodak', recaptchaToken },
        { ip: '203.0.113.66' },
      );
      expect(response.statusCode).toBe(400);
    }
    expect((await login(app, USER)).email).toBe(USER);
  }, 30_000);

  it('successes never count; failures with a solved check do', async () => {
    const { app } = await start({ rateLimits: tight });
    for (let attempt = 0; attempt < 3; attempt += 1) await login(app, USER);
    const attempt = async (password: string) =>
      postJson(app, '/users/login', {
        email: USER,
        password,
        recaptchaToken: await solveRobotCheck(app),
      });
    expect((await attempt('krivo-1')).statusCode).toBe(401);
    expect((await attempt('krivo-2')).statusCode).toBe(401);
    const locked = await attempt(DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  }, 30_000);

  it('hammering an address without solutions locks nobody out of password reset', async () => {
    const { app, mailer } = await start({ rateLimits: tight });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await postJson(app, '/users/request-password-reset', {
        email: USER,
        recaptchaToken: 'bogus',
      });
      expect(response.statusCode).toBe(400);
    }
    const victim = await postJson(app, '/users/request-password-reset', {
      email: USER,
      recaptchaToken: await solveRobotCheck(app),
    });
    expect(victim.statusCode).toBe(204);
    await expect.poll(() => mailer.sent.map((message) => message.to)).toEqual([USER]);
    const again = await postJson(app, '/users/request-password-reset', {
      email: USER,
      recaptchaToken: await solveRobotCheck(app),
    });
    expect(again.statusCode).toBe(429);
  }, 30_000);
});

/** An employee invited and registered through the routes: their id and first session. */
async function registeredEmployee(app: TestApp['app'], mailer: ReturnType<typeof recordingMailer>) {
  const admin = await login(app, ADMIN);
  const email = 'novi.zaposlenik@dentalia.hr';
  const invited = await postJson(
    app,
    '/users/invite',
    { email, roles: ['employee'] },
    { token: admin.accessToken },
  );
  expect(invited.statusCode, invited.body).toBe(204);
  const registered = await postJson(app, '/users/complete-registration', {
    name: 'Novi',
    surname: 'Zaposlenik',
    password: STRONG,
    invitationToken: tokenInMail(mailer.sent.at(-1), 'aktiviraj-racun'),
  });
  expect(registered.statusCode, registered.body).toBe(200);
  return registered.json<AuthResponse>();
}

describe('tokens of users who no longer exist or changed roles (finding 4)', () => {
  const invite = (app: TestApp['app'], token: string) =>
    postJson(app, '/users/invite', { email: 'netko@example.com', roles: ['user'] }, { token });

  it('a deleted user: 401, never the 500 of a foreign key', async () => {
    const { app, db, mailer } = await start();
    const employee = await registeredEmployee(app, mailer);
    await db.deleteFrom('users').where('id', '=', employee.id).execute();
    const response = await invite(app, employee.accessToken);
    expect(response.statusCode, response.body).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(await db.selectFrom('invitations').select('email').execute()).toHaveLength(1);
  }, 30_000);

  it('a demoted employee: the old token no longer acts as staff', async () => {
    const { app, db, mailer } = await start();
    const employee = await registeredEmployee(app, mailer);
    await db
      .updateTable('user_roles')
      .set({ role: 'user' })
      .where('user_id', '=', employee.id)
      .execute();
    expect((await invite(app, employee.accessToken)).statusCode).toBe(401);
    // A refresh picks up the current roles: a plain user is refused as such.
    const refreshed = await postJson(app, '/users/refresh-token', {
      refreshToken: employee.refreshToken,
    });
    expect(refreshed.statusCode).toBe(200);
    expect((await invite(app, refreshed.json<AuthResponse>().accessToken)).statusCode).toBe(403);
  }, 30_000);
});

describe('password reset answers before the mail is sent (finding 6)', () => {
  it('a known e-mail is answered while its mail is still on the way', async () => {
    let deliver: (() => void) | undefined;
    const sent: string[] = [];
    const slowMailer: Mailer = {
      send: (message) =>
        new Promise<void>((resolve) => {
          deliver = () => {
            sent.push(message.to);
            resolve();
          };
        }),
      close() {},
    };
    const { app } = await start({ mailer: slowMailer });
    const request = postJson(app, '/users/request-password-reset', {
      email: USER,
      recaptchaToken: await solveRobotCheck(app),
    });
    const answer = await Promise.race([
      request,
      new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 5_000)),
    ]);
    expect(answer === 'no answer' ? answer : answer.statusCode).toBe(204);
    // The mail is handed over after the answer (how long after depends on the database).
    await expect.poll(() => deliver !== undefined).toBe(true);
    expect(sent).toEqual([]);
    deliver?.();
    await expect.poll(() => sent).toEqual([USER]);
  }, 30_000);

  it('a failed mail is logged and its link withdrawn; the answer is the same 204', async () => {
    const lines: string[] = [];
    const mailer = recordingMailer();
    mailer.failNext = true;
    const dataDir = path.join(tempDir(), 'var');
    mkdirSync(dataDir);
    testApp = await createTestApp(dataDir, {
      mailer,
      logDestination: { write: (line) => void lines.push(line) },
      env: { LOG_LEVEL: 'error' },
    });
    await seedAccounts(testApp.db, dataDir, () => new Date());
    const response = await postJson(testApp.app, '/users/request-password-reset', {
      email: USER,
      recaptchaToken: await solveRobotCheck(testApp.app),
    });
    expect(response.statusCode).toBe(204);
    await expect.poll(() => lines.join('')).toContain('SMTP connection refused');
    const db = testApp.db;
    await expect
      .poll(
        async () => (await db.selectFrom('password_reset_tokens').select('id').execute()).length,
      )
      .toBe(0);
  }, 30_000);
});

describe('e-mails a mailer would read as a list or a display name (finding 7)', () => {
  const tricks = ['x,victim@example.com', 'x<victim@example.com>', 'Ana <victim@example.com>'];

  it.each(tricks)(
    '%s is refused everywhere and mails nobody',
    async (email) => {
      const { app, mailer } = await start();
      const admin = await login(app, ADMIN);
      const campaign = await app.inject({
        method: 'GET',
        url: '/api/v1/campaigns/by-name/Courses',
      });
      const responses = [
        await postJson(app, '/users/request-password-reset', {
          email,
          recaptchaToken: await solveRobotCheck(app),
        }),
        await postJson(app, '/campaigns/subscriptions', {
          email,
          campaignId: campaign.json<{ id: number }>().id,
          recaptchaToken: await solveRobotCheck(app),
        }),
        await postJson(
          app,
          '/users/invite',
          { email, roles: ['user'] },
          { token: admin.accessToken },
        ),
      ];
      // A reset answers 204 for any unknown address; the others refuse the address itself.
      expect(responses.map((response) => response.statusCode)).toEqual([204, 400, 400]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(mailer.sent).toEqual([]);
    },
    30_000,
  );
});

describe('names are bounded and cleaned (finding 8)', () => {
  it('stores names without controls, bidirectional overrides or zero-width marks', async () => {
    const { app, db, mailer } = await start();
    const admin = await login(app, ADMIN);
    const invited = await postJson(
      app,
      '/users/invite',
      {
        email: 'nova@example.com',
        roles: ['user'],
        firstName: '\u202eNova\u202c',
        lastName: 'Kori\u200bsnica\u0007',
      },
      { token: admin.accessToken },
    );
    expect(invited.statusCode, invited.body).toBe(204);
    const invitationToken = tokenInMail(mailer.sent.at(-1), 'aktiviraj-racun');
    const validated = await postJson(app, '/users/validate-registration', { invitationToken });
    expect(validated.json()).toEqual({ name: 'Nova', surname: 'Korisnica' });

    const registered = await postJson(app, '/users/complete-registration', {
      name: '\u2066Ana\u2069 \u0000Marija',
      surname: '  Horvat\u202e  ',
      password: STRONG,
      invitationToken,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const row = await db
      .selectFrom('users')
      .select(['name', 'surname'])
      .where('email', '=', 'nova@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Ana Marija', surname: 'Horvat' });
  }, 30_000);

  it('a name that is only invisible characters is too short', async () => {
    const { app, mailer } = await start();
    const admin = await login(app, ADMIN);
    await postJson(
      app,
      '/users/invite',
      { email: 'nova@example.com', roles: ['user'] },
      { token: admin.accessToken },
    );
    const response = await postJson(app, '/users/complete-registration', {
      name: '\u202e\u202e\u202e\u202e',
      surname: 'Horvat',
      password: STRONG,
      invitationToken: tokenInMail(mailer.sent.at(-1), 'aktiviraj-racun'),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['Name']);
  }, 30_000);

  it('a name of 200,000 characters is refused by the contract', async () => {
    const { app } = await start();
    const response = await postJson(app, '/users/complete-registration', {
      name: 'A'.repeat(200_000),
      surname: 'Horvat',
      password: STRONG,
      invitationToken: 'A'.repeat(43),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { name: ['name must be at most 100 characters long.'] },
    });
  });
});

/**
 * Helpers of the account tests: a controllable clock, real ALTCHA solutions, the seeded demo
 * accounts, logins, and the links of written mail. Nothing here bypasses a check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AuthResponse } from '../../../src/api/contract.ts';
import type { Clock } from '../../../server/clock.ts';
import { demoAccounts, seedDemoContent } from '../../../server/seed/demo-content.ts';
import type { Db } from '../../../server/db/database.ts';
import { OUTBOX_FOLDER, type MailMessage, type Mailer } from '../../../server/mail/mailer.ts';

export const DEMO_PASSWORD = 'Demo-Lozinka-42';
export const STAFF_DOMAIN = 'dentalia.hr';
export const ADMIN = `admin@${STAFF_DOMAIN}`;
export const EMPLOYEE = `zaposlenik@${STAFF_DOMAIN}`;
export const USER = 'korisnik@example.com';

/** Starts at the real time (ALTCHA's library checks expiry against it too) and moves on demand. */
export function testClock(): { now: Clock; advance(milliseconds: number): void } {
  let current = new Date();
  return {
    now: () => current,
    advance(milliseconds) {
      current = new Date(current.getTime() + milliseconds);
    },
  };
}

/** A mailer that keeps what it is given, or fails when told to. */
export function recordingMailer(): Mailer & { sent: MailMessage[]; failNext: boolean } {
  const mailer = {
    sent: [] as MailMessage[],
    failNext: false,
    async send(message: MailMessage) {
      if (mailer.failNext) {
        mailer.failNext = false;
        throw new Error('SMTP connection refused');
      }
      mailer.sent.push(message);
    },
    close() {},
  };
  return mailer;
}

export async function seedAccounts(db: Db, dataDir: string, now: Clock): Promise<void> {
  await seedDemoContent(db, {
    staffEmailDomain: STAFF_DOMAIN,
    demoPassword: DEMO_PASSWORD,
    dataDir,
    now,
  });
  expect(demoAccounts(STAFF_DOMAIN).map((account) => account.email)).toEqual([
    ADMIN,
    EMPLOYEE,
    USER,
  ]);
}

/** Fetches a challenge from the server and solves it for real; returns the widget's payload. */
export async function solveRobotCheck(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/captcha/challenge' });
  expect(response.statusCode).toBe(200);
  const challenge = response.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('the ALTCHA challenge was not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export function postJson(
  app: FastifyInstance,
  url: string,
  payload: object,
  options: { token?: string; ip?: string; method?: 'POST' | 'PUT' } = {},
) {
  return app.inject({
    method: options.method ?? 'POST',
    url: `/api/v1${url}`,
    payload,
    ...(options.ip && { remoteAddress: options.ip }),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<AuthResponse> {
  const recaptchaToken = await solveRobotCheck(app);
  const response = await postJson(app, '/users/login', { email, password, recaptchaToken });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuthResponse>();
}

/**
 * The `count`-th mail the recorder got, once it is there: a password reset is answered before
 * its mail is sent.
 */
export async function recordedMail(
  mailer: { sent: MailMessage[] },
  count: number,
): Promise<MailMessage | undefined> {
  await expect.poll(() => mailer.sent.length).toBeGreaterThanOrEqual(count);
  return mailer.sent[count - 1];
}

/** The token of the last link to `route` in a recorded mail. */
export function tokenInMail(message: MailMessage | undefined, route: string): string {
  const match = new RegExp(`/${route}/([\\w-]+)`).exec(message?.text ?? '');
  if (!match?.[1]) throw new Error(`no /${route}/ link in ${JSON.stringify(message)}`);
  return match[1];
}

/** The .eml files of the outbox, oldest first, with quoted-printable soft breaks joined. */
export function outboxMessages(dataDir: string): string[] {
  const outbox = path.join(dataDir, OUTBOX_FOLDER);
  return readdirSync(outbox)
    .sort()
    .map((file) => readFileSync(path.join(outbox, file), 'utf8').replaceAll('=\r\n', ''));
}

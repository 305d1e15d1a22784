/**
 * What the browser paths arrange on the real server, through its public API and its outbox, as
 * other people would cause it: the administrator inviting someone, an invitation completed, a
 * password reset from another browser. Every robot check is really solved (`robotCheckToken`).
 */
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { mailsTo, robotCheckToken } from '../mail.ts';
import { DEMO_PASSWORD } from '../support.ts';

export const ADMIN_EMAIL = 'admin@dentalia.hr';
export const ACCOUNT_PASSWORD = 'Putanja-Lozinka-31!';

interface AuthResponse {
  id: number;
  name: string;
  surname: string;
  email: string;
  roles: string[];
  accessToken: string;
  refreshToken: string;
}

/** A unique address per call: the invitation and reset limits count per e-mail. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}

export async function logInThroughApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<AuthResponse> {
  const response = await request.post('/api/v1/users/login', {
    data: { email, password, recaptchaToken: await robotCheckToken(request) },
  });
  expect(response.status(), `login of ${email}`).toBe(200);
  return (await response.json()) as AuthResponse;
}

export const bearer = (auth: AuthResponse) => ({ Authorization: `Bearer ${auth.accessToken}` });

/** The newest link to `route` in the mail to `address`, once the server has written it. */
export async function linkInMail(address: string, route: string): Promise<string> {
  const pattern = new RegExp(`${route}/[A-Za-z0-9._~-]+`);
  let link = '';
  await expect
    .poll(
      async () => {
        link = pattern.exec((await mailsTo(address)).at(-1) ?? '')?.[0] ?? '';
        return link;
      },
      { message: `a mail to ${address} with a ${route} link`, timeout: 15_000 },
    )
    .toMatch(pattern);
  return link;
}

let adminSession: Promise<AuthResponse> | undefined;

/** The demo administrator, logged in once per worker (the login limit counts per address). */
export function administrator(request: APIRequestContext): Promise<AuthResponse> {
  adminSession ??= logInThroughApi(request, ADMIN_EMAIL, DEMO_PASSWORD);
  return adminSession;
}

/** The administrator invites `email` as a plain user; the path of the mail's activation link. */
export async function invite(
  request: APIRequestContext,
  email: string,
  names = { firstName: 'Iva', lastName: 'Putić' },
): Promise<string> {
  const admin = await administrator(request);
  const response = await request.post('/api/v1/users/invite', {
    headers: bearer(admin),
    data: { email, roles: ['user'], ...names, gender: 'female' },
  });
  expect(response.status(), `invitation of ${email}`).toBe(204);
  return linkInMail(email, '/aktiviraj-racun');
}

export const tokenOfLink = (link: string) => link.split('/').at(-1) ?? '';

/** The invitation completed (in another browser, say): the account exists with `password`. */
export async function completeInvitation(
  request: APIRequestContext,
  link: string,
  password = ACCOUNT_PASSWORD,
): Promise<AuthResponse> {
  const response = await request.post('/api/v1/users/complete-registration', {
    data: { name: 'Iva', surname: 'Putić', password, invitationToken: tokenOfLink(link) },
  });
  expect(response.status(), 'the invitation completed').toBe(200);
  return (await response.json()) as AuthResponse;
}

/** A fresh plain user with `ACCOUNT_PASSWORD`: invited by the administrator, activated. */
export async function freshAccount(request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  await completeInvitation(request, await invite(request, email));
  return email;
}

/** The user resets the password from another browser: every session of theirs ends. */
export async function passwordResetElsewhere(
  request: APIRequestContext,
  email: string,
): Promise<void> {
  const before = (await mailsTo(email)).length;
  const asked = await request.post('/api/v1/users/request-password-reset', {
    data: { email, recaptchaToken: await robotCheckToken(request) },
  });
  expect(asked.status()).toBe(204);
  await expect.poll(async () => (await mailsTo(email)).length).toBeGreaterThan(before);
  const link = await linkInMail(email, '/resetiraj-lozinku');
  const changed = await request.put('/api/v1/users/change-password', {
    data: { newPassword: 'Nova-Putanja-42!', resetToken: tokenOfLink(link) },
  });
  expect(changed.status()).toBe(204);
}

/**
 * A browser that logged in on an earlier visit: the session the login form would have stored,
 * from a real login (robot check solved), put where the SPA keeps it, before any page loads.
 */
export async function storeSessionOfEarlierVisit(
  context: BrowserContext,
  request: APIRequestContext,
  email: string,
  password = ACCOUNT_PASSWORD,
): Promise<void> {
  const { accessToken, refreshToken, ...user } = await logInThroughApi(request, email, password);
  await context.addInitScript(
    ({ user, tokens }) => {
      if (globalThis.sessionStorage.getItem('paths-session-stored')) return;
      globalThis.sessionStorage.setItem('paths-session-stored', '1');
      globalThis.localStorage.setItem('user', JSON.stringify(user));
      globalThis.localStorage.setItem('auth', JSON.stringify(tokens));
    },
    { user, tokens: { accessToken, refreshToken } },
  );
}

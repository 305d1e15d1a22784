/**
 * The auth session's generated paths in the browser (SPEC 2 "Sign-in", "Logout", 4 "Auth", 8
 * "Generic"): each path has an account of its own, invited and activated through the API. A
 * login is the form with the robot check solved in the browser; a refresh happens because the
 * server refuses the stored access token (stood in for by one it never signed: its 15 minutes
 * cannot pass in a test) and accepts the refresh token; the forced logout because the user
 * reset the password in another browser, which ends every session of theirs on the server.
 */
import { expect, type Page } from '@playwright/test';
import { authSessionMachine } from '../../../src/machines/authSession.machine.ts';
import { addGateCookies, openPage, solveRobotCheck } from '../support.ts';
import { HeldRequests, testBrowserPaths, type Fixtures } from './browser-paths.ts';
import {
  ACCOUNT_PASSWORD,
  freshAccount,
  passwordResetElsewhere,
  storeSessionOfEarlierVisit,
} from './real-server.ts';

const LOGGED_OUT = 'Uspješno ste odjavljeni!';
const AUTH_EXPIRED = 'Prijava vam je istekla. Molimo, prijavite se ponovno.';
const LIBRARY = 'Video edukacije';

interface SessionWorld extends Fixtures {
  email: string;
  revokes: HeldRequests;
}

const headerLink = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('link', { name, exact: true });

/** What the browser keeps of the session (SPEC 4: cleared on logout). */
const storedEmail = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(globalThis.localStorage.getItem('user') ?? 'null') as { email?: string } | null)
        ?.email ?? null,
  );
const storedTokens = (page: Page) => page.evaluate(() => globalThis.localStorage.getItem('auth'));

async function expectLoggedOutHeader(page: Page) {
  await expect(headerLink(page, 'Prijava')).toBeVisible();
  for (const name of ['Odjava', LIBRARY, 'Admin']) {
    await expect(headerLink(page, name)).toHaveCount(0);
  }
}

/** The person opens the library: a call with the access token. */
async function openLibrary(page: Page) {
  await headerLink(page, LIBRARY).click();
}

testBrowserPaths(authSessionMachine, {
  inputs: [
    { name: 'nobody stored', input: null },
    // The input's content does not matter to the paths: the session stored is a real one.
    { name: 'stored session', input: { user: {}, tokens: {} } as never },
  ],
  // Payloads for the traversal only: the paths' logins and refreshes are the server's own.
  sampleEvents: [
    { type: 'LOGIN', response: { id: 0, roles: ['user'], accessToken: 'a', refreshToken: 'r' } },
    { type: 'TOKENS_REFRESHED', tokens: { accessToken: 'a2', refreshToken: 'r2' } },
  ],
  open: async (fixtures, input): Promise<SessionWorld> => {
    const { context, page, request, baseURL } = fixtures;
    const email = await freshAccount(request, 'sesija');
    if (input !== null) await storeSessionOfEarlierVisit(context, request, email);
    await addGateCookies(context, baseURL);
    const revokes = await HeldRequests.on(page, /\/api\/v1\/users\/revoke-token$/);
    await openPage(page, '/');
    return { ...fixtures, email, revokes };
  },
  states: {
    loggedOut: async ({ page }) => {
      await expectLoggedOutHeader(page);
      await expect.poll(() => storedEmail(page)).toBeNull();
      expect(await storedTokens(page)).toBeNull();
    },
    loggedIn: async ({ page, email }) => {
      await expect(headerLink(page, 'Odjava')).toBeVisible();
      await expect(headerLink(page, LIBRARY)).toBeVisible();
      await expect(headerLink(page, 'Prijava')).toHaveCount(0);
      // A plain user: no admin link (SPEC 2 "Header and footer").
      await expect(headerLink(page, 'Admin')).toHaveCount(0);
      expect(await storedEmail(page)).toBe(email);
    },
    // The farewell shows while the server revokes the refresh token.
    loggingOut: async ({ page }) => {
      await expect(page.getByRole('heading', { level: 1, name: LOGGED_OUT })).toBeVisible();
      await expectLoggedOutHeader(page);
    },
  },
  events: {
    LOGIN: async ({ page, email }) => {
      await headerLink(page, 'Prijava').click();
      await expect(page).toHaveURL(/\/login$/);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Lozinka', { exact: true }).fill(ACCOUNT_PASSWORD);
      await solveRobotCheck(page);
      await page.getByRole('button', { name: 'Prijavi se' }).click();
      await expect(page).toHaveURL(/\/$/);
    },
    TOKENS_REFRESHED: async ({ page }) => {
      // The person comes back after the access token's lifetime: the server refuses it.
      await page.evaluate(() => {
        const tokens = JSON.parse(globalThis.localStorage.getItem('auth') ?? '{}') as object;
        const stale = { ...tokens, accessToken: 'istekao.pristupni.token' };
        globalThis.localStorage.setItem('auth', JSON.stringify(stale));
      });
      const refreshed = page.waitForResponse(/\/api\/v1\/users\/refresh-token$/);
      await openPage(page, '/');
      await openLibrary(page);
      expect((await refreshed).status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: LIBRARY })).toBeVisible();
      await expect.poll(() => storedTokens(page)).not.toContain('istekao.pristupni.token');
    },
    AUTH_EXPIRED: async ({ page, request, email }) => {
      await passwordResetElsewhere(request, email);
      await openLibrary(page);
      // SPEC 4: the forced logout warns and sends the person to the login.
      await expect(page.getByText(AUTH_EXPIRED)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    },
    LOGOUT: async ({ page }) => {
      await headerLink(page, 'Odjava').click();
      await page.waitForURL(/\/logout$/);
    },
    'xstate.done.actor.revokeToken': async ({ revokes }) => {
      expect(await revokes.release()).toBe(204);
    },
    'xstate.error.actor.revokeToken': async ({ revokes }) => revokes.dropConnection(),
  },
});

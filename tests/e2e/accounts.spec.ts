/**
 * Accounts in a real browser against `npm start` (SPEC 2 "Sign-in", "Logout", "Account
 * activation", "Set new password", "Admin shell", admin screen 7, and 8): the real ALTCHA robot
 * check solved by the browser, and the real outbox the server writes `.eml` files to.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { mailsTo } from './mail.ts';
import {
  addGateCookies,
  DEMO_PASSWORD,
  expectNoAxeViolations,
  logIn,
  NOT_FOUND,
  solveRobotCheck,
  test,
} from './support.ts';

const ADMIN_EMAIL = 'admin@dentalia.hr';
const INVITED_EMAIL = 'ivana.e2e@example.com';
const FIRST_PASSWORD = 'Prva-Lozinka-77!';
const SECOND_PASSWORD = 'Druga-Lozinka-88?';

const LOGOUT = 'Odjava';
const CHECK_INVITE = 'Provjeri još jedanput unesene podatke.';
const CHECK_DATA = 'Molimo, provjerite još jedanput svoje korisničke podatke.';

/** A field refused (docs/forms.md): marked, its message read with it, focused when it is the first. */
async function expectFieldRefused(field: Locator, message: string, focused: boolean) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  if (focused) await expect(field).toBeFocused();
}

/** The refused form at 375 and 1366 px, to be looked at, then axe on both; back at 1366 px. */
async function screenshotsOf(page: Page, name: string) {
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 768 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page);
  }
}
const INVITE_SENT = 'Pozivnica poslana!';
const WELCOME = 'Uspješno ste aktivirali svoj račun! Dobro nam došli!';
const LOGGED_OUT = 'Uspješno ste odjavljeni!';
const RESET_REQUESTED = 'Uskoro biste trebali dobiti mail s uputama za postavljanje nove lozinke!';
const PASSWORD_CHANGED = 'Uspješno promijenjena lozinka!';
const AUTH_EXPIRED = 'Prijava vam je istekla. Molimo, prijavite se ponovno.';
const ADMIN_MENU = 'Administracija';
const ROBOT_CHECK_GROUP = 'Provjera da niste robot';
const ROBOT_CHECKBOX = "I'm not a robot";

/** Waits for a new mail to `address` with a link to `route`, and returns that link's path. */
async function linkInNewMail(address: string, route: string, seenBefore: number): Promise<string> {
  const pattern = new RegExp(`${route}/[A-Za-z0-9._~-]+`);
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(address);
        if (mails.length <= seenBefore) return '';
        link = pattern.exec(mails[mails.length - 1] ?? '')?.[0] ?? '';
        return link;
      },
      { message: `a mail to ${address} with a ${route} link`, timeout: 15_000 },
    )
    .toMatch(pattern);
  return link;
}

const logoutLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: LOGOUT });

async function logOut(page: Page) {
  await logoutLink(page).click();
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByRole('heading', { level: 1, name: LOGGED_OUT })).toBeVisible();
}

test.beforeEach(async ({ context, baseURL }) => {
  await addGateCookies(context, baseURL ?? '');
});

test('invite, activate, log out, reset the password and log in with it', async ({ page }) => {
  // The refused forms are looked at (and axe-checked) at two widths on the way: slower than 2 min.
  test.setTimeout(240_000);

  // The administrator logs in; the login screen has no axe violations.
  await page.goto('/login');
  await expect(page.getByRole('group', { name: ROBOT_CHECK_GROUP })).toBeVisible();
  await expectNoAxeViolations(page);
  await logIn(page, ADMIN_EMAIL, DEMO_PASSWORD);

  // The administrator invites a plain user.
  await page.goto('/admin/user');
  await expect(page.getByRole('heading', { level: 1, name: 'Pozovi korisnika' })).toBeVisible();
  await expectNoAxeViolations(page);
  const invitesBefore = (await mailsTo(INVITED_EMAIL)).length;
  // A refused invitation marks the fields it names, each message under its field.
  await page.getByRole('button', { name: 'Pošalji pozivnicu' }).click();
  await expectFieldRefused(page.getByLabel('Email', { exact: true }), CHECK_INVITE, true);
  await expectFieldRefused(page.getByLabel('Uloga'), CHECK_INVITE, false);
  await screenshotsOf(page, 'invite-refused');
  await page.getByLabel('Spol').selectOption({ label: 'Žensko' });
  await page.getByLabel('Ime', { exact: true }).fill('Ivana');
  await page.getByLabel('Prezime', { exact: true }).fill('Horvat');
  await page.getByLabel('Email', { exact: true }).fill(INVITED_EMAIL);
  await page.getByLabel('Uloga').selectOption({ label: 'Običan korisnik' });
  await page.getByRole('button', { name: 'Pošalji pozivnicu' }).click();
  await expect(page.getByText(INVITE_SENT)).toBeVisible();
  const activationLink = await linkInNewMail(INVITED_EMAIL, '/aktiviraj-racun', invitesBefore);

  // An admin path of no screen: the not-found page inside the shell, its menu still there.
  await page.goto('/admin/nepoznato');
  await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
  await expect(page.getByRole('navigation', { name: ADMIN_MENU })).toBeVisible();
  await expectNoAxeViolations(page);

  await logOut(page);

  // The invitation link opens the activation form with the names of the invitation.
  await page.goto(activationLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Aktivacija računa' })).toBeVisible();
  await expect(page.getByLabel('Ime', { exact: true })).toHaveValue('Ivana');
  await expect(page.getByLabel('Prezime', { exact: true })).toHaveValue('Horvat');
  await expectNoAxeViolations(page);
  // A password too short: SPEC's message under it, the field marked and focused.
  await page.getByLabel('Lozinka', { exact: true }).fill('kratka');
  await page.getByRole('button', { name: 'Aktiviraj račun' }).click();
  await expectFieldRefused(page.getByLabel('Lozinka', { exact: true }), CHECK_DATA, true);
  await expect(page.getByLabel('Ime', { exact: true })).not.toHaveAttribute('aria-invalid');
  await screenshotsOf(page, 'activation-refused');
  await page.getByLabel('Lozinka', { exact: true }).fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Aktiviraj račun' }).click();
  await expect(page.getByRole('heading', { level: 1, name: WELCOME })).toBeVisible();
  await expect(logoutLink(page)).toBeVisible();

  await logOut(page);

  // The new user asks for a password reset from the login screen.
  const resetsBefore = (await mailsTo(INVITED_EMAIL)).length;
  await page.goto('/login');
  const forgotPassword = page.getByRole('button', { name: 'Zaboravljena lozinka' });
  const dialog = page.getByRole('dialog', { name: 'Zaboravljena lozinka' });
  const robotChecks = page.getByRole('group', { name: ROBOT_CHECK_GROUP });
  // Only the dialog's robot check is live while it is open; the form's returns when it closes.
  await forgotPassword.click();
  await expect(dialog.getByRole('group', { name: ROBOT_CHECK_GROUP })).toBeVisible();
  await expect(robotChecks).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: ROBOT_CHECKBOX })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(forgotPassword).toBeFocused();
  await expect(robotChecks).toHaveCount(1);
  await expect(robotChecks).toBeVisible();
  await forgotPassword.click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email adresa').fill(INVITED_EMAIL);
  await solveRobotCheck(dialog);
  await dialog.getByRole('button', { name: 'Pošalji' }).click();
  await expect(page.getByText(RESET_REQUESTED).first()).toBeVisible();
  const resetLink = await linkInNewMail(INVITED_EMAIL, '/resetiraj-lozinku', resetsBefore);

  // The reset mail's link sets a new password.
  await page.goto(resetLink);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Postavite novu lozinku' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  // Two different entries: the mismatch under the repetition, which takes the focus.
  await page.getByLabel('Nova lozinka', { exact: true }).fill(SECOND_PASSWORD);
  await page.getByLabel('Ponovite novu lozinku', { exact: true }).fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Promijeni lozinku' }).click();
  await expectFieldRefused(
    page.getByLabel('Ponovite novu lozinku', { exact: true }),
    'Unesite istu lozinku dvaput.',
    true,
  );
  await expect(page.getByLabel('Nova lozinka', { exact: true })).not.toHaveAttribute(
    'aria-invalid',
  );
  await screenshotsOf(page, 'new-password-refused');
  await page.getByLabel('Ponovite novu lozinku', { exact: true }).fill(SECOND_PASSWORD);
  await page.getByRole('button', { name: 'Promijeni lozinku' }).click();
  await expect(page.getByText(PASSWORD_CHANGED)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The user logs in with the new password.
  await logIn(page, INVITED_EMAIL, SECOND_PASSWORD);
});

test('a revoked refresh token ends the session with the SPEC warning', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
  // On the invitation screen, which asks the API for nothing until it is sent: the home page the
  // login lands on may still be loading its products, which would meet the broken token first.
  await page.goto('/admin/user');
  await expect(page.getByRole('heading', { level: 1, name: 'Pozovi korisnika' })).toBeVisible();

  // The server forgets the refresh token, and the stored access token stops working.
  const refreshToken = await page.evaluate(
    () =>
      (
        JSON.parse(globalThis.localStorage.getItem('auth') ?? '{}') as {
          refreshToken?: string;
        }
      ).refreshToken ?? '',
  );
  expect(refreshToken).not.toBe('');
  const revoked = await page.request.post('/api/v1/users/revoke-token', {
    data: { refreshToken },
  });
  expect(revoked.status()).toBe(204);
  await page.evaluate(() => {
    const stored = JSON.parse(globalThis.localStorage.getItem('auth') ?? '{}') as object;
    globalThis.localStorage.setItem(
      'auth',
      JSON.stringify({ ...stored, accessToken: 'neispravan.pristupni.token' }),
    );
  });

  // The next authenticated call gets 401, the refresh fails, and the SPA signs the user out.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Pozovi korisnika' })).toBeVisible();
  await page.getByLabel('Ime', { exact: true }).fill('Marko');
  await page.getByLabel('Prezime', { exact: true }).fill('Kovač');
  await page.getByLabel('Email', { exact: true }).fill('marko.e2e@example.com');
  await page.getByLabel('Uloga').selectOption({ label: 'Običan korisnik' });
  await page.getByRole('button', { name: 'Pošalji pozivnicu' }).click();
  await expect(page.getByText(AUTH_EXPIRED)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(logoutLink(page)).toHaveCount(0);
});

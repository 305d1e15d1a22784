/**
 * The access gate in a real browser against `npm start` (SPEC 2 "Access gate", 3 cookies, 4, 5
 * "Gate", 9). Playwright gives every test a fresh browser context: no cookies, a new visitor.
 */
import { expect, type Page } from '@playwright/test';
import {
  ACCEPT_BUTTON,
  DECLARATION_REQUIRED,
  DECLARATION_SWITCH,
  NOT_FOUND,
  POLICY_PAGES,
  acceptGate,
  addGateCookies,
  gate,
  openPage,
  slogan,
  test,
} from './support.ts';

const DAY_S = 24 * 60 * 60;
const YEAR_S = 365.25 * DAY_S;
const nowS = () => Date.now() / 1000;

/** The browser globals the cookie recorder touches (tsconfig.node.json has no DOM library). */
interface RecorderGlobals {
  document: object;
  Document: { prototype: object };
  cookieWrites: string[];
}

/**
 * Records what the page writes to `document.cookie`: Chromium caps every cookie's lifetime at
 * 400 days, so only the written text shows the hundred years of SPEC 9.
 */
async function recordCookieWrites(page: Page) {
  await page.addInitScript(() => {
    const browser = globalThis as unknown as RecorderGlobals;
    const native = Object.getOwnPropertyDescriptor(browser.Document.prototype, 'cookie');
    browser.cookieWrites = [];
    Object.defineProperty(browser.document, 'cookie', {
      configurable: true,
      get: () => native?.get?.call(browser.document),
      set: (text: string) => {
        browser.cookieWrites.push(text);
        native?.set?.call(browser.document, text);
      },
    });
  });
}

const cookieWrites = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as RecorderGlobals).cookieWrites);

async function expectOnlyTheGate(page: Page) {
  await expect(gate(page)).toBeVisible();
  await expect(gate(page)).toHaveAttribute('aria-modal', 'true');
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(slogan(page)).toHaveCount(0);
}

async function expectTheSite(page: Page) {
  await expect(slogan(page)).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(gate(page)).toHaveCount(0);
}

/** Whether the element that has focus is inside the gate dialog. */
const focusInsideGate = (page: Page) =>
  gate(page).evaluate((dialog) => dialog.contains(dialog.ownerDocument.activeElement));

/** The markup of the element that has focus, to tell the dialog's controls apart. */
const focusedMarkup = (page: Page) =>
  gate(page).evaluate((dialog) => dialog.ownerDocument.activeElement?.outerHTML ?? '');

test('a new visitor sees only the gate dialog', async ({ page, context }) => {
  await page.goto('/');
  await expectOnlyTheGate(page);
  const dialog = gate(page);
  await expect(dialog.getByRole('switch', { name: DECLARATION_SWITCH })).not.toBeChecked();
  await expect(dialog.getByRole('button', { name: ACCEPT_BUTTON })).toBeVisible();
  await expect(dialog.getByRole('link', { name: /kolačića/ })).toHaveAttribute(
    'href',
    '/pravila-o-koristenju-kolacica',
  );
  await expect(dialog.getByRole('link', { name: /privatnosti/ })).toHaveAttribute(
    'href',
    '/pravila-privatnosti',
  );
  await expect(dialog.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  expect(await context.cookies()).toEqual([]);
});

test('a deep link to a site page shows the gate too', async ({ page }) => {
  await page.goto('/tecajevi');
  await expectOnlyTheGate(page);
});

for (const { path, title } of POLICY_PAGES) {
  test(`the policy page ${path} opens without the gate`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(gate(page)).toHaveCount(0);
  });
}

test('the cookie policy link in the gate opens the policy page; going back shows the gate', async ({
  page,
}) => {
  await page.goto('/');
  await gate(page)
    .getByRole('link', { name: /kolačića/ })
    .click();
  await expect(page).toHaveURL(/\/pravila-o-koristenju-kolacica$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Pravila o korištenju kolačića' }),
  ).toBeVisible();
  await expect(gate(page)).toHaveCount(0);
  await page.goBack();
  await expectOnlyTheGate(page);
});

test('accepting without the declaration shows the alert and sets no cookie', async ({
  page,
  context,
}) => {
  await openPage(page, '/');
  await gate(page).getByRole('button', { name: ACCEPT_BUTTON }).click();
  await expect(gate(page).getByRole('alert')).toHaveText(DECLARATION_REQUIRED, {
    useInnerText: true,
  });
  await expectOnlyTheGate(page);
  expect(await context.cookies()).toEqual([]);

  // Turning the switch on is the way out of the alert.
  await gate(page).getByRole('switch', { name: DECLARATION_SWITCH }).click();
  await expect(gate(page).getByRole('alert')).toHaveCount(0);
});

test('accepting with the declaration sets both cookies and opens the home page', async ({
  page,
  context,
}) => {
  await recordCookieWrites(page);
  await openPage(page, '/');
  const declaration = gate(page).getByRole('switch', { name: DECLARATION_SWITCH });
  await declaration.click();
  await expect(declaration).toBeChecked();
  await gate(page).getByRole('button', { name: ACCEPT_BUTTON }).click();
  await expectTheSite(page);

  const cookies = await context.cookies();
  const byName = new Map(cookies.map((cookie) => [cookie.name, cookie]));
  expect([...byName.keys()].sort()).toEqual(['prihvaceni_kolacici', 'pristup_dozvoljen']);
  const necessary = byName.get('prihvaceni_kolacici');
  const declared = byName.get('pristup_dozvoljen');
  expect(necessary).toMatchObject({ value: '1', path: '/' });
  expect(declared).toMatchObject({ value: 'true', path: '/', sameSite: 'Strict' });

  // SPEC 9: the declaration lives one year.
  expect(declared?.expires).toBeGreaterThan(nowS() + 362 * DAY_S);
  expect(declared?.expires).toBeLessThan(nowS() + 368 * DAY_S);

  // SPEC 9: the necessary cookie is written for a hundred years...
  const written = await cookieWrites(page);
  const necessaryWrite = written.find((text) => text.startsWith('prihvaceni_kolacici=1;'));
  const writtenExpiry = Date.parse(/expires=([^;]+)/i.exec(necessaryWrite ?? '')?.[1] ?? '');
  expect((writtenExpiry / 1000 - nowS()) / YEAR_S).toBeGreaterThan(99.9);
  expect((writtenExpiry / 1000 - nowS()) / YEAR_S).toBeLessThan(100.1);
  // ...and Chromium keeps it as long as it keeps any cookie: 400 days, longer than the declaration.
  expect(necessary?.expires).toBeGreaterThan(nowS() + 399 * DAY_S);
  expect(necessary?.expires).toBeGreaterThan(declared?.expires ?? Infinity);
});

test('after accepting, a reload and a new tab keep the site open', async ({ page, context }) => {
  await page.goto('/');
  await acceptGate(page);
  await page.reload();
  await expectTheSite(page);

  const secondTab = await context.newPage();
  await secondTab.goto('/');
  await expectTheSite(secondTab);
});

test('keyboard only: Tab to the switch, Space, Tab to the button, Enter', async ({ page }) => {
  await openPage(page, '/');
  await expect(gate(page)).toBeFocused();

  const declaration = gate(page).getByRole('switch', { name: DECLARATION_SWITCH });
  await page.keyboard.press('Tab');
  await expect(declaration).toBeFocused();
  await page.keyboard.press('Space');
  await expect(declaration).toBeChecked();

  const accept = gate(page).getByRole('button', { name: ACCEPT_BUTTON });
  for (let presses = 0; presses < 10; presses += 1) {
    await page.keyboard.press('Tab');
    if (await accept.evaluate((element) => element === element.ownerDocument.activeElement)) {
      break;
    }
  }
  await expect(accept).toBeFocused();
  await page.keyboard.press('Enter');
  await expectTheSite(page);
});

test('Tab and Shift+Tab never take focus out of the gate', async ({ page }) => {
  await openPage(page, '/');
  await expect(gate(page)).toBeFocused();
  const focusable = gate(page).locator('a[href], button, input');
  const count = await focusable.count();
  expect(count).toBeGreaterThanOrEqual(4);

  const visited = new Set<string>();
  for (let presses = 0; presses < count * 3; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInsideGate(page), `after Tab number ${presses + 1}`).toBe(true);
    visited.add(await focusedMarkup(page));
  }
  // Tab reached every control of the dialog, so it wrapped around rather than sticking.
  expect(visited.size).toBe(count);

  for (let presses = 0; presses < count * 3; presses += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInsideGate(page), `after Shift+Tab number ${presses + 1}`).toBe(true);
  }
});

test('an unknown path after accepting shows the Croatian not-found page', async ({
  page,
  context,
  baseURL,
}) => {
  await addGateCookies(context, baseURL ?? '');
  await page.goto('/ovo-ne-postoji/nikako');
  await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  await page.getByRole('link', { name: 'Natrag na početnu stranicu' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(slogan(page)).toBeVisible();
});

test('history fallback: a deep link such as /info loads the SPA, not JSON', async ({
  page,
  context,
  baseURL,
}) => {
  await addGateCookies(context, baseURL ?? '');
  const response = await page.goto('/info');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toMatch(/^text\/html/);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page).toHaveURL(/\/info$/);
});

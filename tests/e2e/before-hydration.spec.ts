/**
 * Taps on a server-rendered page before the app has hydrated it, or without JavaScript at all
 * (decision 0026): the gate is a real form the server answers, and a native switch hands a toggle
 * made before hydration to its machine once the app runs. The app's scripts are held back or
 * refused here, so the test taps the server's HTML for sure, however fast the machine.
 */
import { expect, type Page } from '@playwright/test';
import {
  ACCEPT_BUTTON,
  DECLARATION_SWITCH,
  DESKTOP,
  addGateCookies,
  gate,
  isHydrated,
  slogan,
  test,
} from './support.ts';

const APP_SCRIPTS = '**/assets/*.js';
const DECLARATION_REQUIRED = "Molimo, odaberite 'Izjavljujem gore navedeno.'";
const MAP_SWITCH = 'Prikaži kartu regija';
const MAP = 'Karta regija prodajnih predstavnika';

/**
 * Holds the app's scripts back until `release` is called. The page's load event waits for them,
 * so the test opens it with `waitUntil: 'commit'` and waits for what it taps instead.
 */
async function holdScripts(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<unknown>((resolve) => {
    release = () => resolve(true);
  });
  await page.route(APP_SCRIPTS, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

async function untilHydrated(page: Page) {
  await expect.poll(() => isHydrated(page)).toBe(true);
  await page.waitForLoadState('networkidle');
}

/** Console errors and uncaught errors, which a hydration mismatch would log. */
function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

const gateCookies = async (page: Page) =>
  (await page.context().cookies()).filter((cookie) =>
    ['prihvaceni_kolacici', 'pristup_dozvoljen'].includes(cookie.name),
  );

test.describe('without JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await page.route(APP_SCRIPTS, (route) => route.abort());
  });

  test('the gate’s form lets the visitor in, back on the page they asked for', async ({ page }) => {
    await page.goto('/katalozi');
    await gate(page).getByRole('switch', { name: DECLARATION_SWITCH }).click();
    await expect(gate(page).getByRole('switch', { name: DECLARATION_SWITCH })).toBeChecked();
    await gate(page).getByRole('button', { name: ACCEPT_BUTTON }).click();
    await expect(page).toHaveURL(/\/katalozi$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Proizvodi i katalozi' }),
    ).toBeVisible();
    await expect(gate(page)).toHaveCount(0);
    const cookies = await gateCookies(page);
    expect(cookies.map(({ name, value }) => `${name}=${value}`).sort()).toEqual([
      'prihvaceni_kolacici=1',
      'pristup_dozvoljen=true',
    ]);
    expect(cookies.find((cookie) => cookie.name === 'pristup_dozvoljen')?.sameSite).toBe('Strict');
  });

  test('accepting without the declaration keeps the gate with SPEC’s message and sets no cookie', async ({
    page,
  }) => {
    await page.goto('/info');
    await expect(gate(page).getByRole('alert')).toHaveCount(0);
    await gate(page).getByRole('button', { name: ACCEPT_BUTTON }).click();
    await expect(page).toHaveURL(/\/info\?izjava=nedostaje$/);
    await expect(gate(page).getByRole('alert')).toHaveText(DECLARATION_REQUIRED);
    expect(await gateCookies(page)).toEqual([]);
  });
});

test.describe('before the app has hydrated the page', () => {
  test('the gate’s switch, tapped before, is on once the app runs; accepting opens the site', async ({
    page,
  }) => {
    const problems = watchErrors(page);
    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await gate(page).getByRole('switch', { name: DECLARATION_SWITCH }).click();
    scripts.release();
    await untilHydrated(page);
    const declaration = gate(page).getByRole('switch', { name: DECLARATION_SWITCH });
    await expect(declaration).toBeChecked();
    // The machine heard of the tap: the app's own accept opens the site, no alert.
    await gate(page).getByRole('button', { name: ACCEPT_BUTTON }).click();
    await expect(slogan(page)).toBeVisible();
    expect(await gateCookies(page)).toHaveLength(2);
    expect(problems).toEqual([]);
  });

  test('the gate’s button, tapped before without the declaration, answers with SPEC’s message, which stays once the app runs', async ({
    page,
  }) => {
    const problems = watchErrors(page);
    const scripts = await holdScripts(page);
    await page.goto('/katalozi', { waitUntil: 'commit' });
    await gate(page).getByRole('button', { name: ACCEPT_BUTTON }).click();
    // The server's own answer, before any script of the app ran.
    await expect(gate(page).getByRole('alert')).toHaveText(DECLARATION_REQUIRED);
    expect(await isHydrated(page)).toBe(false);
    await page.screenshot({ path: test.info().outputPath('gate-refused-before-hydration.png') });
    scripts.release();
    await untilHydrated(page);
    await expect(gate(page).getByRole('alert')).toHaveText(DECLARATION_REQUIRED);
    // Read with the dialog, which has the focus, and no longer in the address.
    const alertId = await gate(page).getByRole('alert').getAttribute('id');
    await expect(gate(page)).toHaveAttribute('aria-describedby', new RegExp(`\\b${alertId}$`));
    await expect(page).toHaveURL(/\/katalozi$/);
    await gate(page).getByRole('switch', { name: DECLARATION_SWITCH }).click();
    await expect(gate(page).getByRole('alert')).toHaveCount(0);
    await gate(page).getByRole('button', { name: ACCEPT_BUTTON }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Proizvodi i katalozi' }),
    ).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the gate’s button, tapped before, lets the visitor in through the server', async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    await gate(page).getByRole('switch', { name: DECLARATION_SWITCH }).click();
    await gate(page).getByRole('button', { name: ACCEPT_BUTTON }).click();
    scripts.release();
    await expect(slogan(page)).toBeVisible();
    expect(await gateCookies(page)).toHaveLength(2);
  });

  test.describe('on /info at desktop width', () => {
    test.use({ viewport: DESKTOP });

    test('the map switch, tapped before, shows the map once the app runs', async ({
      page,
      context,
      baseURL,
    }) => {
      await addGateCookies(context, baseURL ?? '');
      const problems = watchErrors(page);
      const scripts = await holdScripts(page);
      await page.goto('/info', { waitUntil: 'commit' });
      await page.getByRole('switch', { name: MAP_SWITCH }).click();
      scripts.release();
      await untilHydrated(page);
      await expect(page.getByRole('switch', { name: MAP_SWITCH })).toBeChecked();
      await expect(page.getByRole('group', { name: MAP })).toBeVisible();
      // And it is the machine's switch now: off again hides the map.
      await page.getByRole('switch', { name: MAP_SWITCH }).click();
      await expect(page.getByRole('group', { name: MAP })).toHaveCount(0);
      expect(problems).toEqual([]);
    });
  });
});

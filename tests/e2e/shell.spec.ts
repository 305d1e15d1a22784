/**
 * The site shell after the gate (SPEC 2 "Header and footer"), the server's headers for the page
 * (Content-Security-Policy, caching) and a clean console. The visitor accepted the gate earlier:
 * the two cookies are set before the page loads.
 */
import { expect, type Page } from '@playwright/test';
import { company } from '../../src/data/company.ts';
import { DESKTOP, PHONE, acceptGate, addGateCookies, openPage, slogan, test } from './support.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await addGateCookies(context, baseURL ?? '');
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Glavna navigacija' });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Izbornik' });
const closeButton = (page: Page) => page.getByRole('button', { name: 'Zatvori izbornik' });

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('the header shows the logged-out links and no hamburger', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Dentalia' })).toHaveAttribute('href', '/');
    await expect(mainNav(page).getByRole('link')).toHaveText([
      'Proizvodi i katalozi',
      'Tečajevi',
      'O nama',
      'Prijava',
    ]);
    const hrefs = await mainNav(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(['/katalozi', '/tecajevi', '/info', '/login']);
    for (const hidden of ['Odjava', 'Admin', 'Video edukacije']) {
      await expect(page.getByRole('link', { name: hidden })).toHaveCount(0);
    }
    await expect(menuButton(page)).toBeHidden();
  });

  test('a header link navigates inside the SPA and marks the current page', async ({ page }) => {
    await openPage(page, '/');
    await page.evaluate(() => {
      (globalThis as { sameDocument?: boolean }).sameDocument = true;
    });
    await mainNav(page).getByRole('link', { name: 'O nama' }).click();
    await expect(page).toHaveURL(/\/info$/);
    await expect(mainNav(page).getByRole('link', { name: 'O nama' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // No full page load: the marker set on the window survived the navigation.
    expect(await page.evaluate(() => (globalThis as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('Izbornik opens the side panel; Escape closes it and focus returns to the button', async ({
    page,
  }) => {
    await openPage(page, '/');
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page)).toBeHidden();

    await menuButton(page).click();
    // Open, the button is the close control (issue 32).
    await expect(closeButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(mainNav(page)).toBeVisible();
    await expect(mainNav(page).getByRole('link')).toHaveText([
      'Proizvodi i katalozi',
      'Tečajevi',
      'O nama',
      'Prijava',
    ]);
    await expect(mainNav(page).getByRole('link', { name: 'Proizvodi i katalozi' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test('the open menu dims the page, keeps focus inside, and closes on a tap outside', async ({
    page,
  }) => {
    await openPage(page, '/');
    await menuButton(page).click();
    const backdrop = page.locator('.header__backdrop');
    await expect(backdrop).toBeVisible();
    await expect(backdrop).toHaveCSS('background-color', 'rgba(0, 0, 0, 0.45)');
    await page.screenshot({ path: 'test-results/issue-32/menu-open-375.png' });
    // Tab from the last link comes back to the close control, not to the page behind.
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('Tab');
    await expect(closeButton(page)).toBeFocused();
    // A tap on the dimmed page, left of the panel.
    await page.mouse.click(20, 400);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page)).toBeHidden();
    await expect(backdrop).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
  });

  test('following a link in the side panel closes it', async ({ page }) => {
    await openPage(page, '/');
    await menuButton(page).click();
    await mainNav(page).getByRole('link', { name: 'Tečajevi' }).click();
    await expect(page).toHaveURL(/\/tecajevi$/);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav(page)).toBeHidden();
  });
});

test('the footer shows the company register data and the four bank accounts', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`OIB: ${company.oib}`);
  await expect(footer).toContainText(`${company.registerCourt}, MBS ${company.mbs}`);
  await expect(footer).toContainText(company.shareCapital);
  await expect(footer).toContainText('uplaćen u cijelosti');
  for (const member of company.managementBoard) await expect(footer).toContainText(member);

  const ibans = footer.getByText(/^IBAN: HR\d{2}( \d{4}){4} \d$/);
  await expect(ibans).toHaveCount(4);
  await expect(ibans).toHaveText(company.bankAccounts.map(({ iban }) => `IBAN: ${iban}`));

  for (const name of [
    'O nama',
    'Dobavljači',
    'Tečajevi',
    'Pravila privatnosti',
    'Obrada podataka',
    'Pravila o korištenju kolačića',
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: /Facebook/ })).toHaveAttribute('target', '_blank');
});

test('the page has a strict Content-Security-Policy and loads with no console error or CSP violation', async ({
  page,
  context,
}) => {
  // A new visitor this time: the gate and then the site must both run clean.
  await context.clearCookies();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    // The browser's SecurityPolicyViolationEvent bubbles up to the window.
    type Violation = Event & { violatedDirective: string; blockedURI: string };
    (globalThis as unknown as EventTarget).addEventListener('securitypolicyviolation', (event) => {
      const { violatedDirective, blockedURI } = event as Violation;
      console.error(`CSP violation: ${violatedDirective} ${blockedURI}`);
    });
  });

  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');

  await acceptGate(page);
  await page.goto('/nema-ove-stranice');
  await expect(page.getByRole('heading', { name: 'Stranica nije pronađena' })).toBeVisible();
  await page.goto('/pravila-privatnosti');
  await expect(page.getByRole('heading', { level: 1, name: 'Pravila privatnosti' })).toBeVisible();
  await page.goto('/');
  await expect(slogan(page)).toBeVisible();

  expect(problems).toEqual([]);
});

test('hashed assets are cached immutably and index.html is revalidated', async ({ request }) => {
  const index = await request.get('/', { headers: { accept: 'text/html' } });
  expect(index.status()).toBe(200);
  expect(index.headers()['cache-control']).toContain('no-cache');
  const html = await index.text();

  // In attributes, and in the start script's list of modules (server/http/pages.ts).
  const assets = [...html.matchAll(/"(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  expect(assets.some((asset) => asset?.endsWith('.js'))).toBe(true);
  // The stylesheet is inline (issue 15): the first paint waits for no request.
  expect(html).toMatch(/<style>[^<]+<\/style>/);
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  for (const asset of assets) {
    const response = await request.get(asset ?? '');
    expect(response.status(), asset).toBe(200);
    expect(response.headers()['cache-control'], asset).toContain('immutable');
    expect(response.headers()['cache-control'], asset).toContain('max-age=31536000');
  }

  // A deep link of a visitor without the gate cookies gets the same gate page, revalidated as well.
  const deepLink = await request.get('/tecajevi', { headers: { accept: 'text/html' } });
  expect(deepLink.headers()['cache-control']).toContain('no-cache');
  expect(deepLink.headers()['content-type']).toMatch(/^text\/html/);
  expect(await deepLink.text()).toBe(html);
});

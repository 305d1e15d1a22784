/**
 * "Zapisnik" in a real browser against `npm start` (issue 29): an employee's change of a product
 * appears in the audit log an administrator reads, with who, what, which object and the address;
 * the person and kind filters narrow it; employees have no such entry and are sent away from its
 * address; axe finds nothing at 375 and 1366 px, and nothing sticks out sideways.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  addGateCookies,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  logIn,
  test,
  ownClientAddress,
} from './support.ts';

const EMPLOYEE_EMAIL = 'zaposlenik@dentalia.hr';
const ADMIN_EMAIL = 'admin@dentalia.hr';
const SCREENSHOTS = 'test-results/screenshots';

const menuEntries = (page: Page) =>
  page.getByRole('navigation', { name: 'Administracija' }).getByRole('link');
const rows = (page: Page) => page.locator('.audit-log__rows').getByRole('listitem');

test.beforeEach(async ({ context, baseURL }) => {
  await addGateCookies(context, baseURL ?? '');
});

/** The employee hides the first product of the strip and shows it again: two audit rows. */
async function employeeTogglesAProduct(page: Page): Promise<string> {
  await logIn(page, EMPLOYEE_EMAIL);
  await page.goto('/admin/products');
  const name = (await page.getByRole('rowheader').first().innerText()).trim();
  const shown = page.getByRole('switch', { name: `Prikaži ${name} na početnoj stranici` });
  await expect(shown).toBeVisible();
  for (let turn = 0; turn < 2; turn += 1) {
    const patched = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.status() === 200,
    );
    await shown.click();
    await patched;
  }
  return name;
}

test("an administrator reads an employee's change in Zapisnik and filters it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const employeeAddress = ownClientAddress();
  const employee = await browser.newPage({ baseURL, extraHTTPHeaders: employeeAddress });
  await addGateCookies(employee.context(), baseURL ?? '');
  const product = await employeeTogglesAProduct(employee);
  expect(product).not.toBe('');
  // Employees have no Zapisnik: not in their menu, and its address sends them to the first entry.
  await expect(menuEntries(employee)).not.toContainText(['Zapisnik']);
  await employee.goto('/admin/zapisnik');
  await expect(employee).toHaveURL(/\/admin\/newsletter$/);
  await employee.close();

  await logIn(page, ADMIN_EMAIL);
  await page.goto('/admin');
  await menuEntries(page).filter({ hasText: 'Zapisnik' }).click();
  await expect(page).toHaveURL(/\/admin\/zapisnik$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zapisnik' })).toBeVisible();
  const newest = rows(page).first();
  await expect(newest).toContainText('Proizvod izmijenjeno');
  await expect(newest).toContainText(`${product}: na početnoj `);
  await expect(newest).toContainText(`(${EMPLOYEE_EMAIL})`);
  // The employee's own address, as the proxy in front of the server reported it.
  await expect(newest).toContainText(`Adresa: ${employeeAddress['X-Forwarded-For']}`);
  // Hidden, then shown again (or the other way round): the two rows say opposite things.
  const [first, second] = await Promise.all([newest.innerText(), rows(page).nth(1).innerText()]);
  expect(second).toContain(`${product}: na početnoj `);
  expect(first.includes('na početnoj da')).toBe(second.includes('na početnoj ne'));

  const person = page.getByRole('combobox', { name: 'Osoba' });
  const employeeOption = person.getByRole('option', { name: new RegExp(EMPLOYEE_EMAIL) });
  await person.selectOption({ label: (await employeeOption.textContent()) ?? '' });
  await expect(rows(page).first()).toContainText(`(${EMPLOYEE_EMAIL})`);
  const shownRows = await rows(page).allInnerTexts();
  expect(shownRows.every((text) => text.includes(`(${EMPLOYEE_EMAIL})`))).toBe(true);

  await page.getByRole('combobox', { name: 'Vrsta' }).selectOption({ label: 'Tečaj' });
  await expect(page.getByText('Nema zapisa za odabrane filtre.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Vrsta' }).selectOption({ label: 'Proizvod' });
  await expect(rows(page).first()).toContainText('Proizvod izmijenjeno');
  await expect(page.getByText(/^Stranica 1 od 1 \(zapisa: \d+\)$/)).toBeVisible();
});

for (const [width, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test.describe(`${width} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('Zapisnik has no axe violations and nothing sticks out', async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const employee = await browser.newPage({ baseURL });
      await addGateCookies(employee.context(), baseURL ?? '');
      await employeeTogglesAProduct(employee);
      await employee.close();
      await logIn(page, ADMIN_EMAIL);
      await page.goto('/admin/zapisnik');
      await expect(rows(page).first()).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOTS}/audit-log-${width}.png`, fullPage: true });
    });
  });
}

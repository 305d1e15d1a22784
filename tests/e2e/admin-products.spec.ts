/**
 * The home-page product strip in a real browser against `npm start` (issue 11; SPEC 2 admin
 * screen 3, 4, 5, 8): an employee adds a product with a real JPEG, highlighted, a fresh visitor
 * sees it with the red aura on `/`, the employee hides it (the highlight goes too) and deletes it
 * (its files go too). axe finds nothing on the screen at 375 and 1366 px; screenshots of both
 * widths land in test-results/ to be looked at.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  DESKTOP,
  PHONE,
  addGateCookies,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  logIn,
  serverDataDir,
  visitorPage,
  test,
} from './support.ts';

const EMPLOYEE_EMAIL = 'zaposlenik@dentalia.hr';

const STRIP_TITLE = 'Proizvodi na početnoj stranici';
const ADD = 'Unesi novi proizvod';
const SUBMIT = 'Dodaj proizvod';
const CREATED = 'Proizvod uspješno dodan na početnu stranicu!';
const DELETED = 'Proizvod obrisan s početne stranice.';
const HOME_PRODUCTS = 'Izdvojeno iz ponude';

/** A real photo-like JPEG: a gradient with a few shapes, as a camera would send it. */
async function productPhoto(): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#dbeafe"/><stop offset="1" stop-color="#1a5fb4"/>
      </linearGradient></defs>
      <rect width="1200" height="900" fill="url(#g)"/>
      <circle cx="600" cy="450" r="260" fill="#ffffff" opacity="0.85"/>
      <rect x="470" y="320" width="260" height="260" rx="40" fill="#e30613"/>
    </svg>`,
  );
  return sharp(svg).jpeg({ quality: 85 }).toBuffer();
}

/** The home page's product cards load as they come near: scroll until the strip is there. */
async function homeProduct(page: Page, name: string): Promise<Locator> {
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 2, name: HOME_PRODUCTS });
  for (let step = 0; step < 30 && !(await heading.isVisible()); step += 1) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(150);
  }
  await expect(heading).toBeVisible();
  return page.locator('.product', { hasText: name });
}

const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const shownSwitch = (page: Page, name: string) =>
  page.getByRole('switch', { name: `Prikaži ${name} na početnoj stranici` });
const highlightSwitch = (page: Page, name: string) =>
  page.getByRole('switch', { name: `Istakni ${name} na početnoj stranici` });

test.beforeEach(async ({ context, baseURL }) => {
  await addGateCookies(context, baseURL ?? '');
});

test('an employee runs a product from the strip to the home page and away again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const name = `Kofferdam set E2E ${Date.now().toString(36)}`;
  await logIn(page, EMPLOYEE_EMAIL);

  // The menu leads employees to the strip.
  await page.goto('/admin');
  const menu = page.getByRole('navigation', { name: 'Administracija' });
  await menu.getByRole('link', { name: 'Proizvodi' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: STRIP_TITLE })).toBeVisible();
  await expect(page.getByText(/^Ukupno proizvoda: \d+$/)).toBeVisible();
  await expect(page.getByText(/^Stranica 1 od \d+$/)).toBeVisible();

  // The empty form lists both SPEC 5 messages.
  await page.getByRole('button', { name: ADD }).click();
  await page.getByRole('button', { name: SUBMIT }).click();
  const form = page.locator('form');
  await expect(form.getByRole('alert')).toContainText('Naziv novog produkta nije dodan.');
  await expect(form.getByRole('alert')).toContainText('Fotografija novog produkta nije dodana');

  await page.getByLabel('Naziv proizvoda').fill(name);
  await page
    .getByLabel('Fotografija proizvoda')
    .setInputFiles({ name: 'kofferdam.jpg', mimeType: 'image/jpeg', buffer: await productPhoto() });
  // Highlighted as it is added (issue 29, SPEC 7's IsHighlighted).
  await page.getByRole('checkbox', { name: 'Istaknuto' }).check();
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(page.getByText(CREATED)).toBeVisible();
  await expect(page.getByLabel('Naziv proizvoda')).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: 'Istaknuto' })).not.toBeChecked();

  // Newest first: it heads page 1, shown and highlighted, its photo a WebP of ours.
  await expect(page.getByRole('rowheader').first()).toHaveText(name);
  await expect(shownSwitch(page, name)).toHaveAttribute('aria-checked', 'true');
  await expect(highlightSwitch(page, name)).toHaveAttribute('aria-checked', 'true');
  const photo = row(page, name).getByRole('img', { name: `Fotografija proizvoda ${name}` });
  await expect(photo).toHaveJSProperty('complete', true);
  expect(await photo.evaluate((image) => (image as { naturalWidth: number }).naturalWidth)).toBe(
    600,
  );
  const cardUrl = (await photo.getAttribute('src')) ?? '';
  expect(cardUrl).toMatch(/^\/media\/products\/[\w-]{22}-card\.webp$/);
  const fullUrl = cardUrl.replace(/-card\.webp$/, '.webp');
  expect((await page.request.get(fullUrl)).status()).toBe(200);

  // The switch takes the highlight away and gives it back, each once the server confirmed it.
  await highlightSwitch(page, name).click();
  await expect(highlightSwitch(page, name)).toHaveAttribute('aria-checked', 'false');
  await highlightSwitch(page, name).click();
  await expect(highlightSwitch(page, name)).toHaveAttribute('aria-checked', 'true');

  // A fresh visitor sees it on the home page with the red aura.
  const visitor = await visitorPage(browser, baseURL ?? '');
  const card = await homeProduct(visitor, name);
  await expect(card).toBeVisible();
  await expect(card).toHaveClass(/product--highlighted/);
  expect(
    await card.evaluate(
      (item) =>
        (
          globalThis as unknown as { getComputedStyle(element: unknown): { boxShadow: string } }
        ).getComputedStyle(item).boxShadow,
    ),
  ).toContain('rgb(227, 6, 19)');

  // Hidden: the highlight goes with it, and the visitor no longer sees it.
  await shownSwitch(page, name).click();
  await expect(shownSwitch(page, name)).toHaveAttribute('aria-checked', 'false');
  await expect(highlightSwitch(page, name)).toHaveAttribute('aria-checked', 'false');
  await expect(highlightSwitch(page, name)).toBeDisabled();
  await homeProduct(visitor, 'Kompozit za ispune A2');
  await expect(visitor.locator('.product', { hasText: name })).toHaveCount(0);
  await visitor.context().close();

  // Deleted behind the dialog: the row and both files are gone.
  await row(page, name)
    .getByRole('button', { name: `Obriši proizvod ${name}` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Obrisati odabrani proizvod?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Trajno obriši' }).click();
  await expect(page.getByText(DELETED)).toBeVisible();
  await expect(page.getByRole('rowheader', { name, exact: true })).toHaveCount(0);
  for (const url of [cardUrl, fullUrl]) {
    expect((await page.request.get(url)).status(), url).toBe(404);
    expect(existsSync(path.join(serverDataDir(), url))).toBe(false);
  }
});

test('the strip passes axe and is looked at on a phone and a desktop', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, EMPLOYEE_EMAIL);
  for (const [label, viewport] of [
    ['375', PHONE],
    ['1366', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/admin/products');
    await expect(page.getByRole('rowheader').first()).toBeVisible();
    await page.getByRole('button', { name: ADD }).click();
    await expect(page.getByLabel('Naziv proizvoda')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: test.info().outputPath(`admin-products-${label}.png`),
      fullPage: true,
    });
  }
});

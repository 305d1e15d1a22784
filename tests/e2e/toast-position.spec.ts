/**
 * Toasts never cover the controls they report on (issue 29, decision 0053), measured with the
 * boxes the browser laid out at 375×812 and 1366×768: an employee adds a product (the toast
 * reports on 'Dodaj proizvod'), schedules a newsletter (on 'Stvori newsletter')
 * and sends its test mail (on that newsletter's buttons), each pressed at the window's bottom
 * edge, where a bottom-centre toast lands. On the admin screens of a wide window
 * the toasts stand in the menu's column, so there they cover no product row and no list button
 * at all. Screenshots land in /work/notes/shots (TOAST_SHOTS overrides) to be looked at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { addGateCookies, logIn, zagrebPickerText, test } from './support.ts';

const SHOTS = process.env.TOAST_SHOTS ?? '/work/notes/shots';
const EMPLOYEE_EMAIL = 'zaposlenik@dentalia.hr';
const PRODUCT_CREATED = 'Proizvod uspješno dodan na početnu stranicu!';
const NEWSLETTER_CREATED = 'Newsletter uspješno stvoren i bit će poslan u odabrano vrijeme.';
const TEST_SENT = 'Probni newsletter poslan je na vašu adresu.';
const PRICE_LABEL = 'Cijena (npr. 49,90 €)';

const VIEWPORTS = [
  { name: 'phone', size: { width: 375, height: 812 }, wide: false },
  { name: 'desktop', size: { width: 1366, height: 768 }, wide: true },
] as const;

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

/** The toast saying `text`, once its enter animation ended and the page scrolled clear. */
async function toastBox(page: Page, text: string): Promise<Box> {
  const toast = page.locator('.Toastify__toast').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await page.waitForTimeout(400);
  return boxOf(toast);
}

/** Names of the controls under the toast: none is the expectation. */
async function coveredBy(toast: Box, controls: Locator): Promise<string[]> {
  const covered: string[] = [];
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    if (overlaps(toast, await boxOf(control))) {
      covered.push((await control.getAttribute('aria-label')) ?? (await control.innerText()));
    }
  }
  return covered;
}

/** Scrolls so `control` sits at the window's bottom edge, where a bottom toast would land. */
async function toWindowBottom(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await control.evaluate((element) => {
    // This runs in the page; the tests are typed without the DOM's globals.
    const { window } = globalThis as unknown as {
      window: { innerHeight: number; scrollBy: (x: number, y: number) => void };
    };
    const { bottom } = element.getBoundingClientRect();
    window.scrollBy(0, bottom - (window.innerHeight - 8));
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `toast-${name}.png`) });
}

const photo = (background: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer();

test.beforeEach(async ({ context, baseURL }) => {
  await addGateCookies(context, baseURL ?? '');
});

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.size.width} px a toast covers neither the control it reports on nor its row`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const run = `${viewport.name} ${Date.now().toString(36)}`;
    await page.setViewportSize(viewport.size);
    await logIn(page, EMPLOYEE_EMAIL);

    // A product: the toast reports on 'Dodaj proizvod' and on the new row.
    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Unesi novi proizvod' }).click();
    const productName = `Toast ${run}`;
    await page.getByLabel('Naziv proizvoda').fill(productName);
    await page.getByLabel('Fotografija proizvoda').setInputFiles({
      name: 'proizvod.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo('#1a5fb4'),
    });
    const addProduct = page.getByRole('button', { name: 'Dodaj proizvod' });
    await toWindowBottom(addProduct);
    await addProduct.click();
    const productRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: productName, exact: true }) });
    await expect(productRow).toBeVisible();
    const productToast = await toastBox(page, PRODUCT_CREATED);
    await shoot(page, `product-${viewport.size.width}`);
    expect(await coveredBy(productToast, addProduct)).toEqual([]);
    // A phone has no free column: the row below the form may lie under the stack for its 10 s.
    if (viewport.wide) {
      expect(await coveredBy(productToast, page.getByRole('row'))).toEqual([]);
    }
    expect(productToast.width).toBeLessThanOrEqual(viewport.size.width - 32);

    // A newsletter: the toast reports on 'Stvori newsletter', then on the list's buttons.
    await page.goto('/admin/newsletter');
    const subject = `Dentalia toast ${run}`;
    await page.getByLabel('Naslov (predmet e-maila)').fill(subject);
    const when = page.getByLabel('Datum i vrijeme slanja');
    await when.fill(zagrebPickerText(new Date(Date.now() + 3 * 24 * 3600_000)));
    await when.press('Escape');
    // The form opens with one empty product.
    const product = page.getByRole('group', { name: 'Proizvod 1' });
    await product.getByLabel('Naziv proizvoda').fill('Kompozit A2');
    await product.getByLabel(PRICE_LABEL).fill('12,50 €');
    await product.getByLabel('Fotografija proizvoda').setInputFiles({
      name: 'kompozit.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo('#e30613'),
    });
    const create = page.getByRole('button', { name: 'Stvori newsletter' });
    await toWindowBottom(create);
    await create.click();
    const createdToast = await toastBox(page, NEWSLETTER_CREATED);
    await shoot(page, `newsletter-created-${viewport.size.width}`);
    expect(await coveredBy(createdToast, create)).toEqual([]);

    const sendTest = page.getByRole('button', { name: `Pošalji probni meni: ${subject}` });
    await toWindowBottom(sendTest);
    await sendTest.click();
    const sentToast = await toastBox(page, TEST_SENT);
    await shoot(page, `newsletter-test-${viewport.size.width}`);
    const item = page.getByRole('listitem').filter({ has: sendTest });
    expect(await coveredBy(sentToast, item.getByRole('button'))).toEqual([]);
    if (viewport.wide) {
      const list = page.getByRole('region', { name: 'Newsletteri' });
      expect(await coveredBy(sentToast, list.getByRole('button'))).toEqual([]);
    }
  });
}

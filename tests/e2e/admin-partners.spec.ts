/**
 * Partners and the admin menu in a real browser against `npm start` (SPEC 2 "Admin shell", admin
 * screen 8, 5 "Partner", 6, 8 "Partner"): an employee creates a partner with a logo, sees it
 * listed with its logo, is refused a PDF as the logo and a name taken in another letter case, in
 * Croatian; the menu shows each role its entries; axe finds nothing at 375 and 1366 px.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { adminEntries } from '../../src/machines/adminShell.machine.ts';
import {
  DESKTOP,
  PHONE,
  addGateCookies,
  expectNoSidewaysScroll,
  logIn,
  expectNoAxeViolations,
  test,
} from './support.ts';

const EMPLOYEE_EMAIL = 'zaposlenik@dentalia.hr';
const ADMIN_EMAIL = 'admin@dentalia.hr';
const FORM_TITLE = 'Novi partner';
const SUBMIT = 'Stvori partnera';
const CREATED = 'Partner stvoren.';
const NOT_AN_IMAGE = 'Logotip mora biti slika u formatu JPEG, PNG, WebP, AVIF ili HEIC.';
const NAME_TAKEN = 'Partner s tim nazivom već postoji.';
const SEEDED = ['Nordentis', 'Polarix', 'Lumidenta'];
/** SPEC 2's menu order; each role sees the entries of it that exist for the role. */
const SPEC_MENU_ORDER = [
  'Newsletter',
  'Tečajevi',
  'Korisnici',
  'Proizvodi',
  'Edukacije',
  'Partneri',
  // Issue 29: the audit log, administrators only.
  'Zapisnik',
];
const SCREENSHOTS = 'test-results/screenshots';

/** What an <img> tells of its loading (the browser's type; these tests compile without the DOM). */
interface LoadedImage {
  complete: boolean;
  naturalWidth: number;
}

const menuEntries = (page: Page) =>
  page.getByRole('navigation', { name: 'Administracija' }).getByRole('link');
/** The form's problems (toasts are alerts too). */
const problems = (page: Page) => page.locator('form').getByRole('alert');
const partnerList = (page: Page) => page.getByRole('region', { name: 'Postojeći partneri' });
const partnerItem = (page: Page, name: string) =>
  partnerList(page).getByRole('listitem').filter({ hasText: name });

/** A logo with a transparent background, as logos usually come. */
async function pngLogo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160">
    <circle cx="80" cy="80" r="64" fill="#1a5fb4"/><rect x="170" y="50" width="280" height="60" fill="#e30613"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function pdfBytes(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Nije logotip', { x: 50, y: 700, size: 24, font });
  return Buffer.from(await pdf.save());
}

/** The labels the menu must show, in SPEC order: what `adminEntries` gives the role. */
function expectedMenu(isAdministrator: boolean): string[] {
  const labels = adminEntries({ isAdministrator }).map((entry) => entry.label);
  expect(labels).toEqual(SPEC_MENU_ORDER.filter((label) => labels.includes(label)));
  return labels;
}

test.beforeEach(async ({ context, baseURL }) => {
  await addGateCookies(context, baseURL ?? '');
});

test('an employee creates a partner with a logo; a PDF logo and a taken name are refused in Croatian', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, EMPLOYEE_EMAIL);
  await page.goto('/admin');
  // An employee's menu: Korisnici, Proizvodi (once that screen exists), Partneri; never the
  // administrators' Tečajevi and Edukacije.
  const employeeMenu = expectedMenu(false);
  expect(employeeMenu).toEqual(expect.arrayContaining(['Korisnici', 'Partneri']));
  expect(employeeMenu).not.toContain('Tečajevi');
  expect(employeeMenu).not.toContain('Edukacije');
  await expect(menuEntries(page)).toHaveText(employeeMenu);
  await menuEntries(page).filter({ hasText: 'Partneri' }).click();
  await expect(page).toHaveURL(/\/admin\/partners$/);
  await expect(page.getByRole('heading', { level: 1, name: FORM_TITLE })).toBeVisible();
  for (const name of SEEDED) await expect(partnerItem(page, name)).toBeVisible();

  // Nothing entered: SPEC 5's one message.
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(problems(page)).toHaveText('Niste unijeli sva tražena polja.');

  const name = `Adria Dental ${Date.now()}`;
  await page.getByLabel('Naziv partnera').fill(name);
  await page.getByLabel('Web stranica partnera').fill('www.adria-dental.example');
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(problems(page)).toContainText(
    "Poveznica na stranicu partnera mora započeti s 'http://' ili 'https://'.",
  );
  await page.getByLabel('Web stranica partnera').fill('https://www.adria-dental.example');

  // A PDF as the logo: refused by the browser when it says PDF, by the server when it says PNG.
  const pdf = await pdfBytes();
  const logoInput = page.getByLabel('Logotip');
  await logoInput.setInputFiles({ name: 'logo.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(problems(page)).toHaveText(NOT_AN_IMAGE);
  await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pdf });
  const refused = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/partners') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: SUBMIT }).click();
  expect((await refused).status()).toBe(400);
  await expect(problems(page)).toHaveText(NOT_AN_IMAGE);
  await expect(partnerItem(page, name)).toHaveCount(0);

  await logoInput.setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await pngLogo(),
  });
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(page.getByText(CREATED)).toBeVisible();
  await expect(page.getByLabel('Naziv partnera')).toHaveValue('');
  const created = partnerItem(page, name);
  await expect(partnerList(page).getByRole('listitem').first()).toContainText(name);
  const logo = created.locator('img');
  await expect(logo).toHaveAttribute('src', /^\/media\/partners\/[\w-]{22}-card\.webp$/);
  await expect
    .poll(() =>
      logo.evaluate((image) => {
        const { complete, naturalWidth } = image as unknown as LoadedImage;
        return complete && naturalWidth;
      }),
    )
    // Stored trimmed of its margins (issue 32): the circle starts at x 16, the bar ends at x 450.
    .toBe(434);
  await expect(created.getByRole('link')).toHaveAttribute(
    'href',
    'https://www.adria-dental.example',
  );

  // The same name in other letters' case is the same partner.
  await page.getByLabel('Naziv partnera').fill(name.toUpperCase());
  await page.getByLabel('Web stranica partnera').fill('https://drugi.example');
  await logoInput.setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await pngLogo(),
  });
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(problems(page)).toHaveText(NAME_TAKEN);

  // A fresh load lists it too: the list is the server's.
  await page.reload();
  await expect(partnerItem(page, name)).toBeVisible();
});

test('an employee renames a partner and deletes it; a partner in use is refused, naming its educations', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, EMPLOYEE_EMAIL);
  await page.goto('/admin/partners');
  const name = `Zubna linija ${Date.now()}`;
  await page.getByLabel('Naziv partnera').fill(name);
  await page.getByLabel('Web stranica partnera').fill('https://www.zubna-linija.example');
  await page
    .getByLabel('Logotip')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngLogo() });
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(page.getByText(CREATED)).toBeVisible();

  // Edited in the same form (issue 29): its values and logo shown, the logo kept when none is chosen.
  await partnerItem(page, name)
    .getByRole('button', { name: `Uredi partnera ${name}` })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Uređivanje partnera: ${name}` }),
  ).toBeVisible();
  await expect(page.getByLabel('Naziv partnera')).toHaveValue(name);
  await expect(page.getByText('Trenutni logotip')).toBeVisible();
  await expectNoAxeViolations(page);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/admin-partners-edit.png`, fullPage: true });
  const renamed = `${name} d.o.o. Čakovec`;
  await page.getByLabel('Naziv partnera').fill(renamed);
  await page.getByLabel('Web stranica partnera').fill('https://www.zubna-linija.example/hr');
  await page.getByRole('button', { name: 'Spremi promjene' }).click();
  await expect(page.getByText('Promjene partnera spremljene.')).toBeVisible();
  await expect(page.getByText(CREATED)).toHaveCount(0);
  await expect(partnerItem(page, renamed).getByRole('link')).toHaveAttribute(
    'href',
    'https://www.zubna-linija.example/hr',
  );
  await expect(partnerItem(page, renamed).locator('img')).toHaveAttribute(
    'src',
    /^\/media\/partners\/[\w-]{22}-card\.webp$/,
  );
  await expect(page.getByRole('heading', { level: 1, name: FORM_TITLE })).toBeVisible();

  // Deleted only after the app's dialog asked.
  await partnerItem(page, renamed)
    .getByRole('button', { name: `Obriši partnera ${renamed}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Obrisati partnera?' });
  await expect(confirm).toContainText(`Partner „${renamed}” bit će trajno obrisan`);
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Obriši' }).click();
  await expect(page.getByText('Partner obrisan.')).toBeVisible();
  await expect(partnerItem(page, renamed)).toHaveCount(0);

  // A partner the seeded educations use is refused, naming them; the dialog offers the move.
  await partnerItem(page, 'Nordentis')
    .getByRole('button', { name: 'Obriši partnera Nordentis' })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Obrisati partnera?' })
    .getByRole('button', { name: 'Obriši' })
    .click();
  const refused = page.getByRole('alertdialog', { name: 'Partnera nije moguće obrisati' });
  await expect(refused).toContainText(/Partnera koriste edukacije \(\d+\): .+\./);
  await expect(refused.getByLabel('Premjesti edukacije na partnera')).toBeVisible();
  await expectNoAxeViolations(page);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/admin-partners-delete-refused.png` });
  await refused.getByRole('button', { name: 'Zatvori' }).click();
  await expect(refused).toBeHidden();
  await page.reload();
  await expect(partnerItem(page, 'Nordentis')).toBeVisible();
});

test('an administrator sees every entry of the menu, in SPEC order', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, ADMIN_EMAIL);
  await page.goto('/admin/partners');
  const administratorMenu = expectedMenu(true);
  expect(administratorMenu).toEqual(expect.arrayContaining(['Tečajevi', 'Korisnici', 'Partneri']));
  await expect(menuEntries(page)).toHaveText(administratorMenu);
  await expect(menuEntries(page).filter({ hasText: 'Partneri' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

for (const [width, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test.describe(`${width} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the partner screen has no axe violations and nothing sticks out', async ({ page }) => {
      test.setTimeout(90_000);
      await logIn(page, EMPLOYEE_EMAIL);
      await page.goto('/admin/partners');
      for (const name of SEEDED) await expect(partnerItem(page, name)).toBeVisible();
      await expect
        .poll(() =>
          partnerList(page)
            .locator('img')
            .evaluateAll((images) =>
              (images as unknown as LoadedImage[]).every(
                (image) => image.complete && image.naturalWidth > 0,
              ),
            ),
        )
        .toBe(true);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({
        path: `${SCREENSHOTS}/admin-partners-${viewport.width}.png`,
        fullPage: true,
      });

      await page.getByLabel('Web stranica partnera').fill('partner.example');
      await page.getByRole('button', { name: SUBMIT }).click();
      await expect(problems(page)).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: `${SCREENSHOTS}/admin-partners-${viewport.width}-problems.png`,
        fullPage: true,
      });
    });
  });
}

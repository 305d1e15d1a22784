/**
 * Courses in a real browser against `npm start` (SPEC 2 "Courses list", admin screen 2, 4, 5, 8,
 * 9): the administrator adds a course with an image and a PDF through the form, visitors see it
 * with Croatian dates, the filter for courses abroad survives a reload (cookie), and the
 * administrator deletes it. The demo seed's courses (one of them in Slovenia) are there too.
 */
import { expect, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import {
  DEMO_PASSWORD,
  DESKTOP,
  PHONE,
  addGateCookies,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  logIn,
  solveRobotCheck,
  openPage,
  visitorPage,
  test,
} from './support.ts';

const ADMIN_EMAIL = 'admin@dentalia.hr';

const COURSES_TITLE = 'Trenutno aktivni tečajevi';
const FORM_TITLE = 'Dodaj tečaj';
const SHOW_ABROAD = 'Prikaži i tečajeve u inozemstvu';
const CREATED = 'Tečaj uspješno stvoren!';
const DELETED = 'Tečaj uspješno obrisan!';
const SEEDED_ABROAD = 'Digitalni protokoli u fiksnoj protetici';
const SEEDED_AT_HOME = 'Suvremena implantologija u svakodnevnoj praksi';

const NEW_COURSE = 'Parodontologija: E2E radionica';

async function coverImage(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: '#1a5fb4' } })
    .jpeg()
    .toBuffer();
}

async function programmePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Program radionice', { x: 50, y: 700, size: 24, font });
  return Buffer.from(await pdf.save());
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const abroadSwitch = (page: Page) => page.getByRole('switch', { name: SHOW_ABROAD });

test.beforeEach(async ({ context, baseURL }) => {
  await addGateCookies(context, baseURL ?? '');
});

test('a course goes from the form to the list and away again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await logIn(page, ADMIN_EMAIL);

  // The menu leads administrators to the form.
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Administracija' })
    .getByRole('link', { name: 'Tečajevi' })
    .click();
  await expect(page).toHaveURL(/\/admin\/course$/);
  await expect(page.getByRole('heading', { level: 1, name: FORM_TITLE })).toBeVisible();

  // Submitting the empty form lists the SPEC 5 messages together.
  await page.getByRole('button', { name: 'Objavi tečaj' }).click();
  const problems = page.getByRole('alert');
  await expect(problems).toContainText('Naziv ne može biti prazan.');
  await expect(problems).toContainText(
    'Datumi početka i završetka tečaja moraju biti postavljeni.',
  );
  await expect(problems).toContainText('Fotografija nije učitana.');

  await page.getByLabel('Naziv', { exact: true }).fill(NEW_COURSE);
  await page
    .getByLabel('Opis', { exact: true })
    .fill('Prvi dio: dijagnostika.\nDrugi redak.\n\nDrugi dio: rad na modelima.');
  await page.getByLabel('Predavač(i)').fill('dr. sc. Ana Horvat, dr. Ivo Kovač');
  await page.getByLabel('Mjesto održavanja').fill('Varaždin, dvorana Dentalia');
  await expect(page.getByLabel('Država', { exact: true })).toHaveValue('HR');

  // The start is typed; the end's hour is picked in the date picker's time list.
  await page.getByLabel('Početak', { exact: true }).fill('12. 03. 2031. 09:00');
  await page.keyboard.press('Escape');
  const end = page.getByLabel('Završetak', { exact: true });
  await end.fill('12. 03. 2031. 09:00');
  await page.getByRole('option', { name: '17:00' }).click();
  await expect(end).toHaveValue('12. 03. 2031. 17:00');

  await page.getByLabel('Cijena (€)').fill('120');
  await page
    .getByLabel('Fotografija', { exact: true })
    .setInputFiles({ name: 'naslovna.jpg', mimeType: 'image/jpeg', buffer: await coverImage() });
  await page.getByLabel('Program tečaja (PDF, nije obavezno)').setInputFiles({
    name: 'program.pdf',
    mimeType: 'application/pdf',
    buffer: await programmePdf(),
  });
  await page.getByRole('button', { name: 'Objavi tečaj' }).click();
  await expect(page.getByText(CREATED)).toBeVisible();
  await expect(page.getByLabel('Naziv', { exact: true })).toHaveValue('');

  // The list shows it first (newest), single-day with its hours, in Zagreb time.
  await page.goto('/tecajevi');
  await expect(page.getByRole('heading', { level: 1, name: COURSES_TITLE })).toBeVisible();
  const added = card(page, NEW_COURSE);
  await expect(page.getByRole('article').first()).toHaveAccessibleName(NEW_COURSE);
  await expect(added.getByRole('definition')).toHaveText([
    'srijeda, 12. ožujka 2031.',
    '09:00 – 17:00',
    'Varaždin, dvorana Dentalia',
    'dr. sc. Ana Horvat, dr. Ivo Kovač',
    '120,00\u00a0€',
  ]);
  await expect(added.getByText('Drugi dio: rad na modelima.')).toBeVisible();
  const pdfLink = added.getByRole('link', { name: /Program tečaja \(PDF\)/ });
  const pdfAnswer = await page.request.get((await pdfLink.getAttribute('href')) ?? '');
  expect(pdfAnswer.headers()['content-type']).toContain('application/pdf');
  const today = new Intl.DateTimeFormat('hr-HR', {
    timeZone: 'Europe/Zagreb',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date());
  await expect(added.getByText(/^Objavljeno/)).toHaveText(`Objavljeno ${today}`);
  const cover = added.locator('img');
  await expect(cover).toHaveJSProperty('complete', true);
  expect(
    await cover.evaluate((image) => (image as { naturalWidth: number }).naturalWidth),
  ).toBeGreaterThan(0);

  // A visitor sees it too, Croatia only at first, and the choice of courses abroad is remembered.
  const visitor = await visitorPage(browser, baseURL ?? '');
  // The switch works once the server-rendered page has hydrated: a tap before it changes nothing.
  await openPage(visitor, '/tecajevi');
  await expect(card(visitor, NEW_COURSE)).toBeVisible();
  await expect(card(visitor, SEEDED_AT_HOME)).toBeVisible();
  await expect(card(visitor, SEEDED_ABROAD)).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: /Obriši/ })).toHaveCount(0);
  await abroadSwitch(visitor).check();
  await expect(card(visitor, SEEDED_ABROAD)).toBeVisible();
  await expect(card(visitor, SEEDED_ABROAD).getByRole('definition').nth(3)).toHaveText('Slovenija');
  const cookie = (await visitor.context().cookies()).find(
    ({ name }) => name === 'tecajevi-prikazuj-sve',
  );
  expect(cookie?.value).toBe('true');
  expect(cookie?.sameSite).toBe('Lax');
  const sixMonths = 182 * 24 * 3600;
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + sixMonths - 4 * 24 * 3600);
  expect(cookie?.expires ?? 0).toBeLessThan(Date.now() / 1000 + sixMonths + 4 * 24 * 3600);
  await visitor.reload();
  await expect(abroadSwitch(visitor)).toBeChecked();
  await expect(card(visitor, SEEDED_ABROAD)).toBeVisible();
  await abroadSwitch(visitor).uncheck();
  await visitor.reload();
  await expect(card(visitor, SEEDED_AT_HOME)).toBeVisible();
  await expect(abroadSwitch(visitor)).not.toBeChecked();
  await expect(card(visitor, SEEDED_ABROAD)).toHaveCount(0);

  // The administrator deletes it through the confirmation dialog.
  await added.getByRole('button', { name: `Obriši tečaj ${NEW_COURSE}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Obrisati tečaj?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Ne' })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Obriši' }).click();
  await expect(page.getByText(DELETED)).toBeVisible();
  await expect(card(page, NEW_COURSE)).toHaveCount(0);
  await expect(card(page, SEEDED_AT_HOME)).toBeVisible();
  await visitor.reload();
  await expect(card(visitor, SEEDED_AT_HOME)).toBeVisible();
  await expect(card(visitor, NEW_COURSE)).toHaveCount(0);
  await visitor.context().close();
});

for (const [width, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test.describe(`${width} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the courses list and the course form have no axe violations', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto('/tecajevi');
      await expect(card(page, SEEDED_AT_HOME)).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await abroadSwitch(page).check();
      await expect(card(page, SEEDED_ABROAD)).toBeVisible();
      await expectNoAxeViolations(page);

      await logIn(page, ADMIN_EMAIL);
      await page.goto('/tecajevi');
      await expect(
        card(page, SEEDED_AT_HOME).getByRole('button', { name: /^Obriši tečaj/ }),
      ).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto('/admin/course');
      await expect(page.getByLabel('Naziv', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Objavi tečaj' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
    });
  });
}

test('an employee is not offered the course form', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('zaposlenik@dentalia.hr');
  await page.getByLabel('Lozinka', { exact: true }).fill(DEMO_PASSWORD);
  await solveRobotCheck(page);
  await page.getByRole('button', { name: 'Prijavi se' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Odjava' })).toBeVisible();
  await page.goto('/admin/course');
  await expect(page).toHaveURL(/\/admin\/newsletter$/);
  await expect(
    page
      .getByRole('navigation', { name: 'Administracija' })
      .getByRole('link', { name: 'Tečajevi' }),
  ).toHaveCount(0);
});

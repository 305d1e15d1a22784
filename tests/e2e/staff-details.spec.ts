/**
 * Issue 29's smaller points in a real browser: on a phone, choosing an admin menu entry lands on
 * the page's heading below the sticky header; the date pickers speak Croatian and offer no past
 * day; the radios are the site's red; a missing education returns to the library with a word,
 * and the library's load error offers a retry. axe finds nothing at 375 and 1366 px; screenshots
 * land in test-results/screenshots to be looked at.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  addGateCookies,
  expectNoAxeViolations,
  logIn,
  openPage,
  test,
} from './support.ts';

const ADMIN_EMAIL = 'admin@dentalia.hr';
const USER_EMAIL = 'korisnik@example.com';
const SCREENSHOTS = 'test-results/screenshots';
const SITE_RED = 'rgb(227, 6, 19)';

/** The window's scroll position (the page's own global; these tests compile without the DOM). */
const scrollY = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);

test.beforeEach(async ({ context, baseURL }) => {
  await addGateCookies(context, baseURL ?? '');
  mkdirSync(SCREENSHOTS, { recursive: true });
});

test("on a phone, a menu entry lands on its page's heading, just below the header", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await logIn(page, ADMIN_EMAIL);
  await openPage(page, '/admin/newsletter');
  const menu = page.getByRole('navigation', { name: 'Administracija' });
  await menu.getByRole('link', { name: 'Partneri' }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Novi partner' });
  await expect(heading).toBeVisible();
  // The smooth scroll has ended when two readings 200 ms apart agree.
  await expect
    .poll(async () => {
      const first = await scrollY(page);
      await page.waitForTimeout(200);
      return first === (await scrollY(page)) && first > 0;
    })
    .toBe(true);
  const header = await page.getByRole('banner').boundingBox();
  const box = await heading.boundingBox();
  if (header === null || box === null) throw new Error('the header or the heading has no box');
  // Below the sticky header, and near it: nothing of the page above the heading is skipped.
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.y).toBeLessThan(header.y + header.height + 60);
  await page.screenshot({ path: `${SCREENSHOTS}/admin-menu-lands-375.png` });
  await expectNoAxeViolations(page);
});

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test("the course form's date picker reads Croatian and offers no past day", async ({
      page,
    }) => {
      await logIn(page, ADMIN_EMAIL);
      await openPage(page, '/admin/course');
      await page.getByLabel(/Početak/).click();
      const dialog = page.getByRole('dialog', { name: 'Odaberite datum i vrijeme' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('gridcell', { name: /^Odaberi / }).first()).toBeVisible();
      await expect(dialog.getByRole('gridcell', { name: /^Choose / })).toHaveCount(0);
      // Today is offered; every day before it in the grid is not, and says so in Croatian.
      const days = await dialog.getByRole('gridcell').evaluateAll((cells) =>
        cells.map((cell) => ({
          today: cell.classList.contains('react-datepicker__day--today'),
          disabled: cell.getAttribute('aria-disabled') === 'true',
          label: cell.getAttribute('aria-label') ?? '',
        })),
      );
      const today = days.findIndex((day) => day.today);
      expect(today).toBeGreaterThanOrEqual(0);
      expect(days[today]?.disabled).toBe(false);
      for (const day of days.slice(0, today)) {
        expect(day.disabled, day.label).toBe(true);
        expect(day.label).toMatch(/^Nije dostupno /);
      }
      // A day of next month, chosen, is marked in the site's red, not the library's blue.
      await dialog.getByRole('button', { name: 'Sljedeći mjesec' }).click();
      await dialog.locator('.react-datepicker__day:not([aria-disabled="true"])').first().click();
      const chosen = page.locator('.react-datepicker__day--selected');
      await expect(chosen).toHaveCount(1);
      expect(
        await chosen.evaluate(
          (cell) =>
            (
              globalThis as unknown as {
                getComputedStyle(element: unknown): { backgroundColor: string };
              }
            ).getComputedStyle(cell).backgroundColor,
        ),
      ).toBe(SITE_RED);
      await page.screenshot({ path: `${SCREENSHOTS}/date-picker-${viewport.width}.png` });
      await expectNoAxeViolations(page);
    });

    test("the education form's radios are the site's red and its month picker reads Croatian", async ({
      page,
    }) => {
      await logIn(page, ADMIN_EMAIL);
      await openPage(page, '/admin/educations/create');
      const radio = page.getByRole('radio').first();
      await expect(radio).toBeVisible();
      expect(
        await radio.evaluate(
          (element) =>
            (
              globalThis as unknown as {
                getComputedStyle(element: unknown): { accentColor: string };
              }
            ).getComputedStyle(element).accentColor,
        ),
      ).toBe(SITE_RED);
      await page.getByLabel('Mjesec i godina snimanja').click();
      const months = page.getByRole('dialog', { name: 'Odaberite mjesec' });
      await expect(months).toBeVisible();
      await expect(months.getByRole('option', { name: /^Odaberi / }).first()).toBeVisible();
      await expect(months.getByRole('option', { name: /^Choose / })).toHaveCount(0);
      await page.screenshot({ path: `${SCREENSHOTS}/education-form-${viewport.width}.png` });
      await expectNoAxeViolations(page);
    });
  });
}

test('a missing education returns to the library with a word; its load error offers a retry', async ({
  page,
}) => {
  await logIn(page, USER_EMAIL);
  await openPage(page, '/edukacije/987654');
  await expect(page).toHaveURL(/\/edukacije\/?$/);
  await expect(page.getByText('Ta edukacija ne postoji ili vam nije dostupna.')).toBeVisible();
  await expectNoAxeViolations(page);

  // The list fails once, then answers: "Pokušaj ponovno" loads it without a page reload.
  let refused = 0;
  await page.route(/\/api\/v1\/educations(\?.*)?$/, async (route) => {
    if (refused === 0) {
      refused += 1;
      await route.abort('connectionfailed');
    } else {
      await route.fallback();
    }
  });
  await openPage(page, '/edukacije/');
  await expect(page.getByText('Nažalost, nije uspjelo učitavanje edukacija.')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/library-load-failed.png` });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pokušaj ponovno' }).click();
  await expect(page.getByText('Nažalost, nije uspjelo učitavanje edukacija.')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Video edukacije' })).toBeVisible();
  // A seeded education open to every user.
  await expect(page.getByRole('article', { name: 'Ergonomija u ordinaciji' })).toBeVisible();
  expect(refused).toBe(1);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

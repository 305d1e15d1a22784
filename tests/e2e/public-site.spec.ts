/**
 * The public pages in a real browser against `npm start` (SPEC 2 "Home", "About us", "Products and
 * catalogues", "Gallery", the legal pages; 4 "Map"; 9): lazy home sections, the region map by
 * mouse and keyboard, the gallery's full-size photos, supplier links, the catalogue PDF, the legal
 * pages before the gate, and axe at a phone and a desktop width.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  POLICY_PAGES,
  addGateCookies,
  gate,
  summarize,
  openPage,
  test,
} from './support.ts';

const HOME_SECTIONS = [
  'Novi ekskluzivni partneri',
  'Izdvojeno iz ponude',
  'Proizvođači s kojima surađujemo',
  'Prodajni predstavnici po regijama',
  'Projekt sufinanciran sredstvima Europske unije',
];
const MAP_SWITCH = 'Prikaži kartu regija';
const MAP = 'Karta regija prodajnih predstavnika';
/** The bundled representatives of two regions (src/data/employees.ts). */
const SLAVONIJA = ['Tomislav Babić', 'Lucija Perić'];
const ISTRA = ['Marko Vuković', 'Ivana Kolar'];

/** The browser globals the page functions touch (tsconfig.node.json has no DOM library). */
interface PageGlobals {
  window: {
    scrollY: number;
    innerHeight: number;
    opener: unknown;
    scrollBy: (x: number, y: number) => void;
  };
  document: {
    contentType: string;
    images: ArrayLike<{ naturalWidth: number }>;
    documentElement: { scrollHeight: number };
    elementFromPoint: (x: number, y: number) => { closest: (selector: string) => unknown } | null;
  };
  getComputedStyle: (element: unknown) => { boxShadow: string; stroke: string };
}
interface Box {
  getBoundingClientRect: () => { left: number; top: number; width: number; height: number };
  querySelector: (selector: string) => unknown;
}
const naturalWidth = (image: unknown) => (image as { naturalWidth: number }).naturalWidth;

const region = (page: Page, name: string) =>
  page.getByRole('group', { name: MAP }).getByRole('button', { name, exact: true });

/**
 * Clicks a region where the region itself is under the pointer: the middle of a coastal region's
 * box can be sea, so the point is searched inside the box.
 */
async function clickRegion(page: Page, name: string) {
  const target = region(page, name);
  await target.scrollIntoViewIfNeeded();
  const point = await target.evaluate((group) => {
    const { document } = globalThis as unknown as PageGlobals;
    const box = (group as unknown as Box).getBoundingClientRect();
    const steps = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9];
    for (const fy of steps) {
      for (const fx of steps) {
        const x = box.left + box.width * fx;
        const y = box.top + box.height * fy;
        if (document.elementFromPoint(x, y)?.closest('g') === group) return { x, y };
      }
    }
    return null;
  });
  expect(point, `a point inside ${name}`).not.toBeNull();
  await page.mouse.click(point?.x ?? 0, point?.y ?? 0);
}

/**
 * Scrolls down the whole page the way a reader does, so every lazy section loads; sections that
 * arrive make the page taller, so it goes on until the height stays the same at the bottom.
 */
async function scrollThrough(page: Page) {
  let lastHeight = 0;
  for (let step = 0; step < 80; step++) {
    const { atBottom, height } = await page.evaluate(() => {
      const { window, document } = globalThis as unknown as PageGlobals;
      window.scrollBy(0, 500);
      const scrollHeight = document.documentElement.scrollHeight;
      return {
        atBottom: window.innerHeight + window.scrollY >= scrollHeight - 2,
        height: scrollHeight,
      };
    });
    await page.waitForTimeout(150);
    if (atBottom && height === lastHeight) break;
    lastHeight = height;
  }
}

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(summarize(violations)).toEqual([]);
}

test.describe('with the gate accepted', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await addGateCookies(context, baseURL ?? '');
  });

  test.describe('desktop', () => {
    test.use({ viewport: DESKTOP });

    test('home: the sections load as they near the viewport; d3-geo and the map only then', async ({
      page,
    }) => {
      const mapRequests: string[] = [];
      page.on('request', (request) => {
        if (/mapShapes|RegionMapContainer/.test(request.url())) mapRequests.push(request.url());
      });
      await openPage(page, '/');
      const hero = page.getByRole('region', { name: 'Vaš pouzdan partner sa sjeverozapada.' });
      const firstPhoto = hero.getByRole('img');
      await expect(firstPhoto).toHaveAttribute('fetchpriority', 'high');
      expect(await firstPhoto.evaluate(naturalWidth)).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { name: HOME_SECTIONS[3] })).toHaveCount(0);
      expect(mapRequests).toEqual([]);

      await scrollThrough(page);
      for (const title of HOME_SECTIONS) {
        await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible({
          timeout: 15_000,
        });
      }
      await expect(page.getByRole('group', { name: MAP })).toBeVisible();
      expect(mapRequests.length).toBeGreaterThan(0);
      // The demo seed highlights two products: each has the red aura.
      const highlighted = page.locator('.product--highlighted');
      await expect(highlighted.first()).toBeVisible();
      expect(
        await highlighted
          .first()
          .evaluate(
            (item) => (globalThis as unknown as PageGlobals).getComputedStyle(item).boxShadow,
          ),
      ).toContain('rgb(227, 6, 19)');
      await expectNoAxeViolations(page);
    });

    test('home: the hero pauses and plays by its control', async ({ page }) => {
      await openPage(page, '/');
      await page.getByRole('button', { name: 'Zaustavi izmjenu fotografija' }).click();
      await expect(page.getByRole('button', { name: 'Pokreni izmjenu fotografija' })).toBeVisible();
    });

    test('about us: a click on a region shows its representatives; scrolling down clears it', async ({
      page,
    }) => {
      await openPage(page, '/info');
      await page.getByRole('switch', { name: MAP_SWITCH }).click();
      await expect(page.getByRole('switch', { name: MAP_SWITCH })).toBeChecked();
      await clickRegion(page, 'Slavonija');
      await expect(region(page, 'Slavonija')).toHaveAttribute('aria-pressed', 'true');
      const panel = page.getByRole('list', { name: 'Prodajni predstavnici: Slavonija' });
      await expect(page.getByRole('heading', { level: 3, name: 'Slavonija' })).toBeVisible();
      for (const name of SLAVONIJA) await expect(panel.getByText(name)).toBeVisible();
      await expect(panel.getByRole('link', { name: 'lucija.peric@dentalia.hr' })).toHaveAttribute(
        'href',
        'mailto:lucija.peric@dentalia.hr',
      );
      // Selecting scrolled the page to the top.
      await expect
        .poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).window.scrollY))
        .toBe(0);
      await expectNoAxeViolations(page);

      await page.waitForTimeout(400);
      await page.mouse.move(400, 400);
      for (let step = 0; step < 4; step++) {
        await page.mouse.wheel(0, 150);
        await page.waitForTimeout(80);
      }
      await expect(region(page, 'Slavonija')).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByRole('heading', { level: 3, name: 'Slavonija' })).toHaveCount(0);
    });

    test('about us: a keyboard user tabs to a region, selects it with Enter and clears it with Escape', async ({
      page,
    }) => {
      await openPage(page, '/info');
      const mapSwitch = page.getByRole('switch', { name: MAP_SWITCH });
      await mapSwitch.focus();
      await page.keyboard.press('Space');
      await expect(region(page, 'Središnja Hrvatska')).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(region(page, 'Središnja Hrvatska')).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(region(page, 'Istra i Rijeka')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(region(page, 'Istra i Rijeka')).toHaveAttribute('aria-pressed', 'true');
      const panel = page.getByRole('list', { name: 'Prodajni predstavnici: Istra i Rijeka' });
      for (const name of ISTRA) await expect(panel.getByText(name)).toBeVisible();
      // The focused region shows a visible focus ring.
      expect(
        await region(page, 'Istra i Rijeka').evaluate(
          (group) =>
            (globalThis as unknown as PageGlobals).getComputedStyle(
              (group as unknown as Box).querySelector('path'),
            ).stroke,
        ),
      ).toBe('rgb(26, 95, 180)');
      await page.keyboard.press('Escape');
      await expect(region(page, 'Istra i Rijeka')).toHaveAttribute('aria-pressed', 'false');
      await expect(region(page, 'Istra i Rijeka')).toBeFocused();
    });

    test('gallery: a photo opens full size in a new tab', async ({ page, context }) => {
      await openPage(page, '/tecajevi/galerija');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Galerija fotografija prethodnih tečajeva' }),
      ).toBeVisible();
      const firstPhoto = page.getByRole('link', { name: /\(otvara se u novoj kartici\)$/ }).first();
      const href = await firstPhoto.getAttribute('href');
      const preview = firstPhoto.getByRole('img');
      await expect(preview).toHaveAttribute('loading', 'lazy');
      const previewWidth = await preview.evaluate(naturalWidth);
      expect(previewWidth).toBeGreaterThan(0);

      const [popup] = await Promise.all([context.waitForEvent('page'), firstPhoto.click()]);
      await popup.waitForLoadState();
      expect(new URL(popup.url()).pathname).toBe(href);
      const opened = await popup.evaluate(() => {
        const { window, document } = globalThis as unknown as PageGlobals;
        return {
          contentType: document.contentType,
          width: document.images[0]?.naturalWidth ?? 0,
          opener: window.opener,
        };
      });
      expect(opened.contentType).toMatch(/^image\//);
      expect(opened.width).toBeGreaterThan(previewWidth);
      expect(opened.opener).toBeNull();
    });

    test('katalozi: supplier links open https sites in a new tab without the opener', async ({
      page,
    }) => {
      await openPage(page, '/katalozi');
      const suppliers = page.getByRole('region', { name: 'Dobavljači' }).getByRole('link');
      await expect(suppliers.first()).toBeVisible();
      expect(await suppliers.count()).toBeGreaterThan(5);
      for (const link of await suppliers.all()) {
        await expect(link).toHaveAttribute('href', /^https:\/\/[a-z0-9.-]+$/);
        await expect(link).toHaveAttribute('target', '_blank');
        expect((await link.getAttribute('rel'))?.split(' ').sort()).toEqual([
          'noopener',
          'noreferrer',
        ]);
        await expect(link).toHaveAccessibleName(/\(otvara se u novoj kartici\)$/);
      }
      await expect(page.getByRole('button', { name: /newsletter/i })).toBeVisible();
    });

    test('katalozi: the April 2024 catalogue downloads as a PDF', async ({ page }) => {
      await openPage(page, '/katalozi');
      await expect(page.getByText('Katalog proizvoda – travanj 2024.')).toBeVisible();
      const link = page.getByRole('link', { name: /^Preuzmi katalog \(PDF, [\d,]+ (kB|MB)\)$/ });
      const href = (await link.getAttribute('href')) ?? '';
      const response = await page.request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    });
  });

  for (const [width, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
    test.describe(`axe at ${width} ${viewport.width}x${viewport.height}`, () => {
      test.use({ viewport });

      test('the home page with every section loaded', async ({ page }) => {
        await openPage(page, '/');
        await scrollThrough(page);
        await expect(page.getByRole('group', { name: MAP })).toBeVisible({ timeout: 15_000 });
        await expectNoAxeViolations(page);
      });

      for (const path of ['/info', '/katalozi', '/tecajevi/galerija']) {
        test(`the page ${path}`, async ({ page }) => {
          await openPage(page, path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await scrollThrough(page);
          await expectNoAxeViolations(page);
        });
      }

      for (const { path, title } of POLICY_PAGES) {
        test(`the legal page ${path}`, async ({ page }) => {
          await openPage(page, path);
          await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
          await expectNoAxeViolations(page);
        });
      }
    });
  }
});

test.describe('before the gate', () => {
  for (const { path, title } of POLICY_PAGES) {
    test(`the legal page ${path} is readable in full`, async ({ page }) => {
      await openPage(page, path);
      await expect(gate(page)).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const toc = page.getByRole('navigation', { name: 'Sadržaj' });
      const entries = await toc.getByRole('link').all();
      expect(entries.length).toBeGreaterThanOrEqual(4);
      await entries[entries.length - 1]?.click();
      await expect(page.locator(':target h2')).toBeInViewport();
      await expect(
        page.getByText(/Dentalia Sjever d\.o\.o\. za trgovinu i usluge/).first(),
      ).toBeVisible();
    });
  }

  test('the cookie policy names every cookie and the local storage of a login', async ({
    page,
  }) => {
    await openPage(page, '/pravila-o-koristenju-kolacica');
    const table = page.getByRole('table', { name: 'Kolačići na ovim stranicama' });
    for (const name of [
      'prihvaceni_kolacici',
      'pristup_dozvoljen',
      'tecajevi-prikazuj-sve',
      'jwt',
    ]) {
      await expect(table.getByRole('rowheader', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: /Lokalna pohrana preglednika/ })).toBeVisible();
  });
});

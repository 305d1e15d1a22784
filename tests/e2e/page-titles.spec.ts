/**
 * Every page names itself (issue 32, WCAG 2.4.2): a Croatian title of its own and a description,
 * in the HTML the server sends and after a navigation in the browser; the education viewer by its
 * education's title. The titles are written out here, not imported from the route table.
 */
import { expect, type Page } from '@playwright/test';
import { DESKTOP, addGateCookies, logIn, openPage, test } from './support.ts';

const BRAND = 'Dentalia';
const ADMIN_EMAIL = 'admin@dentalia.hr';
const OPEN_VIDEO = 'Adhezivno cementiranje keramičkih ljuskica';

const PUBLIC_PAGES: [path: string, title: string][] = [
  ['/', 'Dentalni materijali, tečajevi i edukacije'],
  ['/info', 'O nama'],
  ['/katalozi', 'Proizvodi i katalozi'],
  ['/tecajevi', 'Tečajevi'],
  ['/tecajevi/galerija', 'Galerija tečajeva'],
  ['/pravila-privatnosti', 'Pravila privatnosti'],
  ['/obrada-podataka', 'Obrada podataka'],
  ['/pravila-o-koristenju-kolacica', 'Pravila o korištenju kolačića'],
  ['/login', 'Prijava'],
  ['/aktiviraj-racun/nepostojeci-poziv', 'Aktivacija računa'],
  ['/resetiraj-lozinku/nepostojeci-token', 'Postavite novu lozinku'],
  ['/nema-ove-stranice', 'Stranica nije pronađena'],
];

const SIGNED_IN_PAGES: [path: string, title: string][] = [
  ['/edukacije/', 'Video edukacije'],
  ['/admin/newsletter', 'Newsletteri'],
  ['/admin/course', 'Dodaj tečaj'],
  ['/admin/user', 'Pozovi korisnika'],
  ['/admin/products', 'Proizvodi na početnoj stranici'],
  ['/admin/educations/create', 'Dodaj edukaciju'],
  ['/admin/educations/update', 'Odaberi edukaciju za uređivanje'],
  ['/admin/educations/delete', 'Obriši edukaciju'],
  ['/admin/educations/update/1', 'Uredi edukaciju'],
  ['/admin/partners', 'Novi partner'],
  ['/logout', 'Odjava'],
];

const titled = (title: string) => `${title} – ${BRAND}`;

/** The title and description of the HTML the server sent, before any script ran. */
async function sentHead(page: Page, path: string) {
  const response = await page.request.get(path, { headers: { accept: 'text/html' } });
  const html = await response.text();
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1],
  };
}

const descriptionOf = (page: Page) =>
  page.locator('meta[name="description"]').getAttribute('content');

test.beforeEach(async ({ context, baseURL, page }) => {
  await addGateCookies(context, baseURL ?? '');
  await page.setViewportSize(DESKTOP);
});

test('every page has a title of its own, in the HTML sent and once the app runs', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const seen = new Map<string, string>();
  const descriptions = new Set<string>();
  const check = async (path: string, title: string) => {
    await openPage(page, path);
    await expect(page).toHaveTitle(titled(title));
    expect(seen.get(titled(title)), `${path} repeats a title`).toBeUndefined();
    seen.set(titled(title), path);
  };
  // The unsubscribe page acts on its link at once (and goes home for this made-up one): its title
  // is read from the HTML sent.
  const unsubscribe = await sentHead(page, '/newsletter-odjava/1?email=a%40example.com');
  expect(unsubscribe.title).toBe(titled('Odjava s newslettera'));
  seen.set(unsubscribe.title ?? '', '/newsletter-odjava/1');
  for (const [path, title] of PUBLIC_PAGES) {
    expect((await sentHead(page, path)).title).toBe(titled(title));
    await check(path, title);
    const description = await descriptionOf(page);
    expect(description).toBeTruthy();
    descriptions.add(description ?? '');
  }
  // The public pages the server renders each describe themselves.
  expect(descriptions.size).toBeGreaterThanOrEqual(8);

  await logIn(page, ADMIN_EMAIL);
  for (const [path, title] of SIGNED_IN_PAGES) await check(path, title);
  expect(seen.size).toBe(PUBLIC_PAGES.length + SIGNED_IN_PAGES.length + 1);
});

test('a navigation in the browser renames the page; the viewer takes its education’s title', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openPage(page, '/');
  const header = page.getByRole('banner');
  for (const title of ['Tečajevi', 'O nama', 'Proizvodi i katalozi']) {
    await header.getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveTitle(titled(title));
  }
  expect(await descriptionOf(page)).toBe((await sentHead(page, '/katalozi')).description);

  await logIn(page, ADMIN_EMAIL);
  await page.getByRole('banner').getByRole('link', { name: 'Video edukacije' }).click();
  await expect(page).toHaveTitle(titled('Video edukacije'));
  await page
    .getByRole('article', { name: OPEN_VIDEO })
    .getByRole('link', { name: /^Prikaži edukaciju/ })
    .click();
  await expect(page).toHaveTitle(titled(OPEN_VIDEO));
  await page.goBack();
  await expect(page).toHaveTitle(titled('Video edukacije'));
});

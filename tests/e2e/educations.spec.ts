/**
 * Video educations in a real browser against `npm start` (issue 12; SPEC 2 "Education library",
 * "Education viewer", 4, 6, 7): the demo user filters the library by partner, plays and seeks the
 * open uploaded video (served in ranges: a 206 is seen), opens the education restricted to them,
 * and gets the video site's preview, whose no-cookie player appears only after the click. The
 * demo employee does not see the restricted education: its address sends them back to the list
 * and its video bytes refuse them. axe finds nothing at 375 and 1366 px; screenshots of the
 * library and the viewer at both widths land in test-results/educations/.
 */
import { expect, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  addGateCookies,
  expectNoSidewaysScroll,
  logIn,
  expectNoAxeViolations,
  playMutedPast,
  test,
  ownClientAddress,
} from './support.ts';

const DEMO_USER = 'korisnik@example.com';
const DEMO_EMPLOYEE = 'zaposlenik@dentalia.hr';

const LIBRARY_TITLE = 'Video edukacije';
const SHOW = 'Prikaži edukaciju';
const OPEN_VIDEO = 'Adhezivno cementiranje keramičkih ljuskica';
const RESTRICTED_TO_USER = 'Planiranje implantata na CBCT snimci';
const ADMINISTRATOR_ONLY = 'Interni pregled: nova linija kompozita';
const SITE_VIDEO = 'Ergonomija u ordinaciji';
const NO_COOKIE_EMBED = 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ';
const VIDEO_SITE_HOSTS = /youtube|ytimg|googlevideo/;

/** What these tests touch of the video element (the browser tests' types have no DOM). */
interface MediaElement {
  currentTime: number;
  addEventListener(type: 'seeked', listener: () => void, options: { once: true }): void;
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const cardTitles = (page: Page) => page.locator('.education-card h2').allTextContents();
const viewer = (page: Page, title: string) => page.getByRole('region', { name: title });

async function openEducation(page: Page, title: string) {
  await card(page, title)
    .getByRole('link', { name: new RegExp(`^${SHOW}`) })
    .click();
  await expect(viewer(page, title)).toBeFocused();
}

test.beforeEach(async ({ context, baseURL }) => {
  await addGateCookies(context, baseURL ?? '');
});

test('a logged-out visitor who opens the library goes to the login', async ({ page }) => {
  await page.goto('/edukacije/1');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: LIBRARY_TITLE })).toHaveCount(0);
});

test('the demo user filters, plays and seeks, opens their own education and the video site', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const videoSiteRequests: string[] = [];
  page.on('request', (request) => {
    if (VIDEO_SITE_HOSTS.test(new URL(request.url()).hostname))
      videoSiteRequests.push(request.url());
  });
  // The test machine has no internet: the video site's hosts answer nothing.
  await page.route(VIDEO_SITE_HOSTS, (route) => route.abort());
  await page.setViewportSize(DESKTOP);
  await logIn(page, DEMO_USER);
  await page.getByRole('banner').getByRole('link', { name: LIBRARY_TITLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: LIBRARY_TITLE })).toBeVisible();
  await expect.poll(() => cardTitles(page)).toEqual([OPEN_VIDEO, RESTRICTED_TO_USER, SITE_VIDEO]);

  // The filter from the keyboard: the first option is every partner, then 'partner (count)'.
  const filter = page.getByRole('combobox', { name: 'Partner' });
  await expect(filter.getByRole('option')).toHaveText([
    'Svi partneri',
    'Nordentis (2)',
    'Polarix (1)',
  ]);
  await filter.focus();
  await page.keyboard.press('ArrowDown');
  await expect(filter).toHaveValue(/^\d+$/);
  await expect.poll(() => cardTitles(page)).toEqual([OPEN_VIDEO, SITE_VIDEO]);

  // The open uploaded video: details after it is ready, its HLS segments through the signed
  // stream path (issue 27), a seek.
  const segments: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/\/educations\/\d+\/stream\//.test(pathname) && response.ok()) segments.push(pathname);
  });
  await openEducation(page, OPEN_VIDEO);
  await expect(card(page, OPEN_VIDEO)).toHaveClass(/education-card--open/);
  const video = page.locator('video');
  await expect(video).toHaveAccessibleName(`Video: ${OPEN_VIDEO}`);
  await expect(viewer(page, OPEN_VIDEO).getByText('Predavač')).toBeVisible();
  await expect(viewer(page, OPEN_VIDEO).getByText('Hrvatska')).toBeVisible();
  await expect(viewer(page, OPEN_VIDEO).getByText('ožujak 2025.')).toBeVisible();
  await playMutedPast(video, 0.3);
  expect(segments.some((pathname) => pathname.endsWith('.m3u8'))).toBe(true);
  await video.evaluate(
    (element: MediaElement) =>
      new Promise<void>((resolve) => {
        element.addEventListener('seeked', () => resolve(), { once: true });
        element.currentTime = 4;
      }),
  );
  await expect
    .poll(() => video.evaluate((element: MediaElement) => element.currentTime))
    .toBeGreaterThan(4.2);
  await screenshots(page, 'viewer');

  // Back to the list: the filter kept, focus on the card it was opened from.
  await page.getByRole('link', { name: 'Natrag na popis edukacija' }).click();
  await expect(page).toHaveURL(/\/edukacije\/$/);
  await expect(card(page, OPEN_VIDEO).getByRole('link')).toBeFocused();
  await filter.selectOption({ label: 'Svi partneri' });
  await screenshots(page, 'library');

  // The education restricted to the demo user.
  await openEducation(page, RESTRICTED_TO_USER);
  await expect(viewer(page, RESTRICTED_TO_USER).getByText('Jezik titlova')).toBeVisible();
  await expect(viewer(page, RESTRICTED_TO_USER).getByText('Njemačka')).toBeVisible();

  // The video site: a preview (the bundled picture when the site's image cannot load), the
  // player only after the click, and only from the no-cookie host.
  await openEducation(page, SITE_VIDEO);
  const play = page.getByRole('button', { name: `Pokreni video: ${SITE_VIDEO}` });
  await expect(play).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(play.locator('img')).toHaveAttribute('src', /education-placeholder|data:/);
  expect(videoSiteRequests.filter((url) => !url.includes('i.ytimg.com'))).toEqual([]);
  await play.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('iframe')).toHaveAttribute('src', `${NO_COOKIE_EMBED}?autoplay=1`);
  expect(await cardTitles(page)).not.toContain(ADMINISTRATOR_ONLY);
});

test('another user does not see the restricted education, its page or its bytes', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await logIn(page, DEMO_USER);
  await page.goto('/edukacije/');
  const detail = page.waitForResponse((response) =>
    /\/api\/v1\/educations\/\d+$/.test(response.url()),
  );
  await openEducation(page, RESTRICTED_TO_USER);
  const educationPath = new URL(page.url()).pathname;
  const videoUrl = (await (await detail).json()) as { videoUrl: string };
  expect(
    (await page.request.get(videoUrl.videoUrl, { headers: { Range: 'bytes=0-9' } })).status(),
  ).toBe(206);

  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: ownClientAddress(),
    locale: 'hr-HR',
    timezoneId: 'Europe/Zagreb',
  });
  await addGateCookies(context, baseURL ?? '');
  const other = await context.newPage();
  await logIn(other, DEMO_EMPLOYEE);
  await other.goto('/edukacije/');
  await expect(card(other, OPEN_VIDEO)).toBeVisible();
  expect(await cardTitles(other)).not.toContain(RESTRICTED_TO_USER);
  expect(await cardTitles(other)).not.toContain(ADMINISTRATOR_ONLY);

  // Its address: the API answers 404, and the page goes back to the list.
  const refused = other.waitForResponse((response) =>
    response.url().endsWith(`/api/v1${educationPath.replace('/edukacije', '/educations')}`),
  );
  await other.goto(educationPath);
  expect((await refused).status()).toBe(404);
  await expect(other).toHaveURL(/\/edukacije\/$/);

  // The bytes: the demo user's signed address made out to someone else is refused.
  // …/stream/{key}/{user}/{expires}/{signature}/master.m3u8 (decision 0049: the playlist).
  const foreign = videoUrl.videoUrl.replace(/(\/stream\/[\w-]{22}\/)\d+\//, '$12/');
  expect(foreign).not.toBe(videoUrl.videoUrl);
  const bytes = await other.request.get(foreign, { headers: { Range: 'bytes=0-9' } });
  expect(bytes.status()).toBeGreaterThanOrEqual(400);
  expect(bytes.status()).toBeLessThan(500);
  await context.close();
});

/** axe at both widths, and the screenshots to look at. */
async function screenshots(page: Page, name: string) {
  for (const [width, viewport] of [
    ['375', PHONE],
    ['1366', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/educations/${name}-${width}.png`, fullPage: true });
  }
}

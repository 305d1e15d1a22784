/**
 * Editing an education in a real browser against `npm start` (issue 29, point 1): after creating
 * an uploaded education the form links to it ("Pogledaj edukaciju"); its edit screen shows the
 * current video, playable, and the current thumbnail; the administrator changes the partner, the
 * country and the thumbnail, saves, and follows the link to the viewer. The access rights stay as
 * they were. axe finds nothing on the edit screen at 375 and 1366 px; screenshots of it go to
 * /work/notes/shots/edu-edit-*.png when that folder exists, else to test-results/education-edit/.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  addGateCookies,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  logIn,
  playMutedPast,
  test,
} from './support.ts';

const ADMIN = 'admin@dentalia.hr';
const ASSETS = path.resolve('server/seed/educations');
const VIDEO = path.join(ASSETS, 'demo-education.mp4');
const THUMBNAIL = path.join(ASSETS, 'thumbnail.jpg');
/** Any other picture: the replacement thumbnail. */
const NEW_THUMBNAIL = path.resolve('public/apple-touch-icon.png');
const NOTES_SHOTS = '/work/notes/shots';
const SCREENSHOTS = existsSync(NOTES_SHOTS) ? NOTES_SHOTS : 'test-results/education-edit';

interface StoredEducation {
  id: number;
  title: string;
  videoUrl: string;
  thumbnailUrl: string | null;
  partner: { id: number; name: string };
  country: { isoCode: string };
}

/** The signed-in page's bearer header, for checks through the API. */
async function bearer(page: Page): Promise<Record<string, string>> {
  const auth = await page.evaluate(() =>
    (
      globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
    ).localStorage.getItem('auth'),
  );
  const { accessToken } = JSON.parse(auth ?? '{}') as { accessToken?: string };
  return { Authorization: `Bearer ${accessToken ?? ''}` };
}

async function edited(page: Page, id: number): Promise<StoredEducation> {
  const answer = await page.request.get(`/api/v1/educations/${id}`, {
    headers: await bearer(page),
  });
  return (await answer.json()) as StoredEducation;
}

test.beforeEach(async ({ context, baseURL }) => {
  await addGateCookies(context, baseURL ?? '');
});

test('the administrator sees the stored video and thumbnail, replaces partner, country and thumbnail, and opens the education', async ({
  page,
}) => {
  // The upload's transcode must publish a rendition before the edit screen can play it.
  test.setTimeout(300_000);
  const title = `Protetika uživo ${Date.now()}`;
  await page.setViewportSize(DESKTOP);
  await logIn(page, ADMIN);
  const headers = await bearer(page);
  let id: number | null = null;
  try {
    // Create: restricted to the administrator alone (pre-selected), with the demo video.
    await page.goto('/admin/educations/create');
    await page.getByLabel('Naziv edukacije').fill(title);
    await page.getByLabel('Opis').fill('Cijelo predavanje s pitanjima polaznika.');
    await page.getByLabel('Predavač').fill('dr. Ivo Kovač');
    const partner = page.getByLabel('Partner', { exact: true });
    await partner.selectOption({ index: 1 });
    await page.getByLabel('Država snimanja').selectOption('HR');
    await page.getByLabel('Video datoteka').setInputFiles(VIDEO);
    await page.getByLabel('Naslovna slika (nije obavezno)').setInputFiles(THUMBNAIL);
    await page.getByRole('switch', { name: 'Ograniči vidljivost' }).click();
    await expect(page.getByRole('link', { name: 'Pogledaj edukaciju' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Objavi ovu edukaciju' }).click();
    await expect(page.getByText('Edukacija je stvorena.')).toBeVisible({ timeout: 30_000 });

    const listed = (await (
      await page.request.get('/api/v1/educations', { headers })
    ).json()) as StoredEducation[];
    id = listed.find((education) => education.title === title)?.id ?? null;
    expect(id).not.toBeNull();
    const educationId = id as number;
    // After create: the link to the new education's viewer.
    await expect(page.getByRole('link', { name: 'Pogledaj edukaciju' })).toHaveAttribute(
      'href',
      `/edukacije/${educationId}`,
    );
    const rightsBefore = await (
      await page.request.get(`/api/v1/educations/${educationId}/access-rights`, { headers })
    ).json();
    expect(rightsBefore).toHaveLength(1);
    await expect
      .poll(async () => (await edited(page, educationId)).videoUrl, { timeout: 150_000 })
      .not.toBe('');
    const before = await edited(page, educationId);

    // The edit screen: the stored video, playable, and the stored thumbnail.
    await page.goto(`/admin/educations/update/${educationId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Uredi edukaciju' })).toBeVisible();
    await expect(page.getByLabel('Naziv edukacije')).toHaveValue(title);
    const video = page.getByLabel(`Trenutni video: ${title}`);
    await expect(video).toBeVisible();
    await playMutedPast(video, 0);
    await video.evaluate((element) => (element as unknown as { pause(): void }).pause());
    const thumbnail = page.getByRole('img', { name: 'Trenutna naslovna slika' });
    await expect(thumbnail).toHaveAttribute('src', before.thumbnailUrl ?? '');
    await expect
      .poll(() =>
        thumbnail.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);
    await expect(partner).toHaveValue(String(before.partner.id));
    await expect(page.getByLabel('Država snimanja')).toHaveValue('HR');
    for (const [label, size] of [
      ['375', PHONE],
      ['1366', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `${SCREENSHOTS}/edu-edit-${label}.png`, fullPage: true });
    }

    // Another partner, another country, another thumbnail.
    const otherPartner = await partner.locator('option').nth(2).getAttribute('value');
    expect(otherPartner).not.toBe(String(before.partner.id));
    await partner.selectOption(otherPartner ?? '');
    await page.getByLabel('Država snimanja').selectOption('SI');
    await page.getByLabel('Nova naslovna slika (nije obavezno)').setInputFiles(NEW_THUMBNAIL);
    await page.getByRole('button', { name: 'Ažuriraj ovu edukaciju' }).click();
    await expect(page.getByText('Edukacija je ažurirana.')).toBeVisible({ timeout: 30_000 });

    const after = await edited(page, educationId);
    expect(after.partner.id).toBe(Number(otherPartner));
    expect(after.country.isoCode).toBe('SI');
    expect(after.thumbnailUrl).not.toBe(before.thumbnailUrl);
    // The video was not replaced, and the access rights are as they were.
    // (the playlist address is signed afresh per answer: its stream folder is what names the video)
    const streamFolder = (url: string) => /\/stream\/[^/]+\//.exec(url)?.[0];
    expect(streamFolder(after.videoUrl)).toBe(streamFolder(before.videoUrl));
    expect(streamFolder(before.videoUrl)).toBeDefined();
    expect(
      await (
        await page.request.get(`/api/v1/educations/${educationId}/access-rights`, { headers })
      ).json(),
    ).toEqual(rightsBefore);
    // The screen shows what is stored now.
    await expect(thumbnail).toHaveAttribute('src', after.thumbnailUrl ?? '');
    await expect(partner).toHaveValue(String(otherPartner));
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENSHOTS}/edu-edit-saved-375.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENSHOTS}/edu-edit-saved-1366.png`, fullPage: true });

    // After update: the link opens the education in the viewer.
    await page.getByRole('link', { name: 'Pogledaj edukaciju' }).click();
    await expect(page).toHaveURL(new RegExp(`/edukacije/${educationId}$`));
    await expect(page.getByRole('region', { name: title })).toBeVisible();
    await expect(page.getByRole('region', { name: title }).locator('video')).toBeVisible();
  } finally {
    // The library's browser test expects the seed's educations alone.
    if (id !== null) await page.request.delete(`/api/v1/educations/${id}`, { headers });
  }
});

/**
 * A page or home section whose code does not arrive (issue 9 §5): the network refuses one chunk,
 * the site shows a Croatian message with a retry in the page's place while the header and the
 * footer stay, and the retry loads the chunk once the network lets it through.
 */
import { expect, type Page } from '@playwright/test';
import { DESKTOP, addGateCookies, expectNoAxeViolations, slogan, test } from './support.ts';

const LOAD_FAILED = 'Dio stranice nije se uspio učitati.';
const RETRY = 'Pokušaj ponovno';

const header = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');

async function expectFrame(page: Page) {
  await expect(header(page)).toBeVisible();
  await expect(footer(page)).toBeVisible();
}

test.beforeEach(async ({ page, context, baseURL }) => {
  await addGateCookies(context, baseURL ?? '');
  await page.setViewportSize(DESKTOP);
});

test('a page whose chunk fails shows a retry inside the frame, and the retry loads it', async ({
  page,
}) => {
  const refused: string[] = [];
  const aboutChunk = /\/assets\/AboutContainer-[\w-]+\.js$/;
  await page.route(aboutChunk, (route) => {
    refused.push(route.request().url());
    return route.abort('connectionfailed');
  });

  await page.goto('/');
  await expect(slogan(page)).toBeVisible();
  await header(page).getByRole('link', { name: 'O nama' }).click();

  const failure = page.getByRole('main').getByRole('alert');
  await expect(failure).toContainText(LOAD_FAILED);
  const refusedAtFailure = refused.length;
  expect(refusedAtFailure).toBeGreaterThan(0);
  await expectFrame(page);
  await expectNoAxeViolations(page);
  // The failure stays put until the visitor asks again: no loop of new requests meanwhile.
  expect(refused).toHaveLength(refusedAtFailure);

  await page.unroute(aboutChunk);
  await failure.getByRole('button', { name: RETRY }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'O nama' })).toBeVisible();
  await expect(page.getByText(LOAD_FAILED)).toHaveCount(0);
  await expectFrame(page);
});

test('a home section whose chunk fails shows a retry, and the other sections stay', async ({
  page,
}) => {
  const euChunk = /\/assets\/EuFundingSection-[\w-]+\.js$/;
  await page.route(euChunk, (route) => route.abort('connectionfailed'));

  await page.goto('/');
  await expect(slogan(page)).toBeVisible();
  await footer(page).scrollIntoViewIfNeeded();

  const failure = page.getByRole('main').getByRole('alert');
  await expect(failure).toContainText(LOAD_FAILED);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Proizvođači s kojima surađujemo' }),
  ).toBeVisible();
  await expectFrame(page);

  await page.unroute(euChunk);
  await failure.getByRole('button', { name: RETRY }).click();
  await expect(
    page.getByRole('heading', {
      level: 2,
      name: 'Projekt sufinanciran sredstvima Europske unije',
    }),
  ).toBeVisible();
  await expect(page.getByText(LOAD_FAILED)).toHaveCount(0);
});

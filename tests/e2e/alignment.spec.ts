/**
 * One content width and gutter for the whole site (issue 32): at 1366 px the header's logo, the
 * hero, the page titles, the home page's sections and the footer start at the same x.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { DESKTOP, PHONE, addGateCookies, openPage, test } from './support.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await addGateCookies(context, baseURL ?? '');
});

/** What the layout checks read of an element in the page (the e2e code has no DOM types). */
interface MeasuredElement {
  getBoundingClientRect(): { top: number; bottom: number; height: number };
  ownerDocument: {
    defaultView: { getComputedStyle(element: MeasuredElement): { lineHeight: string } };
  };
}

interface SvgPicture {
  viewBox: { baseVal: { width: number; height: number } };
  querySelectorAll(selector: 'text'): Iterable<{
    textContent: string | null;
    getBBox(): { x: number; y: number; width: number; height: number };
  }>;
}

const leftOf = async (locator: Locator) => Math.round((await locator.boundingBox())?.x ?? -1);

async function homeEdges(page: Page): Promise<Record<string, number>> {
  const edges: Record<string, number> = {
    logo: await leftOf(page.getByRole('banner').getByRole('link', { name: 'Dentalia' })),
    hero: await leftOf(page.getByRole('heading', { level: 1 })),
    footer: await leftOf(page.locator('.footer__grid > *').first()),
    'footer bottom': await leftOf(page.locator('.footer__bottom')),
  };
  const titles = page.locator('.home-section__title');
  for (const title of await titles.all()) {
    await title.scrollIntoViewIfNeeded();
    edges[(await title.textContent()) ?? '?'] = await leftOf(title);
  }
  return edges;
}

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`header, hero, sections, page titles and footer start at one x (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openPage(page, '/');
    const edges = await homeEdges(page);
    expect(Object.keys(edges).length).toBeGreaterThan(6);
    await page.screenshot({ path: `test-results/issue-32/home-${viewport.width}.png` });
    await openPage(page, '/info');
    edges['/info title'] = await leftOf(page.getByRole('heading', { level: 1 }));
    await openPage(page, '/tecajevi');
    edges['/tecajevi title'] = await leftOf(page.getByRole('heading', { level: 1 }));
    const logo = edges['logo'];
    expect(logo).toBeGreaterThan(0);
    expect(edges).toEqual(Object.fromEntries(Object.keys(edges).map((key) => [key, logo])));
  });
}

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`the catalogue's download button reads as one button, the size beside or under its name (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openPage(page, '/katalozi');
    const button = page.getByRole('link', { name: /^Preuzmi katalog/ });
    await page.screenshot({ path: `test-results/issue-32/catalogues-${viewport.width}.png` });
    const boxes = await button.locator(':scope > *').evaluateAll((parts) =>
      (parts as unknown as MeasuredElement[]).map((part) => {
        const { top, bottom, height } = part.getBoundingClientRect();
        const { lineHeight } = part.ownerDocument.defaultView.getComputedStyle(part);
        return { top, bottom, lines: Math.round(height / Number.parseFloat(lineHeight)) };
      }),
    );
    expect(boxes).toHaveLength(2);
    const [nameBox, sizeBox] = boxes as [(typeof boxes)[0], (typeof boxes)[0]];
    expect([nameBox.lines, sizeBox.lines]).toEqual([1, 1]);
    expect(sizeBox.top === nameBox.top || sizeBox.top >= nameBox.bottom).toBe(true);
  });
}

test('the EU funding logos draw all their text inside the picture with the fonts this browser has', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await openPage(page, '/');
  // The section loads as it nears the viewport.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  const logos = page.getByRole('img', { name: /^(Sufinancira|Europski fondovi)/ });
  await expect(logos).toHaveCount(2);
  await logos.first().scrollIntoViewIfNeeded();
  const sources = await logos.evaluateAll((images) =>
    (images as unknown as { src: string }[]).map((image) => image.src),
  );
  await page.screenshot({ path: 'test-results/issue-32/eu-funding-375.png', fullPage: true });
  for (const source of sources) {
    await page.goto(source);
    const overflow = await page.evaluate(() => {
      const svg = (globalThis as unknown as { document: { documentElement: SvgPicture } }).document
        .documentElement;
      const { width, height } = svg.viewBox.baseVal;
      return [...svg.querySelectorAll('text')].flatMap((text) => {
        const box = text.getBBox();
        const inside =
          box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
        return inside ? [] : [`${text.textContent}: ${Math.round(box.x + box.width)} of ${width}`];
      });
    });
    expect(overflow, source).toEqual([]);
  }
});

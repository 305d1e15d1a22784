/**
 * Pages that paint from HTML (issue 15, docs/decisions/0021): the server's answer already holds
 * each public page, or only the gate for a visitor without its cookies, and the browser hydrates
 * it without a console error and without moving anything on the screen.
 */
import { expect, type Page } from '@playwright/test';
import {
  GATE_TITLE,
  PHONE,
  POLICY_PAGES,
  SLOGAN,
  addGateCookies,
  gate,
  isHydrated,
  test,
} from './support.ts';

const GATE_HEADING = 'Dobro došli na službene stranice';
const GATE_COOKIE_HEADER = 'prihvaceni_kolacici=1; pristup_dozvoljen=true';

/** Each public page with its heading and a sentence of its main text. */
const PUBLIC_PAGES = [
  { path: '/', heading: SLOGAN, text: 'Preskoči na sadržaj' },
  { path: '/info', heading: 'O nama', text: 'Prodajni predstavnici' },
  { path: '/katalozi', heading: 'Proizvodi i katalozi', text: 'Katalog' },
  { path: '/tecajevi', heading: 'Trenutno aktivni tečajevi', text: 'Prijavi se na newsletter' },
  {
    path: '/tecajevi/galerija',
    heading: 'Galerija fotografija prethodnih tečajeva',
    text: 'Galerija',
  },
] as const;

const ALL_PAGES = [
  ...PUBLIC_PAGES.map(({ path, heading }) => ({ path, heading })),
  ...POLICY_PAGES.map(({ path, title }) => ({ path, heading: title })),
];

const h1Of = (html: string) =>
  /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<!-- -->|<[^>]+>/g, '') ?? '';

test.describe('the HTML of the first response', () => {
  for (const { path, heading, text } of PUBLIC_PAGES) {
    test(`${path} holds the page with the gate cookies and only the gate without`, async ({
      request,
    }) => {
      const accepted = await request.get(path, { headers: { cookie: GATE_COOKIE_HEADER } });
      expect(accepted.headers()['vary']).toMatch(/cookie/i);
      expect(accepted.headers()['cache-control']).toBe('no-cache');
      const page = await accepted.text();
      expect(h1Of(page)).toBe(heading);
      expect(page).toContain(text);

      const visitor = await request.get(path);
      expect(visitor.headers()['vary']).toMatch(/cookie/i);
      const gateOnly = await visitor.text();
      expect(h1Of(gateOnly)).toMatch(GATE_TITLE);
      expect(gateOnly).not.toContain(heading);
      expect(gateOnly).not.toContain('<footer');
      expect(gateOnly).not.toContain('<main');
    });
  }

  for (const { path, title } of POLICY_PAGES) {
    test(`the policy page ${path} holds its text with or without the gate cookies`, async ({
      request,
    }) => {
      for (const headers of [{}, { cookie: GATE_COOKIE_HEADER }] as Record<string, string>[]) {
        const html = await (await request.get(path, { headers })).text();
        expect(h1Of(html)).toBe(title);
        expect(html).not.toContain(GATE_HEADING);
      }
    });
  }

  test('the first paint needs no request: the CSS is inline, the hero photo preloaded', async ({
    request,
  }) => {
    const html = await (await request.get('/', { headers: { cookie: GATE_COOKIE_HEADER } })).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<link rel="stylesheet"/);
    expect(head).toMatch(/<style>[^<]+<\/style>/);
    expect(head).toMatch(
      /<link rel="preload" as="image" imageSrcSet="[^"]*hero-1-640[^"]*"[^>]*fetchPriority="high"/,
    );
  });
});

test('a visitor without the gate cookies gets none of the page, in the HTML or in the DOM', async ({
  page,
}) => {
  const response = await page.goto('/info');
  const html = (await response?.text()) ?? '';
  expect(html).toContain(GATE_HEADING);
  expect(html).not.toContain('Prodajni predstavnici');
  await expect(gate(page)).toBeVisible();
  await expect(page.getByText('Prodajni predstavnici')).toHaveCount(0);
  await expect(page.locator('#root')).not.toContainText('O nama');
});

/**
 * Console errors, uncaught errors and the layout shifts of the page from the moment its app starts
 * (the start script's first module preload, startAfterFirstPaint in server/http/pages.ts).
 *
 * Shifts before it are the browser's, not the app's: on a busy machine Chromium paints a
 * half-parsed document, and the rest of the HTML then moves what it painted. The full CI run once
 * met 0.0034 on /katalozi at desktop width; painting the page cut after each closing tag measured
 * 0.0023 for a cut between its two cards (the first card's button moves down once the taller
 * second card stretches their row). `<link rel="expect" blocking="render">` would hold such a
 * paint back, but Chromium 156 still runs frames before the expected element is parsed.
 */
async function watchHydration(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // As a script text: the browser's layout-shift entries are not in Node's performance types.
  await page.addInitScript(`
    globalThis.layoutShift = 0;
    globalThis.appStart = Infinity;
    new MutationObserver((records, observer) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node.rel !== 'modulepreload') continue;
          globalThis.appStart = performance.now();
          observer.disconnect();
          return;
        }
      }
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.startTime >= globalThis.appStart) globalThis.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  `);
  return {
    problems,
    layoutShift: () =>
      page.evaluate(() => {
        const { appStart, layoutShift } = globalThis as unknown as {
          appStart: number;
          layoutShift: number;
        };
        // A page whose app never started would pass with nothing measured.
        if (appStart === Infinity) throw new Error('The app of the page never started');
        return layoutShift;
      }),
  };
}

test.describe('hydration', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await addGateCookies(context, baseURL ?? '');
  });

  for (const { path, heading } of ALL_PAGES) {
    test(`${path} hydrates with no console error and no layout shift`, async ({ page }) => {
      await hydratesWithoutProblems(page, path, heading);
    });
  }

  // A phone's width differs from what the server assumes (the desktop map switch of /info).
  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });
    for (const { path, heading } of ALL_PAGES) {
      test(`${path} hydrates with no layout shift`, async ({ page }) => {
        await hydratesWithoutProblems(page, path, heading);
      });
    }
  });

  async function hydratesWithoutProblems(page: Page, path: string, heading: string | RegExp) {
    const watch = await watchHydration(page);
    await page.goto(path);
    await expect.poll(() => isHydrated(page)).toBe(true);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Below what Lighthouse shows (CLS to three decimals): the full CI run once measured 0.00016 on
    // the gallery at phone width, which no run alone reproduces; /info's real shift was 0.021.
    expect(await watch.layoutShift()).toBeLessThan(0.0005);
    expect(watch.problems).toEqual([]);
  }

  test('the gate hydrates and still opens the site', async ({ page, context }) => {
    await context.clearCookies();
    const watch = await watchHydration(page);
    await page.goto('/katalozi');
    await expect.poll(() => isHydrated(page)).toBe(true);
    await gate(page).getByRole('switch', { name: 'Izjavljujem gore navedeno.' }).click();
    await gate(page).getByRole('button', { name: 'Prihvaćam nužne kolačiće' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Proizvodi i katalozi' }),
    ).toBeVisible();
    expect(watch.problems).toEqual([]);
  });
});

/**
 * Shared pieces of the browser tests: the texts of SPEC 2, 4 and 5 written out here (not imported
 * from the SPA) so that a changed text in the product fails a test, and the two ways into the site.
 */
import { AxeBuilder } from '@axe-core/playwright';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

// The date pickers' text, shared with the model tests (tests/support).
export { zagrebPickerText } from '../support/zagreb-picker-text.ts';

let browsersOpened = 0;

/**
 * Each browser a test opens is another person's device, with an address of its own as the reverse
 * proxy in front of the server reports it (X-Forwarded-For, trusted from loopback only: `trustProxy`
 * in server/app.ts). The server's limits count per client address (50 logins per 15 minutes,
 * DEFAULT_RATE_LIMITS): on one address, a run that took 14 minutes instead of 21 logged in more
 * often than that and met the server's 429.
 */
export function ownClientAddress(): Record<string, string> {
  browsersOpened += 1;
  const worker = test.info().workerIndex % 256;
  return {
    'X-Forwarded-For': `10.${worker}.${Math.floor(browsersOpened / 256) % 256}.${browsersOpened % 256}`,
  };
}

/** Playwright's `test`, each test's browser and API requests from an address of their own. */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, ...ownClientAddress() });
  },
});

export const GATE_TITLE = /^Dobro došli na službene stranice\b/;
export const DECLARATION_SWITCH = 'Izjavljujem gore navedeno.';
export const ACCEPT_BUTTON = 'Prihvaćam nužne kolačiće';
export const DECLARATION_REQUIRED = "Molimo, odaberite 'Izjavljujem gore navedeno.'";
export const SLOGAN = 'Vaš pouzdan partner sa sjeverozapada.';
export const NOT_FOUND = 'Stranica nije pronađena';

export const POLICY_PAGES = [
  { path: '/pravila-privatnosti', title: 'Pravila privatnosti' },
  { path: '/obrada-podataka', title: 'Obrada podataka' },
  { path: '/pravila-o-koristenju-kolacica', title: 'Pravila o korištenju kolačića' },
] as const;

export const PHONE = { width: 375, height: 800 };
export const DESKTOP = { width: 1366, height: 900 };

/** The data folder of the server the running test's project is pointed at (playwright.config.ts). */
export function serverDataDir(): string {
  const { dataDir } = test.info().project.metadata as { dataDir?: string };
  if (dataDir === undefined) throw new Error('The test project names no server data folder.');
  return dataDir;
}

export const gate = (page: Page) => page.getByRole('dialog', { name: GATE_TITLE });
export const slogan = (page: Page) => page.getByRole('heading', { level: 1, name: SLOGAN });

/** Completes the gate the way a visitor does: the declaration switch, then the accept button. */
export async function acceptGate(page: Page): Promise<void> {
  await untilHydrated(page);
  const dialog = gate(page);
  await dialog.getByRole('switch', { name: DECLARATION_SWITCH }).click();
  await dialog.getByRole('button', { name: ACCEPT_BUTTON }).click();
  await expect(slogan(page)).toBeVisible();
}

/** A visitor who accepted the gate on an earlier visit: the two cookies of SPEC 3 and 9. */
export async function addGateCookies(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([
    { name: 'prihvaceni_kolacici', value: '1', url: baseURL },
    { name: 'pristup_dozvoljen', value: 'true', url: baseURL, sameSite: 'Strict' },
  ]);
}

/** axe violations reduced to what a reader of a failed test needs. */
export function summarize(
  violations: { id: string; impact?: string | null; nodes: { target: unknown }[] }[],
) {
  return violations.map(({ id, impact, nodes }) => ({
    id,
    impact,
    targets: nodes.map((node) => node.target),
  }));
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Text fading in (a toast, the viewer's details expanding) is half transparent, which axe
  // measures as too little contrast: it waits until every animation that ends has ended.
  await page.waitForFunction(() => {
    // The tests' types have no DOM; an animation that repeats forever (a spinner) never ends.
    interface Running {
      playState: string;
      effect: { getTiming(): { iterations?: number } } | null;
    }
    const { document } = globalThis as unknown as { document: { getAnimations(): Running[] } };
    return document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      );
  });
  await expect(page.locator('.toast-enter, .toast-exit')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(summarize(violations)).toEqual([]);
}

/** Nothing sticks out sideways: the page never scrolls horizontally. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.locator('html').evaluate((html) => ({
    scrollWidth: html.scrollWidth,
    clientWidth: html.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** Clicks the ALTCHA checkbox and waits for the browser to finish the proof of work. */
export async function solveRobotCheck(scope: Page | Locator): Promise<void> {
  const group = scope.getByRole('group', { name: 'Provjera da niste robot' });
  // ALTCHA lays its check mark over the box; `force` clicks the box the way a mouse does.
  await group.getByRole('checkbox', { name: "I'm not a robot" }).click({ force: true });
  await expect(group.locator('[data-state="verified"]').first()).toBeAttached({ timeout: 30_000 });
}

/** The demo accounts' password, as playwright.config.ts starts the server with it. */
export const DEMO_PASSWORD = 'Demo-Lozinka-2026!';

/** Signs an account (a demo one by default) in through the form, robot check and all. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Lozinka', { exact: true }).fill(password);
  await solveRobotCheck(page);
  await page.getByRole('button', { name: 'Prijavi se' }).click();
  // A successful login goes home (on phones the header links sit in the closed menu). The server
  // checks the password with argon2id, made slow on purpose: on two busy cores it took over 5 s.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
}

/** A visitor's own browser: no session, the gate accepted on an earlier visit. */
export async function visitorPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: ownClientAddress(),
    locale: 'hr-HR',
    timezoneId: 'Europe/Zagreb',
  });
  await addGateCookies(context, baseURL);
  return context.newPage();
}

/** Whether React owns #root: the server's HTML has been hydrated (or rendered anew). */
export const isHydrated = (page: Page) =>
  page.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { getElementById(id: string): object | null } }
    ).document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

/**
 * Waits for React to take over the server's HTML, lazily loaded parts (the gate) included: a
 * click or key press on the HTML before that finds no handler, which a fast test does on a slow
 * machine. A part's code is requested after the root hydrates, hence the quiet network too.
 */
async function untilHydrated(page: Page): Promise<void> {
  // Asked every 50 ms: the default back-off (100, 250, 500, then 1000 ms) noticed a hydration
  // that took 1.2 s only at 1.85 s, and every page a test opens waits here.
  await expect.poll(() => isHydrated(page), { intervals: [50] }).toBe(true);
  await page.waitForLoadState('networkidle');
}

/** Opens a page and waits until it is hydrated (see `untilHydrated`). */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await untilHydrated(page);
}

/** Starts a <video> muted (autoplay rules allow that) and waits until it has played past `seconds`. */
export async function playMutedPast(video: Locator, seconds: number): Promise<void> {
  await video.evaluate(async (element) => {
    const media = element as unknown as { muted: boolean; play(): Promise<void> };
    media.muted = true;
    await media.play();
  });
  // The player first loads hls.js, the playlist and a segment: at a load of 15 on two cores that
  // took longer than the default 5 s.
  await expect
    .poll(
      () =>
        video.evaluate((element) => (element as unknown as { currentTime: number }).currentTime),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(seconds);
}

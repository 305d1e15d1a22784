/**
 * The access gate's generated paths in the browser (SPEC 2 "Access gate", 4, 5, 9): a first
 * visit, and a visitor whose browser kept the two cookies of an earlier visit.
 */
import { expect } from '@playwright/test';
import { accessGateMachine } from '../../../src/machines/accessGate.machine.ts';
import {
  ACCEPT_BUTTON,
  DECLARATION_REQUIRED,
  DECLARATION_SWITCH,
  addGateCookies,
  gate,
  openPage,
  slogan,
} from '../support.ts';
import { testBrowserPaths, type Fixtures } from './browser-paths.ts';

const DAY_SECONDS = 24 * 60 * 60;
const YEAR_DAYS = 365;

interface GateWorld extends Fixtures {
  acceptedBefore: boolean;
}

const declaration = ({ page }: GateWorld) =>
  gate(page).getByRole('switch', { name: DECLARATION_SWITCH });

const consentCookies = async ({ context }: GateWorld) =>
  (await context.cookies()).filter((cookie) =>
    ['prihvaceni_kolacici', 'pristup_dozvoljen'].includes(cookie.name),
  );

/** The gate alone: no site behind it, and nothing stored yet (SPEC 4). */
async function expectGate(world: GateWorld, declared: boolean, alert: boolean) {
  const { page } = world;
  await expect(gate(page)).toBeVisible();
  await expect(declaration(world)).toBeChecked({ checked: declared });
  if (alert) await expect(gate(page).getByRole('alert')).toHaveText(DECLARATION_REQUIRED);
  else await expect(gate(page).getByRole('alert')).toHaveCount(0);
  await expect(slogan(page)).toHaveCount(0);
  expect(await consentCookies(world)).toEqual([]);
}

/** Days from now until a cookie expires. */
const daysLeft = (expires: number) => (expires - Date.now() / 1000) / DAY_SECONDS;

testBrowserPaths(accessGateMachine, {
  inputs: [
    { name: 'first visit', input: { accepted: false } },
    { name: 'accepted before', input: { accepted: true } },
  ],
  open: async (fixtures, { accepted }) => {
    if (accepted) await addGateCookies(fixtures.context, fixtures.baseURL);
    await openPage(fixtures.page, '/');
    return { ...fixtures, acceptedBefore: accepted };
  },
  states: {
    'open.declarationOff': (world) => expectGate(world, false, false),
    'open.declarationRequired': (world) => expectGate(world, false, true),
    'open.declarationOn': (world) => expectGate(world, true, false),
    accepted: async (world) => {
      await expect(gate(world.page)).toHaveCount(0);
      await expect(slogan(world.page)).toBeVisible();
      const cookies = await consentCookies(world);
      expect(cookies.map(({ name, value }) => [name, value]).sort()).toEqual([
        ['prihvaceni_kolacici', '1'],
        ['pristup_dozvoljen', 'true'],
      ]);
      if (world.acceptedBefore) return;
      // SPEC 9: the declaration for a year, same-site strict; the necessary one for 100 years,
      // which Chromium keeps as long as any cookie (400 days): longer than the declaration.
      const necessary = cookies.find((cookie) => cookie.name === 'prihvaceni_kolacici');
      const declared = cookies.find((cookie) => cookie.name === 'pristup_dozvoljen');
      expect(daysLeft(necessary?.expires ?? 0)).toBeGreaterThan(399);
      expect(daysLeft(declared?.expires ?? 0)).toBeGreaterThan(YEAR_DAYS - 1);
      expect(daysLeft(declared?.expires ?? 0)).toBeLessThanOrEqual(YEAR_DAYS);
      expect(declared?.sameSite).toBe('Strict');
    },
  },
  events: {
    TOGGLE_DECLARATION: async (world) => declaration(world).click(),
    ACCEPT: async ({ page }) => gate(page).getByRole('button', { name: ACCEPT_BUTTON }).click(),
  },
});

/**
 * Shared pieces of the browser tests: the texts of SPEC 2, 4 and 5 written out here (not imported
 * from the SPA) so that a changed text in the product fails a test, and the two ways into the site.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';

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

export const gate = (page: Page) => page.getByRole('dialog', { name: GATE_TITLE });
export const slogan = (page: Page) => page.getByRole('heading', { level: 1, name: SLOGAN });

/** Completes the gate the way a visitor does: the declaration switch, then the accept button. */
export async function acceptGate(page: Page): Promise<void> {
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

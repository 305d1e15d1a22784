/**
 * axe (WCAG 2.x A/AA and best practices) on the gate, the shell and a policy page, at a phone
 * width and a desktop width: every screen a visitor of this foundation can reach.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DESKTOP, PHONE, acceptGate, gate, summarize, openPage, test } from './support.ts';

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(summarize(violations)).toEqual([]);
}

for (const [width, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test.describe(`${width} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the gate has no axe violations, also with the alert showing', async ({ page }) => {
      await openPage(page, '/');
      await expect(gate(page)).toBeVisible();
      await expectNoAxeViolations(page);

      await gate(page).getByRole('button', { name: 'Prihvaćam nužne kolačiće' }).click();
      await expect(gate(page).getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the home shell after accepting has no axe violations', async ({ page }) => {
      await openPage(page, '/');
      await acceptGate(page);
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('phone side menu', () => {
  test.use({ viewport: PHONE });

  test('the open side menu has no axe violations', async ({ page }) => {
    await openPage(page, '/');
    await acceptGate(page);
    await page.getByRole('button', { name: 'Izbornik' }).click();
    const closeButton = page.getByRole('button', { name: 'Zatvori izbornik' });
    await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Glavna navigacija' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('a policy page has no axe violations', async ({ page }) => {
  await openPage(page, '/pravila-privatnosti');
  await expect(page.getByRole('heading', { level: 1, name: 'Pravila privatnosti' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the not-found page has no axe violations', async ({ page }) => {
  await openPage(page, '/');
  await acceptGate(page);
  await openPage(page, '/nema-ove-stranice');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Stranica nije pronađena' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useEffect } from 'react';
import { expect, it } from 'vitest';
import { useLocation } from 'wouter';
import { HeaderContainer } from '../../src/app/HeaderContainer.tsx';
import { headerMachine } from '../../src/machines/header.machine.ts';
import { fakeInspector } from '../support/inspected.tsx';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const BRAND = 'Dental Sjever';
const user = userEvent.setup();

/** The menu's toggle, by either of its names (closed: 'Izbornik', open: 'Zatvori izbornik'). */
const menuButton = () => screen.getByRole('button', { name: /^(Zatvori izbornik|Izbornik)$/ });

/** Moves the app to another address the way the browser's back button or any other page does. */
let navigate: (path: string) => void = () => undefined;
function Elsewhere() {
  const [, to] = useLocation();
  useEffect(() => {
    navigate = to;
  }, [to]);
  return null;
}

it('closes the open menu when the address changes from outside it (SPEC "Header")', async () => {
  const app = renderWithEffects(
    <>
      <HeaderContainer brand={BRAND} />
      <Elsewhere />
    </>,
    { path: '/' },
  );
  await user.click(menuButton());
  expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
  act(() => navigate('/tecajevi'));
  expect(app.location()).toBe('/tecajevi');
  expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  // Every change of address, not only the first one.
  await user.click(menuButton());
  act(() => navigate('/info'));
  expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
});

it('shows the header machine to the Stately inspector (README "Inspecting the machines")', () => {
  const inspector = fakeInspector();
  renderWithEffects(inspector.wrap(<HeaderContainer brand={BRAND} />));
  expect(inspector.machineIds()).toContain(headerMachine.id);
});

import { expect, it } from 'vitest';
import { LogoutContainer } from '../../src/app/LogoutContainer.tsx';
import { logoutCountdownMachine } from '../../src/machines/logoutCountdown.machine.ts';
import { fakeInspector } from '../support/inspected.tsx';
import { renderWithEffects } from '../support/render-with-effects.tsx';

it('shows the logout countdown machine to the Stately inspector (README "Inspecting the machines")', () => {
  const inspector = fakeInspector();
  renderWithEffects(inspector.wrap(<LogoutContainer />), { path: '/logout' });
  expect(inspector.machineIds()).toContain(logoutCountdownMachine.id);
});

import { act } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { LoginContainer } from '../../src/app/LoginContainer.tsx';
import { loginMachine } from '../../src/machines/login.machine.ts';
import { fakeInspector } from '../support/inspected.tsx';
import { renderWithEffects, TEST_SITE_CONFIG } from '../support/render-with-effects.tsx';

vi.mock('../../src/app/loadAltcha.ts', () => ({ loadAltcha: () => Promise.resolve() }));

it('shows the login machine to the Stately inspector (README "Inspecting the machines")', async () => {
  const inspector = fakeInspector();
  renderWithEffects(inspector.wrap(<LoginContainer robotCheck={TEST_SITE_CONFIG.robotCheck} />), {
    path: '/login',
  });
  await act(async () => undefined);
  expect(inspector.machineIds()).toContain(loginMachine.id);
});

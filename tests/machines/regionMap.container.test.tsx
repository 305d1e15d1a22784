import { expect, it, vi } from 'vitest';
import { RegionMapContainer } from '../../src/app/RegionMapContainer.tsx';
import { mapSelectionMachine, type MapShapes } from '../../src/machines/mapSelection.machine.ts';
import { fakeInspector } from '../support/inspected.tsx';
import { renderWithEffects } from '../support/render-with-effects.tsx';

// The shapes stay loading: this test is about the machine, not the drawing.
vi.mock('../../src/app/mapShapes.ts', () => ({
  projectCroatia: () => new Promise<MapShapes>(() => undefined),
}));

it('shows the map machine to the Stately inspector (README "Inspecting the machines")', () => {
  const inspector = fakeInspector();
  renderWithEffects(inspector.wrap(<RegionMapContainer scrollTo="page" headingLevel={2} />), {
    path: '/info',
  });
  expect(inspector.machineIds()).toContain(mapSelectionMachine.id);
});

import { expect, it } from 'vitest';
import { EducationDeleteContainer } from '../../src/app/EducationDeleteContainer.tsx';
import { educationDeleteMachine } from '../../src/machines/educationDelete.machine.ts';
import { fakeInspector } from '../support/inspected.tsx';
import { renderWithEffects } from '../support/render-with-effects.tsx';

it('shows the delete machine to the Stately inspector (README "Inspecting the machines")', () => {
  const inspector = fakeInspector();
  renderWithEffects(inspector.wrap(<EducationDeleteContainer />), {
    path: '/admin/educations/delete',
    api: { educations: { listEducations: () => new Promise<never>(() => undefined) } },
  });
  expect(inspector.machineIds()).toContain(educationDeleteMachine.id);
});

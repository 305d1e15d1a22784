import { expect, it } from 'vitest';
import { PartnerFormContainer } from '../../src/app/PartnerFormContainer.tsx';
import { partnerFormMachine } from '../../src/machines/partnerForm.machine.ts';
import { fakeInspector } from '../support/inspected.tsx';
import { renderWithEffects } from '../support/render-with-effects.tsx';

it('shows the partner form machine to the Stately inspector (README "Inspecting the machines")', () => {
  const inspector = fakeInspector();
  renderWithEffects(inspector.wrap(<PartnerFormContainer />), {
    path: '/admin/partners',
    api: { partners: { listPartners: () => new Promise(() => undefined) } },
  });
  expect(inspector.machineIds()).toContain(partnerFormMachine.id);
});

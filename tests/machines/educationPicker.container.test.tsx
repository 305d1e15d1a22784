import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expect, it } from 'vitest';
import type { Education } from '../../src/api/contract.ts';
import { EducationPickerContainer } from '../../src/app/EducationPickerContainer.tsx';
import { educationPickerMachine } from '../../src/machines/educationPicker.machine.ts';
import { messages } from '../../src/messages.ts';
import { anEducation, stream } from '../support/educations.ts';
import { fakeInspector } from '../support/inspected.tsx';
import { fakePromiseActor } from '../support/model-based.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const text = messages.educationAdmin;
const user = userEvent.setup();
const loadEducations = fakePromiseActor<Education[], undefined>();
const retryTranscode = fakePromiseActor<Education, number>();

it('reports a failed retry of a transcode as an error toast (issue 27)', async () => {
  const app = renderWithEffects(<EducationPickerContainer />, {
    path: '/admin/educations/update',
    api: {
      educations: {
        listEducations: () => loadEducations.fn(undefined),
        retryTranscode: retryTranscode.fn,
      },
    },
  });
  await loadEducations.resolve([
    anEducation({ id: 8, title: 'Parodontologija', stream: stream('failed') }),
  ]);
  await user.click(screen.getByRole('button', { name: text.retryTranscodeOf('Parodontologija') }));
  expect(retryTranscode.calls).toEqual([8]);
  await retryTranscode.reject(new TypeError('Failed to fetch'));
  expect(app.notices).toEqual([
    { tone: 'error', text: 'Dogodila se pogreška: {"message":"Failed to fetch"}' },
  ]);
});

it('shows the picker machine to the Stately inspector (README "Inspecting the machines")', () => {
  const inspector = fakeInspector();
  renderWithEffects(inspector.wrap(<EducationPickerContainer />), {
    path: '/admin/educations/update',
    api: { educations: { listEducations: () => new Promise<never>(() => undefined) } },
  });
  expect(inspector.machineIds()).toContain(educationPickerMachine.id);
});

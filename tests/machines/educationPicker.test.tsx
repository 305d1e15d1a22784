import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Education } from '../../src/api/contract.ts';
import { EducationPickerContainer } from '../../src/app/EducationPickerContainer.tsx';
import { educationPickerMachine } from '../../src/machines/educationPicker.machine.ts';
import { messages } from '../../src/messages.ts';
import { ADMIN_EDUCATIONS as EDUCATIONS } from '../support/educations.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const text = messages.educationAdmin;
const user = userEvent.setup();

const loadEducations = fakePromiseActor<Education[], undefined>();
let app: ReturnType<typeof renderWithEffects>;

function renderPicker() {
  loadEducations.reset();
  app = renderWithEffects(<EducationPickerContainer />, {
    path: '/admin/educations/update',
    api: { educations: { listEducations: () => loadEducations.fn(undefined) } },
  });
  return app;
}

const picker = () => screen.queryByRole('combobox', { name: text.pickerLabel });

/** Types part of a name and picks the option by its '[#id] title'. */
async function choose(search: string, option: string) {
  const box = picker();
  if (!box) throw new Error('The education select is not shown');
  await user.clear(box);
  await user.type(box, search);
  await user.click(screen.getByRole('option', { name: option }));
}

describe('education picker model', () => {
  testMachineModel(educationPickerMachine, {
    render: renderPicker,
    fakes: { loadEducations },
    sampleEvents: [
      { type: 'xstate.done.actor.loadEducations', output: EDUCATIONS },
      { type: 'xstate.error.actor.loadEducations', error: new TypeError('Failed to fetch') },
      { type: 'CHOOSE', id: 5 },
    ],
    states: {
      loading: () => {
        expect(screen.getByRole('status')).toHaveTextContent(text.loadingEducations);
        expect(picker()).not.toBeInTheDocument();
      },
      loadFailed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(text.educationsFailed);
        expect(screen.getByRole('button', { name: text.retry })).toBeVisible();
      },
      choosing: () => {
        expect(screen.getByRole('heading', { level: 1, name: text.pickerTitle })).toBeVisible();
        expect(picker()).toBeVisible();
        expect(app.location()).toBe(
          app.history.length > 1 ? '/admin/educations/update/5' : '/admin/educations/update',
        );
      },
    },
    events: {
      RETRY: () => user.click(screen.getByRole('button', { name: text.retry })),
      CHOOSE: () => choose('endo', '[#5] Endodoncija u praksi'),
    },
  });
});

describe('education picker pinned by hand', () => {
  it('finds by part of the title or by the number, and opens the edit route', async () => {
    renderPicker();
    await loadEducations.resolve(EDUCATIONS);
    const box = picker() as HTMLElement;
    await user.type(box, '#12');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '[#12] Implantologija danas',
    ]);
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText(text.noMatches)).toBeVisible();
    // Keyboard: the list opens with the arrow key; Enter chooses the highlighted option.
    await user.clear(box);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(app.history).toEqual(['/admin/educations/update', '/admin/educations/update/5']);
  });

  it('says so when there is no education yet', async () => {
    renderPicker();
    await loadEducations.resolve([]);
    expect(screen.getByText(text.noEducations)).toBeVisible();
    expect(picker()).not.toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Education } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { EducationDeleteContainer } from '../../src/app/EducationDeleteContainer.tsx';
import { educationDeleteMachine } from '../../src/machines/educationDelete.machine.ts';
import { messages } from '../../src/messages.ts';
import { ADMIN_EDUCATIONS as EDUCATIONS } from '../support/educations.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';

const text = messages.educationAdmin;
const user = userEvent.setup();

const loadEducations = fakePromiseActor<Education[], undefined>();
const deleteEducation = fakePromiseActor<undefined, number>();
let app: ReturnType<typeof renderWithEffects>;

function renderDelete() {
  loadEducations.reset();
  deleteEducation.reset();
  app = renderWithEffects(<EducationDeleteContainer />, {
    path: '/admin/educations/delete',
    api: {
      educations: {
        listEducations: () => loadEducations.fn(undefined),
        deleteEducation: deleteEducation.fn,
      },
    },
  });
  return app;
}

const picker = () => screen.queryByRole('combobox', { name: text.pickerLabel });
const dialog = () => screen.queryByRole('alertdialog', { name: text.confirmTitle });
const details = () =>
  screen.queryAllByRole('definition').map((definition) => definition.textContent);

async function choose(search: string, option: string) {
  const box = picker();
  if (!box) throw new Error('The education select is not shown');
  await user.clear(box);
  await user.type(box, search);
  await user.click(screen.getByRole('option', { name: option }));
}

/**
 * CHOOSE as a person does it: searching for the sample's number and taking its option; a deleted
 * one is not found ('Nema rezultata'), and clearing the field chooses nothing.
 */
async function chooseSample(id: number | null) {
  const box = picker() as HTMLElement;
  await user.clear(box);
  if (id === null) {
    await user.tab();
    return;
  }
  await user.type(box, `#${id}`);
  const option = screen.queryByRole('option', { name: new RegExp(`^\\[#${id}\\] `) });
  if (option) await user.click(option);
  else expect(screen.getByText(text.noMatches)).toBeVisible();
}

describe('education delete model', () => {
  testMachineModel(educationDeleteMachine, {
    render: renderDelete,
    fakes: { loadEducations, deleteEducation },
    sampleEvents: [
      { type: 'xstate.done.actor.loadEducations', output: EDUCATIONS },
      { type: 'xstate.error.actor.loadEducations', error: new TypeError('Failed to fetch') },
      { type: 'CHOOSE', id: 5 },
      { type: 'CHOOSE', id: null },
      { type: 'xstate.done.actor.deleteEducation', output: undefined },
      { type: 'xstate.error.actor.deleteEducation', error: new ApiError(404, null) },
    ],
    states: {
      loading: () => {
        expect(screen.getByRole('status')).toHaveTextContent(text.loadingEducations);
      },
      loadFailed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent(text.educationsFailed);
      },
      'choosing.nothingChosen': ({ context }) => {
        expect(dialog()).not.toBeInTheDocument();
        expect(details()).toEqual([]);
        expect(screen.queryByRole('button', { name: text.deleteButton })).not.toBeInTheDocument();
        expect(picker()).toBeVisible();
        expect(context.chosenId).toBeNull();
      },
      'choosing.chosen': ({ context }) => {
        expect(dialog()).not.toBeInTheDocument();
        const chosen = context.educations.find((education) => education.id === context.chosenId);
        expect(picker()).toHaveValue(`[#${chosen?.id}] ${chosen?.title}`);
        expect(details().slice(0, 2)).toEqual([chosen?.title, chosen?.lecturer]);
        expect(screen.getByRole('button', { name: text.deleteButton })).toBeVisible();
      },
      confirming: ({ context }) => {
        const chosen = context.educations.find((education) => education.id === context.chosenId);
        expect(dialog()).toHaveAccessibleDescription(text.confirmText(chosen?.title ?? ''));
        expect(
          within(dialog() as HTMLElement).getByRole('button', { name: text.confirmNo }),
        ).toHaveFocus();
      },
      deleting: ({ context }) => {
        expect(deleteEducation.calls.at(-1)).toBe(context.chosenId);
        expect(within(dialog() as HTMLElement).getByRole('status')).toHaveTextContent(
          text.deleting,
        );
      },
    },
    events: {
      RETRY: () => user.click(screen.getByRole('button', { name: text.retry })),
      CHOOSE: (event) => chooseSample((event as unknown as { id: number | null }).id),
      ASK_DELETE: () => user.click(screen.getByRole('button', { name: text.deleteButton })),
      CANCEL: () => user.click(screen.getByRole('button', { name: text.confirmNo })),
      CONFIRM: () => user.click(screen.getByRole('button', { name: text.confirmYes })),
    },
  });
});

describe('education delete pinned by hand', () => {
  it('shows title, lecturer and creation time, deletes after the dialog and names it', async () => {
    renderDelete();
    await loadEducations.resolve(EDUCATIONS);
    await choose('endo', '[#5] Endodoncija u praksi');
    expect(details()).toEqual(['Endodoncija u praksi', 'dr. Ivo Kovač', '01. 10. 2026. 12:00']);
    await user.click(screen.getByRole('button', { name: 'Obriši edukaciju' }));
    await user.click(screen.getByRole('button', { name: 'Potvrđujem brisanje' }));
    expect(deleteEducation.calls).toEqual([5]);
    await deleteEducation.resolve(undefined);
    expect(app.notices).toEqual([
      {
        tone: 'success',
        text: 'Edukacija "Endodoncija u praksi" je uspješno trajno obrisana iz sustava!',
      },
    ]);
    await user.click(picker() as HTMLElement);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '[#12] Implantologija danas',
    ]);
  });

  it('keeps the education when the delete fails, with the generic error toast', async () => {
    renderDelete();
    await loadEducations.resolve(EDUCATIONS);
    await choose('12', '[#12] Implantologija danas');
    await user.click(screen.getByRole('button', { name: 'Obriši edukaciju' }));
    await user.keyboard('{Escape}');
    expect(dialog()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Obriši edukaciju' }));
    await user.click(screen.getByRole('button', { name: 'Potvrđujem brisanje' }));
    await deleteEducation.reject(new ApiError(500, { errors: ['Boom.'] }));
    expect(app.notices).toEqual([
      { tone: 'error', text: 'Dogodila se pogreška: {"errors":["Boom."]}' },
    ]);
    expect(details()[0]).toBe('Implantologija danas');
    // The dialog closes; the same education can be deleted again.
    expect(dialog()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Obriši edukaciju' }));
    await user.click(screen.getByRole('button', { name: 'Potvrđujem brisanje' }));
    expect(deleteEducation.calls).toEqual([12, 12]);
  });

  it('a second choice replaces the first, and the delete takes the second', async () => {
    renderDelete();
    await loadEducations.resolve(EDUCATIONS);
    await choose('endo', '[#5] Endodoncija u praksi');
    // Straight from one to the other, through the list the field opens on a click.
    await user.click(picker() as HTMLElement);
    await user.click(screen.getByRole('option', { name: '[#12] Implantologija danas' }));
    expect(picker()).toHaveValue('[#12] Implantologija danas');
    expect(details().slice(0, 2)).toEqual(['Implantologija danas', 'dr. sc. Ana Horvat']);
    await user.click(screen.getByRole('button', { name: 'Obriši edukaciju' }));
    await user.click(screen.getByRole('button', { name: 'Potvrđujem brisanje' }));
    expect(deleteEducation.calls).toEqual([12]);
  });
});

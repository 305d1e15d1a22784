import { act, fireEvent, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Education } from '../../src/api/contract.ts';
import { ApiError } from '../../src/api/errors.ts';
import { EducationDeleteContainer } from '../../src/app/EducationDeleteContainer.tsx';
import { educationDeleteMachine } from '../../src/machines/educationDelete.machine.ts';
import { messages } from '../../src/messages.ts';
import { ADMIN_EDUCATIONS as EDUCATIONS, anEducation } from '../support/educations.ts';
import { fakePromiseActor, testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';
import { connectionLost, refusedWith } from '../support/server-failures.ts';

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

/**
 * SPEC 2 admin screen 4 and 8 "Education" as a model: the educations the server still has, the
 * one chosen, whether the dialog asks, the delete calls sent and the toasts due. Nothing is
 * deleted without 'Potvrđujem brisanje'; what is deleted is what was chosen; a deleted
 * education leaves the list and is named in the toast; a failed delete keeps it chosen.
 */
interface DeleteModel {
  phase: 'loading' | 'loadFailed' | 'shown';
  listed: number[];
  chosen: number | null;
  /** What the education field shows: the search typed, or the chosen option (null: unchecked). */
  field: string | null;
  asking: boolean;
  deleteOpen: boolean;
  loads: number;
  deletes: number[];
  notices: { tone: string; text: string }[];
}

describe('education delete random paths', () => {
  const CHOICES = [
    ...EDUCATIONS,
    anEducation({
      id: 31,
      title: 'Čišćenje i šivanje – Đurđa Žigić',
      lecturer: 'prof. dr. Đurđa Žigić',
      // 23:30 UTC is half past midnight of the next day in Zagreb (CET).
      createdAt: '2027-01-15T23:30:00.000Z',
    }),
  ];
  /** What each shows once chosen (title, lecturer, creation time in Zagreb), written out. */
  const DETAILS: Record<number, string[]> = {
    12: ['Implantologija danas', 'dr. sc. Ana Horvat', '01. 10. 2026. 12:00'],
    5: ['Endodoncija u praksi', 'dr. Ivo Kovač', '01. 10. 2026. 12:00'],
    31: ['Čišćenje i šivanje – Đurđa Žigić', 'prof. dr. Đurđa Žigić', '16. 01. 2027. 00:30'],
  };
  const titleOf = (id: number) => DETAILS[id]?.[0] ?? '';
  // Two ways to find each (case does not matter, diacritics do): the second when the field
  // shows the first already, as a change to the same text would not be one.
  const SEARCHES: Record<number, [string, string]> = {
    12: ['#12', '12'],
    5: ['endo', 'ENDO'],
    31: ['ĐURĐA', 'šivanje'],
  };
  const failures = [refusedWith(500, 'Internal server error.'), connectionLost()];
  const deleteFailures = [...failures, refusedWith(404, 'Education not found.')];
  const choosing = (model: DeleteModel) =>
    model.phase === 'shown' && model.listed.length > 0 && !model.asking;
  const dialogButton = (name: string) =>
    within(dialog() as HTMLElement).getByRole('button', { name });

  const searchFor = (_: DeleteModel, id: number) => {
    const [first, second] = SEARCHES[id] as [string, string];
    return (picker() as HTMLInputElement | null)?.value === first ? second : first;
  };
  const choose = fc.constantFrom(12, 5, 31).map((id) =>
    step<DeleteModel>(
      (model) => `potraži "${searchFor(model, id)}" i odaberi [#${id}] ${titleOf(id)}`,
      async (model) => {
        const search = searchFor(model, id);
        await act(async () => {
          fireEvent.change(picker() as HTMLElement, { target: { value: search } });
        });
        const option = screen.queryByRole('option', { name: `[#${id}] ${titleOf(id)}` });
        // A deleted education is not offered any more.
        if (!model.listed.includes(id)) {
          expect(option).toBeNull();
          expect(screen.getByText(text.noMatches)).toBeVisible();
          model.field = search;
          return;
        }
        await act(async () => {
          fireEvent.click(option as HTMLElement);
        });
        model.chosen = id;
        model.field = `[#${id}] ${titleOf(id)}`;
      },
      choosing,
    ),
  );
  const askDelete = fc.constant(
    step<DeleteModel>(
      `pritisni '${text.deleteButton}'`,
      (model) => {
        fireEvent.click(screen.getByRole('button', { name: text.deleteButton }));
        model.asking = true;
      },
      (model) => choosing(model) && model.chosen !== null,
    ),
  );
  const confirm = fc.constant(
    step<DeleteModel>(
      `pritisni '${text.confirmYes}'`,
      (model) => {
        fireEvent.click(dialogButton(text.confirmYes));
        model.deleteOpen = true;
        model.deletes.push(model.chosen as number);
      },
      (model) => model.asking && !model.deleteOpen,
    ),
  );

  // Listed twice: most paths go on to choose and delete; some meet no education or only one.
  const loaded = fc.constantFrom(CHOICES, CHOICES, CHOICES, [], CHOICES.slice(2)).map((list) =>
    step<DeleteModel>(
      `poslužitelj šalje ${list.length} edukacija`,
      async (model) => {
        await loadEducations.resolve(list);
        model.phase = 'shown';
        model.listed = list.map(({ id }) => id);
      },
      (model) => model.phase === 'loading',
    ),
  );

  testRandomPaths<DeleteModel>('educationDelete', {
    startLabel: "Otvori 'Obriši edukaciju' u administraciji",
    numRuns: 25,
    maxSteps: 18,
    start: () => {
      renderDelete();
      return {
        phase: 'loading',
        listed: [],
        chosen: null,
        field: '',
        asking: false,
        deleteOpen: false,
        loads: 1,
        deletes: [],
        notices: [],
      };
    },
    steps: [
      loaded,
      loaded,
      fc.constantFrom(...failures).map(({ label, error, toast }) =>
        step<DeleteModel>(
          label,
          async (model) => {
            await loadEducations.reject(error);
            model.phase = 'loadFailed';
            model.notices.push({ tone: 'error', text: toast });
          },
          (model) => model.phase === 'loading',
        ),
      ),
      fc.constant(
        step<DeleteModel>(
          `pritisni '${text.retry}'`,
          (model) => {
            fireEvent.click(screen.getByRole('button', { name: text.retry }));
            model.phase = 'loading';
            model.loads += 1;
          },
          (model) => model.phase === 'loadFailed',
        ),
      ),
      choose,
      choose,
      fc.constant(
        step<DeleteModel>(
          'isprazni polje edukacije',
          async (model) => {
            await act(async () => {
              fireEvent.change(picker() as HTMLElement, { target: { value: '' } });
            });
            model.chosen = null;
            model.field = '';
          },
          (model) => choosing(model) && model.chosen !== null,
        ),
      ),
      askDelete,
      askDelete,
      confirm,
      confirm,
      fc.constantFrom('button', 'Escape').map((how) =>
        step<DeleteModel>(
          how === 'button' ? `pritisni '${text.confirmNo}'` : 'pritisni Escape',
          (model) => {
            if (how === 'button') fireEvent.click(dialogButton(text.confirmNo));
            else fireEvent.keyDown(dialog() as HTMLElement, { key: 'Escape' });
            model.asking = false;
          },
          (model) => model.asking && !model.deleteOpen,
        ),
      ),
      // While the delete runs, Escape must not take the dialog (and the choice) away.
      fc.constant(
        step<DeleteModel>(
          'pritisni Escape dok se briše',
          () => {
            fireEvent.keyDown(dialog() as HTMLElement, { key: 'Escape' });
          },
          (model) => model.deleteOpen,
        ),
      ),
      fc.constant(
        step<DeleteModel>(
          'poslužitelj briše edukaciju',
          async (model) => {
            await deleteEducation.resolve(undefined);
            const id = model.chosen as number;
            model.notices.push({
              tone: 'success',
              text: `Edukacija "${titleOf(id)}" je uspješno trajno obrisana iz sustava!`,
            });
            model.listed = model.listed.filter((listed) => listed !== id);
            Object.assign(model, { chosen: null, field: null, asking: false, deleteOpen: false });
          },
          (model) => model.deleteOpen,
        ),
      ),
      fc.constantFrom(...deleteFailures).map(({ label, error, toast }) =>
        step<DeleteModel>(
          `brisanje: ${label}`,
          async (model) => {
            await deleteEducation.reject(error);
            model.notices.push({ tone: 'error', text: toast });
            // The education stays, chosen, and can be deleted again.
            Object.assign(model, { asking: false, deleteOpen: false });
          },
          (model) => model.deleteOpen,
        ),
      ),
    ],
    invariants: (model) => {
      // Deleted only after 'Potvrđujem brisanje', and exactly the education chosen.
      expect(loadEducations.calls).toHaveLength(model.loads);
      expect(deleteEducation.calls).toEqual(model.deletes);
      expect(app.notices).toEqual(model.notices);
      if (model.phase === 'loading') {
        expect(screen.getByRole('status')).toHaveTextContent(text.loadingEducations);
        return;
      }
      if (model.phase === 'loadFailed') {
        expect(screen.getByRole('alert')).toHaveTextContent(text.educationsFailed);
        expect(picker()).toBeNull();
        return;
      }
      if (model.listed.length === 0) {
        expect(screen.getByText(text.noEducations)).toBeVisible();
        expect(picker()).toBeNull();
        return;
      }
      const { chosen } = model;
      expect(details()).toEqual(chosen === null ? [] : DETAILS[chosen]);
      if (model.field !== null) expect(picker()).toHaveValue(model.field);
      expect(screen.queryByRole('button', { name: text.deleteButton }) !== null).toBe(
        chosen !== null,
      );
      if (!model.asking) {
        expect(dialog()).toBeNull();
        return;
      }
      expect(dialog()).toHaveAccessibleDescription(text.confirmText(titleOf(chosen as number)));
      if (model.deleteOpen) {
        expect(within(dialog() as HTMLElement).getByRole('status')).toHaveTextContent(
          text.deleting,
        );
        expect(within(dialog() as HTMLElement).queryByRole('button')).toBeNull();
      }
    },
  });
});

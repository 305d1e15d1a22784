/**
 * The delete screen's choice at its edges: only an education of the loaded list can be chosen
 * (the model-based test picks through the combobox, which never offers another).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  educationDeleteMachine,
  selectChosenEducation,
} from '../../src/machines/educationDelete.machine.ts';
import { ADMIN_EDUCATIONS, anEducation } from '../support/educations.ts';

async function loadedDelete(educations = ADMIN_EDUCATIONS) {
  const actor = createActor(
    educationDeleteMachine.provide({
      actors: {
        loadEducations: fromPromise(() => Promise.resolve(educations)),
        deleteEducation: fromPromise(() => Promise.resolve(undefined)),
      },
    }),
  ).start();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return actor;
}

describe('choosing an education to delete', () => {
  it('an id outside the list chooses nothing, before and after a choice', async () => {
    const actor = await loadedDelete();
    actor.send({ type: 'CHOOSE', id: 999 });
    expect(actor.getSnapshot().value).toEqual({ choosing: 'nothingChosen' });
    actor.send({ type: 'CHOOSE', id: 5 });
    expect(selectChosenEducation(actor.getSnapshot())?.id).toBe(5);
    actor.send({ type: 'CHOOSE', id: 999 });
    expect(actor.getSnapshot().value).toEqual({ choosing: 'nothingChosen' });
    expect(actor.getSnapshot().context.chosenId).toBeNull();
  });

  it('the only education of the list can be chosen', async () => {
    const only = anEducation({ id: 5, title: 'Endodoncija u praksi' });
    const actor = await loadedDelete([only]);
    actor.send({ type: 'CHOOSE', id: only.id });
    expect(selectChosenEducation(actor.getSnapshot())).toEqual(only);
  });
});

/**
 * The picker's transcode retry at its edges (issue 27): only a failed transcode is sent to the
 * server again (the page shows the retry button for those alone, so the journeys never send
 * another id).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Education } from '../../src/api/contract.ts';
import { educationPickerMachine } from '../../src/machines/educationPicker.machine.ts';
import { anEducation, stream } from '../support/educations.ts';

const EDUCATIONS = [
  anEducation({ id: 5, title: 'Endodoncija u praksi' }),
  anEducation({ id: 7, title: 'Protetika', stream: stream('ready', 100) }),
  anEducation({ id: 8, title: 'Parodontologija', stream: stream('failed') }),
];

async function loadedPicker() {
  const retried: number[] = [];
  const actor = createActor(
    educationPickerMachine.provide({
      actors: {
        loadEducations: fromPromise(() => Promise.resolve(EDUCATIONS)),
        retryTranscode: fromPromise<Education, { id: number }>(({ input }) => {
          retried.push(input.id);
          return new Promise<never>(() => undefined);
        }),
      },
    }),
  ).start();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, retried };
}

describe('retrying a transcode', () => {
  it.each([
    ['a ready transcode', 7],
    ['an education without an upload', 5],
    ['an id outside the list', 999],
  ])('sends nothing for %s', async (_, id) => {
    const { actor, retried } = await loadedPicker();
    actor.send({ type: 'RETRY_TRANSCODE', id });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toEqual({ choosing: 'watching' });
    expect(retried).toEqual([]);
    actor.send({ type: 'RETRY_TRANSCODE', id: 8 });
    expect(retried).toEqual([8]);
  });
});

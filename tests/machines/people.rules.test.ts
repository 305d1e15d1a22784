/**
 * The `Korisnici` machine's rules driven directly (issue 29): each action on an account says so
 * once it succeeded, and the lists are loaded again from the server.
 */
import { expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { peopleMachine, type People } from '../../src/machines/people.machine.ts';
import { messages } from '../../src/messages.ts';

const text = messages.people;
const lists: People = { invitations: [], accounts: [] };

function people() {
  const notify = vi.fn();
  let loads = 0;
  const actor = createActor(
    peopleMachine.provide({
      actors: {
        loadPeople: fromPromise(async () => {
          loads += 1;
          return lists;
        }),
        deactivate: fromPromise(async () => undefined),
        changeRole: fromPromise(async () => undefined),
      },
      actions: { notify: (_, message: string) => notify(message) },
    }),
  ).start();
  const ready = () => waitFor(actor, (snapshot) => snapshot.matches('ready'));
  return { actor, notify, ready, loads: () => loads };
}

it('a deactivated account is told and the lists are loaded again', async () => {
  const screen = people();
  await screen.ready();
  screen.actor.send({ type: 'DEACTIVATE', id: 4 });
  screen.actor.send({ type: 'CONFIRM' });
  await waitFor(screen.actor, () => screen.loads() === 2);
  await screen.ready();
  expect(screen.notify.mock.calls).toEqual([[text.deactivated]]);
});

it('a changed role is told and the lists are loaded again', async () => {
  const screen = people();
  await screen.ready();
  screen.actor.send({ type: 'CHANGE_ROLE', id: 4, role: 'employee' });
  await waitFor(screen.actor, () => screen.loads() === 2);
  await screen.ready();
  expect(screen.notify.mock.calls).toEqual([[text.roleChanged]]);
});

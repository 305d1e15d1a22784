/**
 * Delete an education (SPEC 2 admin screen 4, 8 "Education"; issue 13): the educations load, the
 * administrator chooses one in a searchable select ('[#id] title') and sees its title, lecturer
 * and creation time; the delete button asks in a dialog ('Potvrđujem brisanje'), then the
 * education goes with its video, thumbnail and access rights, and a toast names it. Injected:
 * `loadEducations`, `deleteEducation`, `notifyDeleted` and `reportError` (the generic handler).
 */
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Education } from '../api/contract.ts';
import { educationAdminMessages } from '../messages/educationAdmin.ts';
import { reportEventError } from './form.ts';

export interface EducationDeleteContext {
  educations: Education[];
  chosenId: number | null;
}

export type EducationDeleteEvent =
  | { type: 'CHOOSE'; id: number | null }
  | { type: 'ASK_DELETE' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' };

const chosenOf = (context: EducationDeleteContext) =>
  context.educations.find((education) => education.id === context.chosenId) ?? null;

export const educationDeleteMachine = setup({
  types: {
    context: {} as EducationDeleteContext,
    events: {} as EducationDeleteEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container always provides both actors
  actors: {
    loadEducations: fromPromise<Education[]>(() =>
      Promise.reject(new Error('loadEducations is provided by the container')),
    ),
    deleteEducation: fromPromise<undefined, number>(() =>
      Promise.reject(new Error('deleteEducation is provided by the container')),
    ),
  },
  actions: {
    choose: assign({
      chosenId: ({ event }) => {
        assertEvent(event, 'CHOOSE');
        return event.id;
      },
    }),
    notifyDeleted: (_, _text: string) => undefined,
    reportError: (_, _error: unknown) => undefined,
  },
  guards: {
    isListed: ({ context, event }) => {
      assertEvent(event, 'CHOOSE');
      return context.educations.some((education) => education.id === event.id);
    },
  },
}).createMachine({
  id: 'educationDelete',
  // Stryker disable next-line ArrayDeclaration: the page shows the list only once loaded, and the load's answer replaces it first
  context: { educations: [], chosenId: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEducations',
        src: 'loadEducations',
        onDone: {
          target: 'choosing',
          actions: assign({ educations: ({ event }) => event.output }),
        },
        onError: {
          target: 'loadFailed',
          actions: reportEventError,
        },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    choosing: {
      initial: 'nothingChosen',
      states: {
        nothingChosen: {
          on: { CHOOSE: { guard: 'isListed', target: 'chosen', actions: 'choose' } },
        },
        chosen: {
          on: {
            CHOOSE: [
              { guard: 'isListed', actions: 'choose' },
              { target: 'nothingChosen', actions: assign({ chosenId: null }) },
            ],
            ASK_DELETE: '#educationDelete.confirming',
          },
        },
      },
    },
    confirming: {
      on: {
        CANCEL: 'choosing.chosen',
        CONFIRM: 'deleting',
      },
    },
    deleting: {
      invoke: {
        id: 'deleteEducation',
        src: 'deleteEducation',
        input: ({ context }) => context.chosenId ?? 0,
        onDone: {
          target: 'choosing',
          actions: [
            {
              type: 'notifyDeleted',
              params: ({ context }) =>
                // Stryker disable next-line OptionalChaining,StringLiteral: deleting starts from 'chosen', whose guard found the education in the list.
                educationAdminMessages.deleted(chosenOf(context)?.title ?? ''),
            },
            assign(({ context }) => ({
              educations: context.educations.filter(
                (education) => education.id !== context.chosenId,
              ),
              chosenId: null,
            })),
          ],
        },
        onError: {
          target: 'choosing.chosen',
          actions: reportEventError,
        },
      },
    },
  },
});

type EducationDeleteSnapshot = SnapshotFrom<typeof educationDeleteMachine>;

export const selectChosenEducation = (snapshot: EducationDeleteSnapshot) =>
  chosenOf(snapshot.context);
export const selectDeleteLoading = (snapshot: EducationDeleteSnapshot) =>
  snapshot.matches('loading');
export const selectDeleteLoadFailed = (snapshot: EducationDeleteSnapshot) =>
  snapshot.matches('loadFailed');
export const selectConfirming = (snapshot: EducationDeleteSnapshot) =>
  snapshot.matches('confirming') || snapshot.matches('deleting');
export const selectDeleting = (snapshot: EducationDeleteSnapshot) => snapshot.matches('deleting');

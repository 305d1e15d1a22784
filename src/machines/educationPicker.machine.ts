/**
 * Choose the education to edit (SPEC 2 admin screen 6; issue 13): the educations load, then a
 * searchable select of '[#id] title' opens the chosen one's edit route. Injected:
 * `loadEducations`, `openEducation` (navigation) and `reportError` (the generic error handler).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Education } from '../api/contract.ts';
import { reportEventError } from './form.ts';

export interface EducationPickerContext {
  educations: Education[];
}

export type EducationPickerEvent = { type: 'CHOOSE'; id: number } | { type: 'RETRY' };

export const educationPickerMachine = setup({
  types: {
    context: {} as EducationPickerContext,
    events: {} as EducationPickerEvent,
  },
  actors: {
    loadEducations: fromPromise<Education[]>(() =>
      Promise.reject(new Error('loadEducations is provided by the container')),
    ),
  },
  actions: {
    openEducation: (_, _id: number) => undefined,
    reportError: (_, _error: unknown) => undefined,
  },
}).createMachine({
  id: 'educationPicker',
  context: { educations: [] },
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
      on: {
        CHOOSE: { actions: { type: 'openEducation', params: ({ event }) => event.id } },
      },
    },
  },
});

type EducationPickerSnapshot = SnapshotFrom<typeof educationPickerMachine>;

export const selectPickerLoading = (snapshot: EducationPickerSnapshot) =>
  snapshot.matches('loading');
export const selectPickerLoadFailed = (snapshot: EducationPickerSnapshot) =>
  snapshot.matches('loadFailed');

/**
 * Add a course (SPEC 2 admin screen 2, 4 "Forms", 5 "Course form", 8 "Courses", 9): the country
 * options load first (the server's countries, named and sorted from the bundled Croatian list),
 * then the form: idle, submitting, then success (form reset and a toast) or error. Every broken
 * rule is listed at once; the server's validation errors land on their fields. Dates are entered
 * as Zagreb wall-clock times and sent as ISO instants. Injected: `loadCountries`, `createCourse`,
 * `notifyCreated` (toast), `reportError` (the generic error handler) and `dismissNotices` (the
 * form's earlier toasts, closed by a new submit: issue 29).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { DEFAULT_COURSE_COUNTRY, type Country, type Course } from '../api/contract.ts';
import type { CreateCourseRequest } from '../api/courses.ts';
import { namedCountries } from '../api/countries.ts';
import { courseFormMessages } from '../messages/courseForm.ts';
import {
  EMPTY_COURSE_DRAFT,
  createCourseRequest,
  draftOf,
  onlyOfferedCountry,
  serverFieldErrors,
  validateCourseDraft,
  withoutErrorsOf,
  type CourseFormContext,
  type CourseFormEvent,
  type CourseFormInput,
} from './courseForm.rules.ts';
import { clockOf, hasErrors, reportEventError, submitFailed } from './form.ts';

const text = courseFormMessages;

export const courseFormMachine = setup({
  types: {
    input: {} as CourseFormInput,
    context: {} as CourseFormContext,
    events: {} as CourseFormEvent,
  },
  // Stryker disable next-line ObjectLiteral: the defaults never run, the container provides both actors.
  actors: {
    loadCountries: fromPromise<Country[]>(() =>
      Promise.reject(new Error('loadCountries is provided by the container')),
    ),
    createCourse: fromPromise<Course, CreateCourseRequest>(() =>
      Promise.reject(new Error('createCourse is provided by the container')),
    ),
  },
  actions: {
    notifyCreated: (_, _text: string) => undefined,
    reportError: (_, _error: unknown) => undefined,
    dismissNotices: () => undefined,
    showServerFieldErrors: assign({
      errors: ({ event }) => serverFieldErrors((event as { error?: unknown }).error) ?? {},
    }),
  },
  guards: {
    draftIsValid: ({ context }) => !hasErrors(validateCourseDraft(draftOf(context), context.now())),
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names '#courseForm'; the id only labels the machine in the inspector.
  id: 'courseForm',
  context: ({ input }) => ({
    ...EMPTY_COURSE_DRAFT,
    now: clockOf(input),
    // Stryker disable next-line ArrayDeclaration: read only in 'editing', and both ways out of loading set it first.
    countries: [],
    errors: {},
  }),
  initial: 'loadingCountries',
  states: {
    loadingCountries: {
      invoke: {
        id: 'loadCountries',
        src: 'loadCountries',
        onDone: {
          target: 'editing',
          actions: assign({ countries: ({ event }) => namedCountries(event.output) }),
        },
        // The form still works for courses in Croatia, the default.
        onError: {
          target: 'editing',
          actions: [
            assign({ countries: namedCountries([{ isoCode: DEFAULT_COURSE_COUNTRY }]) }),
            reportEventError,
          ],
        },
      },
    },
    editing: {
      on: {
        EDIT: {
          actions: assign(({ context, event }) => {
            const values = onlyOfferedCountry(event.values, context.countries);
            return { ...values, errors: withoutErrorsOf(context.errors, values) };
          }),
        },
        SUBMIT: [
          { guard: 'draftIsValid', target: 'submitting', actions: 'dismissNotices' },
          {
            actions: [
              'dismissNotices',
              assign({
                errors: ({ context }) => validateCourseDraft(draftOf(context), context.now()),
              }),
            ],
          },
        ],
      },
    },
    submitting: {
      entry: assign({ errors: {} }),
      invoke: {
        id: 'createCourse',
        src: 'createCourse',
        input: ({ context }) => createCourseRequest(draftOf(context)),
        // SPEC 4 "Forms": success resets the form.
        onDone: {
          target: 'editing',
          actions: [assign(EMPTY_COURSE_DRAFT), { type: 'notifyCreated', params: text.created }],
        },
        onError: submitFailed(serverFieldErrors, 'showServerFieldErrors'),
      },
    },
  },
});

type CourseFormSnapshot = SnapshotFrom<typeof courseFormMachine>;

export const selectCourseDraft = (snapshot: CourseFormSnapshot) => draftOf(snapshot.context);
export const selectCourseFormLoading = (snapshot: CourseFormSnapshot) =>
  snapshot.matches('loadingCountries');
export const selectCourseFormSubmitting = (snapshot: CourseFormSnapshot) =>
  snapshot.matches('submitting');

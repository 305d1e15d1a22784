/**
 * The courses list (SPEC 2 "Courses list", 4 "Courses page", 8 "Courses", 9): a spinner while
 * loading, then the empty message, the error message or the list, newest first. The filter shows
 * Croatia only unless the visitor chose to see courses abroad too (cookie tecajevi-prikazuj-sve,
 * read by the container into the input). Administrators delete a course after a confirmation;
 * after a delete the list is cleared and loaded again. Injected: `loadCourses`, `deleteCourse`,
 * `persistShowAbroad` (the cookie), `notifyDeleted` and `notifyDeleteFailed` (toasts).
 */
import {
  assign,
  fromPromise,
  initialTransition,
  setup,
  transition,
  type AnyEventObject,
  type SnapshotFrom,
} from 'xstate';
import { DEFAULT_COURSE_COUNTRY, type Course } from '../api/contract.ts';
import { coursesMessages } from '../messages/courses.ts';

export const SHOW_ABROAD_COOKIE = 'tecajevi-prikazuj-sve';

/** SPEC 3 and 9: the choice is kept for 6 months from its last change. */
export const SHOW_ABROAD_COOKIE_MONTHS = 6;

/** A cookie to write, its attributes shaped as js-cookie's `Cookies.set(name, value, attributes)`. */
export interface ShowAbroadCookie {
  name: typeof SHOW_ABROAD_COOKIE;
  value: 'true' | 'false';
  attributes: { expires: Date; path: '/'; sameSite: 'Lax'; secure: boolean };
}

/** The cookie that remembers the choice, written at `now`; Secure when the site is on https. */
export function showAbroadCookie(
  showAbroad: boolean,
  now: Date,
  secure: boolean,
): ShowAbroadCookie {
  const expires = new Date(now);
  expires.setMonth(expires.getMonth() + SHOW_ABROAD_COOKIE_MONTHS);
  return {
    name: SHOW_ABROAD_COOKIE,
    value: showAbroad ? 'true' : 'false',
    attributes: { expires, path: '/', sameSite: 'Lax', secure },
  };
}

/** SPEC 4: Croatia only unless the cookie says show all. */
export function readShowAbroad(readCookie: (name: string) => string | undefined): boolean {
  return readCookie(SHOW_ABROAD_COOKIE) === 'true';
}

export const isAbroad = (course: Course) => course.country.isoCode !== DEFAULT_COURSE_COUNTRY;

/** SPEC 2: newest first by createdAt. */
export const newestFirst = (courses: readonly Course[]) =>
  [...courses].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

/** The courses the filter lets through. */
export const visibleCourses = ({
  courses,
  showAbroad,
}: Pick<CoursesListContext, 'courses' | 'showAbroad'>) =>
  showAbroad ? courses : courses.filter((course) => !isAbroad(course));

export interface CoursesListContext {
  courses: Course[];
  showAbroad: boolean;
  /** The course whose deletion waits for confirmation or runs. */
  courseToDelete: Course | null;
}

export type CoursesListEvent =
  | { type: 'TOGGLE_ABROAD' }
  | { type: 'ASK_DELETE'; id: number }
  | { type: 'CANCEL_DELETE' }
  | { type: 'CONFIRM_DELETE' };

export const coursesListMachine = setup({
  types: {
    input: {} as { showAbroad: boolean },
    context: {} as CoursesListContext,
    events: {} as CoursesListEvent,
  },
  // Stryker disable next-line ObjectLiteral: the container always provides both actors
  actors: {
    loadCourses: fromPromise<Course[]>(() =>
      Promise.reject(new Error('loadCourses is provided by the container')),
    ),
    deleteCourse: fromPromise<undefined, { id: number }>(() =>
      Promise.reject(new Error('deleteCourse is provided by the container')),
    ),
  },
  // Stryker disable next-line ObjectLiteral: the container always provides all three actions
  actions: {
    persistShowAbroad: (_, _showAbroad: boolean) => undefined,
    notifyDeleted: (_, _text: string) => undefined,
    notifyDeleteFailed: (_, _text: string) => undefined,
  },
  guards: {
    noCourses: ({ event }) => 'output' in event && (event.output as Course[]).length === 0,
    /** Only a course on the screen can be deleted. */
    shownCourse: ({ context, event }) =>
      // Stryker disable next-line ConditionalExpression: the guard runs only on ASK_DELETE
      event.type === 'ASK_DELETE' &&
      visibleCourses(context).some((course) => course.id === event.id),
  },
}).createMachine({
  id: 'coursesList',
  context: ({ input }) => ({ courses: [], showAbroad: input.showAbroad, courseToDelete: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCourses',
        src: 'loadCourses',
        onDone: [
          { guard: 'noCourses', target: 'empty' },
          {
            target: 'list',
            actions: assign({ courses: ({ event }) => newestFirst(event.output) }),
          },
        ],
        onError: { target: 'failed' },
      },
    },
    empty: {},
    failed: {},
    list: {
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            TOGGLE_ABROAD: {
              actions: [
                assign({ showAbroad: ({ context }) => !context.showAbroad }),
                { type: 'persistShowAbroad', params: ({ context }) => context.showAbroad },
              ],
            },
            ASK_DELETE: {
              guard: 'shownCourse',
              target: 'confirmingDelete',
              actions: assign({
                courseToDelete: ({ context, event }) =>
                  context.courses.find((course) => course.id === event.id) ?? null,
              }),
            },
          },
        },
        confirmingDelete: {
          on: {
            CANCEL_DELETE: { target: 'browsing', actions: assign({ courseToDelete: null }) },
            CONFIRM_DELETE: { target: 'deleting' },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteCourse',
            src: 'deleteCourse',
            // Stryker disable next-line OptionalChaining: deleting is entered only from the confirmation, which has its course
            input: ({ context }) => ({ id: context.courseToDelete?.id ?? 0 }),
            // SPEC 4: after a delete the list is cleared and loaded again.
            onDone: {
              target: '#coursesList.loading',
              actions: [
                assign({ courses: [], courseToDelete: null }),
                { type: 'notifyDeleted', params: coursesMessages.deleted },
              ],
            },
            onError: {
              target: 'browsing',
              actions: [
                assign({ courseToDelete: null }),
                { type: 'notifyDeleteFailed', params: coursesMessages.deleteFailed },
              ],
            },
          },
        },
      },
    },
  },
});

type CoursesListSnapshot = SnapshotFrom<typeof coursesListMachine>;

/**
 * The snapshot the machine reaches once `loadCourses` answered `courses`, computed by its own
 * transitions (no actor runs): a server renders from it, and the browser starts from the same.
 */
export function coursesLoadedSnapshot(courses: Course[], showAbroad: boolean) {
  const [loading] = initialTransition(coursesListMachine, { showAbroad });
  const loaded: AnyEventObject = { type: 'xstate.done.actor.loadCourses', output: courses };
  const [snapshot] = transition(coursesListMachine, loading, loaded as never);
  return coursesListMachine.getPersistedSnapshot(snapshot);
}

export type CoursesListStage = 'loading' | 'empty' | 'failed' | 'list';

export function selectCoursesStage(snapshot: CoursesListSnapshot): CoursesListStage {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('empty')) return 'empty';
  if (snapshot.matches('failed')) return 'failed';
  return 'list';
}

/** The courses the filter lets through, newest first. */
export const selectVisibleCourses = ({ context }: CoursesListSnapshot) => visibleCourses(context);

/** SPEC 2: the switch is offered only when some course is outside Croatia. */
export const selectAbroadSwitchShown = ({ context }: CoursesListSnapshot) =>
  context.courses.some(isAbroad);

export const selectShowAbroad = ({ context }: CoursesListSnapshot) => context.showAbroad;

/** The course of the open confirmation dialog (also while it is being deleted). */
export const selectCourseToDelete = ({ context }: CoursesListSnapshot) => context.courseToDelete;

export const selectDeleting = (snapshot: CoursesListSnapshot) =>
  snapshot.matches({ list: 'deleting' });

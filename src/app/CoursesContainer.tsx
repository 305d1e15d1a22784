import { useMachine } from '@xstate/react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import {
  coursesListMachine,
  coursesLoadedSnapshot,
  readShowAbroad,
  selectAbroadSwitchShown,
  selectCourseToDelete,
  selectCoursesStage,
  selectDeleting,
  selectShowAbroad,
  selectVisibleCourses,
  showAbroadCookie,
} from '../machines/coursesList.machine.ts';
import { CoursesPage } from '../views/CoursesPage.tsx';
import { useInspect } from './inspector.tsx';
import { NewsletterSubscriptionContainer } from './NewsletterSubscriptionContainer.tsx';
import { useEffects } from './effects.tsx';
import { usePageData } from './pageBootstrap.ts';
import { useSession } from './session.tsx';

/** /tecajevi: the courses list with the courses newsletter button. */
export function CoursesContainer() {
  const { api, cookies, now, notify, secureContext } = useEffects();
  const { isAdministrator } = useSession();
  const { courses: renderedCourses } = usePageData();
  const showAbroad = readShowAbroad((name) => cookies.get(name));
  const [snapshot, send] = useMachine(
    coursesListMachine.provide({
      actors: {
        loadCourses: fromPromise(() => api.courses.listCourses()),
        deleteCourse: fromPromise(async ({ input }: { input: { id: number } }) => {
          await api.courses.deleteCourse(input.id);
          return undefined;
        }),
      },
      actions: {
        persistShowAbroad: (_, showAbroad) => {
          const cookie = showAbroadCookie(showAbroad, now(), secureContext);
          cookies.set(cookie.name, cookie.value, cookie.attributes);
        },
        notifyDeleted: (_, text) => notify.success(text),
        notifyDeleteFailed: (_, text) => notify.error(text),
      },
    }),
    {
      input: { showAbroad },
      // The list the server rendered this page from: the machine starts where the server's did.
      snapshot: renderedCourses && coursesLoadedSnapshot(renderedCourses, showAbroad),
      inspect: useInspect(),
    },
  );
  return (
    <CoursesPage
      stage={selectCoursesStage(snapshot)}
      courses={selectVisibleCourses(snapshot)}
      abroadSwitchShown={selectAbroadSwitchShown(snapshot)}
      showAbroad={selectShowAbroad(snapshot)}
      canDelete={isAdministrator}
      courseToDelete={selectCourseToDelete(snapshot)}
      deleting={selectDeleting(snapshot)}
      onToggleAbroad={() => send({ type: 'TOGGLE_ABROAD' })}
      onAskDelete={(id) => send({ type: 'ASK_DELETE', id })}
      onCancelDelete={() => send({ type: 'CANCEL_DELETE' })}
      onConfirmDelete={() => send({ type: 'CONFIRM_DELETE' })}
      newsletter={<NewsletterSubscriptionContainer campaign="courses" />}
      LinkComponent={Link}
    />
  );
}

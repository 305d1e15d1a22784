import { useMachine } from '@xstate/react';
import Cookies from 'js-cookie';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { deleteCourse, listCourses } from '../api/courses.ts';
import {
  coursesListMachine,
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
import { useApi, useSession } from './session.tsx';
import { notify } from './toasts.tsx';

/** /tecajevi: the courses list with the courses newsletter button. */
export function CoursesContainer() {
  const api = useApi();
  const { isAdministrator } = useSession();
  const [snapshot, send] = useMachine(
    coursesListMachine.provide({
      actors: {
        loadCourses: fromPromise(() => listCourses(api)),
        deleteCourse: fromPromise(async ({ input }: { input: { id: number } }) => {
          await deleteCourse(api, input.id);
          return undefined;
        }),
      },
      actions: {
        persistShowAbroad: (_, showAbroad) => {
          const cookie = showAbroadCookie(
            showAbroad,
            new Date(),
            window.location.protocol === 'https:',
          );
          Cookies.set(cookie.name, cookie.value, cookie.attributes);
        },
        notifyDeleted: (_, text) => notify.success(text),
        notifyDeleteFailed: (_, text) => notify.error(text),
      },
    }),
    { input: { showAbroad: readShowAbroad((name) => Cookies.get(name)) }, inspect: useInspect() },
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

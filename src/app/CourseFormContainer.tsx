import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { COURSE_RULES } from '../api/contract.ts';
import type { CreateCourseRequest } from '../api/courses.ts';
import {
  courseFormMachine,
  selectCourseDraft,
  selectCourseFormLoading,
  selectCourseFormSubmitting,
} from '../machines/courseForm.machine.ts';
import { errorMessages } from '../machines/courseForm.rules.ts';
import { CourseFormPage } from '../views/CourseFormPage.tsx';
import { useInspect } from './inspector.tsx';
import { useEffects } from './effects.tsx';
import { showError } from './toasts.tsx';

/** The toasts of this form: a new submit closes the earlier ones (issue 29). */
const NOTICE_SOURCE = 'course-form';

/** /admin/course: add a course (loaded on demand with its date picker). */
export function CourseFormContainer() {
  const { api, notify, now } = useEffects();
  const [snapshot, send] = useMachine(
    courseFormMachine.provide({
      actors: {
        loadCountries: fromPromise(() => api.countries.listCountries()),
        createCourse: fromPromise(({ input }: { input: CreateCourseRequest }) =>
          api.courses.createCourse(input),
        ),
      },
      actions: {
        notifyCreated: (_, text) => notify.success(text, { source: NOTICE_SOURCE }),
        reportError: (_, error) => showError(notify, error, { source: NOTICE_SOURCE }),
        dismissNotices: () => notify.dismiss(NOTICE_SOURCE),
      },
    }),
    { input: { now }, inspect: useInspect() },
  );
  const { countries, errors } = snapshot.context;
  return (
    <CourseFormPage
      loading={selectCourseFormLoading(snapshot)}
      draft={selectCourseDraft(snapshot)}
      countries={countries}
      errors={errors}
      problems={errorMessages(errors)}
      submitting={selectCourseFormSubmitting(snapshot)}
      rules={COURSE_RULES}
      now={now()}
      onEdit={(values) => send({ type: 'EDIT', values })}
      onSubmit={() => send({ type: 'SUBMIT' })}
    />
  );
}

import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { COURSE_RULES } from '../api/contract.ts';
import { listCountries } from '../api/countries.ts';
import { createCourse, type CreateCourseRequest } from '../api/courses.ts';
import {
  courseFormMachine,
  errorMessages,
  selectCourseDraft,
  selectCourseFormLoading,
  selectCourseFormSubmitting,
} from '../machines/courseForm.machine.ts';
import { CourseFormPage } from '../views/CourseFormPage.tsx';
import { useInspect } from './inspector.tsx';
import { useApi } from './session.tsx';
import { notify, showError } from './toasts.tsx';

/** /admin/course: add a course (loaded on demand with its date picker). */
export function CourseFormContainer() {
  const api = useApi();
  const [snapshot, send] = useMachine(
    courseFormMachine.provide({
      actors: {
        loadCountries: fromPromise(() => listCountries(api)),
        createCourse: fromPromise(({ input }: { input: CreateCourseRequest }) =>
          createCourse(api, input),
        ),
      },
      actions: {
        notifyCreated: (_, text) => notify.success(text),
        reportError: (_, error) => showError(error),
      },
    }),
    { inspect: useInspect() },
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
      onEdit={(values) => send({ type: 'EDIT', values })}
      onSubmit={() => send({ type: 'SUBMIT' })}
    />
  );
}

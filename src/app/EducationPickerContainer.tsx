import { useMachine } from '@xstate/react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import {
  educationPickerMachine,
  selectPickerLoadFailed,
  selectPickerLoading,
} from '../machines/educationPicker.machine.ts';
import { routes } from '../routes.ts';
import { EducationPickerPage } from '../views/EducationPickerPage.tsx';
import { useEffects } from './effects.tsx';
import { useInspect } from './inspector.tsx';
import { showError } from './toasts.tsx';

/** /admin/educations/update: choose the education to edit. */
export function EducationPickerContainer() {
  const { api, notify } = useEffects();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(
    educationPickerMachine.provide({
      actors: {
        loadEducations: fromPromise(() => api.educations.listEducations()),
        retryTranscode: fromPromise(({ input }: { input: { id: number } }) =>
          api.educations.retryTranscode(input.id),
        ),
      },
      actions: {
        openEducation: (_, id) =>
          navigate(routes.adminEducationEdit.href({ formUpdateId: String(id) })),
        reportError: (_, error) => showError(notify, error),
      },
    }),
    { inspect: useInspect() },
  );
  return (
    <EducationPickerPage
      loading={selectPickerLoading(snapshot)}
      loadFailed={selectPickerLoadFailed(snapshot)}
      educations={snapshot.context.educations}
      onRetry={() => send({ type: 'RETRY' })}
      onChoose={(id) => send({ type: 'CHOOSE', id })}
      onRetryTranscode={(id) => send({ type: 'RETRY_TRANSCODE', id })}
    />
  );
}

import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  educationDeleteMachine,
  selectChosenEducation,
  selectConfirming,
  selectDeleteLoadFailed,
  selectDeleteLoading,
  selectDeleting,
} from '../machines/educationDelete.machine.ts';
import { EducationDeletePage } from '../views/EducationDeletePage.tsx';
import { useEffects } from './effects.tsx';
import { useInspect } from './inspector.tsx';
import { showError } from './toasts.tsx';

/** /admin/educations/delete: choose an education and delete it after confirming. */
export function EducationDeleteContainer() {
  const { api, notify } = useEffects();
  const [snapshot, send] = useMachine(
    educationDeleteMachine.provide({
      actors: {
        loadEducations: fromPromise(() => api.educations.listEducations()),
        deleteEducation: fromPromise(async ({ input }: { input: number }) => {
          await api.educations.deleteEducation(input);
          return undefined;
        }),
      },
      actions: {
        notifyDeleted: (_, message) => notify.success(message),
        reportError: (_, error) => showError(notify, error),
      },
    }),
    { inspect: useInspect() },
  );
  return (
    <EducationDeletePage
      loading={selectDeleteLoading(snapshot)}
      loadFailed={selectDeleteLoadFailed(snapshot)}
      educations={snapshot.context.educations}
      chosen={selectChosenEducation(snapshot)}
      confirming={selectConfirming(snapshot)}
      deleting={selectDeleting(snapshot)}
      onRetry={() => send({ type: 'RETRY' })}
      onChoose={(id) => send({ type: 'CHOOSE', id })}
      onAskDelete={() => send({ type: 'ASK_DELETE' })}
      onCancel={() => send({ type: 'CANCEL' })}
      onConfirm={() => send({ type: 'CONFIRM' })}
    />
  );
}

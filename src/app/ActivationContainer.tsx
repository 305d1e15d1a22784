import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CompleteRegistrationRequest } from '../api/contract.ts';
import { completeRegistration, validateRegistration } from '../api/users.ts';
import {
  activationMachine,
  selectActivationStage,
  selectActivationSubmitting,
} from '../machines/activation.machine.ts';
import { ActivationPage } from '../views/ActivationPage.tsx';
import { useInspect } from './inspector.tsx';
import { useApi, useSession } from './session.tsx';

/** /aktiviraj-racun/:invitationToken, the link of the invitation mail. */
export function ActivationContainer({ invitationToken }: { invitationToken: string }) {
  const api = useApi();
  const session = useSession();
  const [snapshot, send] = useMachine(
    activationMachine.provide({
      actors: {
        validateInvitation: fromPromise(({ input }: { input: { invitationToken: string } }) =>
          validateRegistration(api, input.invitationToken),
        ),
        completeRegistration: fromPromise(({ input }: { input: CompleteRegistrationRequest }) =>
          completeRegistration(api, input),
        ),
      },
      actions: {
        startSession: (_, response) => session.send({ type: 'LOGIN', response }),
      },
    }),
    { input: { invitationToken }, inspect: useInspect() },
  );
  const { name, surname, password, problems, invitationProblem } = snapshot.context;
  return (
    <ActivationPage
      stage={selectActivationStage(snapshot)}
      invitationProblem={invitationProblem}
      name={name}
      surname={surname}
      password={password}
      problems={problems}
      submitting={selectActivationSubmitting(snapshot)}
      onChangeName={(value) => send({ type: 'CHANGE_NAME', value })}
      onChangeSurname={(value) => send({ type: 'CHANGE_SURNAME', value })}
      onChangePassword={(value) => send({ type: 'CHANGE_PASSWORD', value })}
      onSubmit={() => send({ type: 'SUBMIT' })}
    />
  );
}

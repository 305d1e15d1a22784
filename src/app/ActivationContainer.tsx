import { formLevelErrors } from '../machines/form.ts';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CompleteRegistrationRequest } from '../api/contract.ts';
import {
  activationMachine,
  selectActivationStage,
  selectActivationSubmitting,
} from '../machines/activation.machine.ts';
import { company } from '../data/company.ts';
import { passwordChecklist } from '../machines/passwordRules.ts';
import { ActivationPage } from '../views/ActivationPage.tsx';
import { useInspect } from './inspector.tsx';
import { useEffects } from './effects.tsx';
import { useSession } from './session.tsx';

/** The activation route (src/routes.ts), the link of the invitation mail. */
export function ActivationContainer({ invitationToken }: { invitationToken: string }) {
  const { api } = useEffects();
  const session = useSession();
  const [snapshot, send] = useMachine(
    activationMachine.provide({
      actors: {
        validateInvitation: fromPromise(({ input }: { input: { invitationToken: string } }) =>
          api.users.validateRegistration(input.invitationToken),
        ),
        completeRegistration: fromPromise(({ input }: { input: CompleteRegistrationRequest }) =>
          api.users.completeRegistration(input),
        ),
      },
      actions: {
        startSession: (_, response) => session.send({ type: 'LOGIN', response }),
      },
    }),
    { input: { invitationToken }, inspect: useInspect() },
  );
  const { name, surname, password, errors, invitationProblem } = snapshot.context;
  return (
    <ActivationPage
      stage={selectActivationStage(snapshot)}
      invitationProblem={invitationProblem}
      supportEmail={company.supportEmail}
      name={name}
      surname={surname}
      password={password}
      passwordChecks={passwordChecklist(password)}
      errors={errors}
      problems={formLevelErrors(errors)}
      submitting={selectActivationSubmitting(snapshot)}
      onChangeName={(value) => send({ type: 'CHANGE_NAME', value })}
      onChangeSurname={(value) => send({ type: 'CHANGE_SURNAME', value })}
      onChangePassword={(value) => send({ type: 'CHANGE_PASSWORD', value })}
      onSubmit={() => send({ type: 'SUBMIT' })}
    />
  );
}

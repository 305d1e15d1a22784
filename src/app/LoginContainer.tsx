import { formLevelErrors } from '../machines/form.ts';
import { useMachine } from '@xstate/react';
import { Redirect, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { LoginRequest, RobotCheck as RobotCheckConfig } from '../api/contract.ts';
import {
  loginMachine,
  selectLoginErrors,
  selectLoginRobotChecked,
  selectLoginSubmitting,
} from '../machines/login.machine.ts';
import { LoginPage } from '../views/LoginPage.tsx';
import { routes } from '../routes.ts';
import { useInspect } from './inspector.tsx';
import { RobotCheck } from './RobotCheck.tsx';
import { useEffects } from './effects.tsx';
import { useSession } from './session.tsx';
import { usePasswordResetDialog } from './usePasswordResetDialog.tsx';

/** /login: a logged-in visitor goes home (SPEC 6); otherwise the sign-in form. */
export function LoginContainer({ robotCheck }: { robotCheck: RobotCheckConfig }) {
  const { isLoggedIn } = useSession();
  if (isLoggedIn) return <Redirect to={routes.home.href()} replace />;
  return <LoginForm robotCheck={robotCheck} />;
}

function LoginForm({ robotCheck }: { robotCheck: RobotCheckConfig }) {
  const { api } = useEffects();
  const session = useSession();
  const [, navigate] = useLocation();
  const passwordReset = usePasswordResetDialog(robotCheck);
  const [snapshot, send] = useMachine(
    loginMachine.provide({
      actors: {
        logIn: fromPromise(({ input }: { input: LoginRequest }) => api.users.login(input)),
      },
      actions: {
        startSession: (_, response) => session.send({ type: 'LOGIN', response }),
        goHome: () => navigate(routes.home.href()),
      },
    }),
    { inspect: useInspect() },
  );
  return (
    <LoginPage
      email={snapshot.context.email}
      password={snapshot.context.password}
      errors={selectLoginErrors(snapshot)}
      problems={formLevelErrors(selectLoginErrors(snapshot))}
      submitting={selectLoginSubmitting(snapshot)}
      robotCheck={
        <RobotCheck
          config={robotCheck}
          verified={selectLoginRobotChecked(snapshot)}
          onVerified={(token) => send({ type: 'ROBOT_VERIFIED', token })}
          onExpired={() => send({ type: 'ROBOT_EXPIRED' })}
        />
      }
      passwordResetDialog={passwordReset.dialog}
      passwordResetOpen={passwordReset.isOpen}
      onChangeEmail={(value) => send({ type: 'CHANGE_EMAIL', value })}
      onChangePassword={(value) => send({ type: 'CHANGE_PASSWORD', value })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      onForgotPassword={passwordReset.open}
    />
  );
}

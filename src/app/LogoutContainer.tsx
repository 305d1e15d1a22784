import { useMachine } from '@xstate/react';
import { useLocation } from 'wouter';
import { logoutCountdownMachine, selectSecondsLeft } from '../machines/logoutCountdown.machine.ts';
import { LogoutPage } from '../views/LogoutPage.tsx';
import { routes } from '../routes.ts';
import { useInspect } from './inspector.tsx';
import { useSession } from './session.tsx';

/** /logout: the session machine revokes the refresh token and clears the stored session. */
export function LogoutContainer() {
  const session = useSession();
  const [, navigate] = useLocation();
  const [snapshot] = useMachine(
    logoutCountdownMachine.provide({
      actions: {
        logOut: () => session.send({ type: 'LOGOUT' }),
        goHome: () => navigate(routes.home.href()),
      },
    }),
    { inspect: useInspect() },
  );
  return <LogoutPage secondsLeft={selectSecondsLeft(snapshot)} />;
}

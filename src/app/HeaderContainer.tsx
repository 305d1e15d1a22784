import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { headerMachine, selectLoginRevealed, selectMenuOpen } from '../machines/header.machine.ts';
import { Header } from '../views/Header.tsx';
import { useInspect } from './inspector.tsx';
import { useSession } from './session.tsx';

export function HeaderContainer({ brand }: { brand: string }) {
  const inspect = useInspect();
  const [path] = useLocation();
  const { isLoggedIn, isEmployee } = useSession();
  const [snapshot, send] = useMachine(headerMachine, { input: { isLoggedIn }, inspect });

  useEffect(() => {
    send({ type: 'SESSION_CHANGED', isLoggedIn });
  }, [isLoggedIn, send]);

  useEffect(() => {
    send({ type: 'CLOSE_MENU' });
  }, [path, send]);

  return (
    <Header
      brand={brand}
      isLoggedIn={isLoggedIn}
      isEmployee={isEmployee}
      loginRevealed={selectLoginRevealed(snapshot)}
      menuOpen={selectMenuOpen(snapshot)}
      currentPath={path}
      onHoldStart={() => send({ type: 'HOLD_START' })}
      onHoldEnd={() => send({ type: 'HOLD_END' })}
      onToggleMenu={() => send({ type: 'TOGGLE_MENU' })}
      onCloseMenu={() => send({ type: 'CLOSE_MENU' })}
      LinkComponent={Link}
    />
  );
}

/**
 * The other side of the auth session: the login form, a completed registration and the API client
 * send it LOGIN, TOKENS_REFRESHED and AUTH_EXPIRED. A test renders `<Probe />` beside the
 * container under test (inside renderWithEffects) and sends those events as they would.
 */
import { act } from '@testing-library/react';
import { useSession } from '../../src/app/session.tsx';
import type { AuthSessionEvent } from '../../src/machines/authSession.machine.ts';

export function createSessionProbe() {
  let sendToSession: ((event: AuthSessionEvent) => void) | null = null;
  function Probe() {
    sendToSession = useSession().send;
    return null;
  }
  return {
    Probe,
    send: (event: AuthSessionEvent) =>
      act(() => {
        if (!sendToSession) throw new Error('The session probe is not rendered');
        sendToSession(event);
      }),
  };
}

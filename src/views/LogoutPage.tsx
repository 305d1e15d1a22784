/** The logout page (SPEC 2 "Logout"): the farewell and the seconds left before going home. */
import { logoutMessages } from '../messages/logout.ts';

export function LogoutPage({ secondsLeft }: { secondsLeft: number }) {
  return (
    <section className="page status" aria-labelledby="logout-title">
      <h1 id="logout-title">{logoutMessages.done}</h1>
      <p aria-live="polite">{logoutMessages.countdown(secondsLeft)}</p>
    </section>
  );
}

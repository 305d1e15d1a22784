/** The logout page (SPEC 2 "Logout"): the farewell and the seconds left before going home. */
import { messages } from '../messages.ts';

export function LogoutPage({ secondsLeft }: { secondsLeft: number }) {
  return (
    <section className="page status" aria-labelledby="logout-title">
      <h1 id="logout-title">{messages.logout.done}</h1>
      <p aria-live="polite">{messages.logout.countdown(secondsLeft)}</p>
    </section>
  );
}

/**
 * The logout page (SPEC 2 "Logout", 4 "Logout page", 9): opening it logs the user out, shows
 * 'Uspješno ste odjavljeni!' with a 3, 2, 1 countdown at a 1 s tick, then goes home. The container
 * provides `logOut` (LOGOUT to the auth session, which revokes and clears) and `goHome`.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';

export const LOGOUT_COUNTDOWN_START = 3;
export const LOGOUT_TICK_MS = 1000;

export const logoutCountdownMachine = setup({
  types: {
    context: {} as { secondsLeft: number },
  },
  // Stryker disable next-line ObjectLiteral: LogoutContainer provides both logOut and goHome; these defaults never run.
  actions: {
    logOut: () => undefined,
    goHome: () => undefined,
  },
  guards: {
    moreToCount: ({ context }) => context.secondsLeft > 1,
  },
  delays: { tick: LOGOUT_TICK_MS },
}).createMachine({
  // Stryker disable next-line StringLiteral: no `#logoutCountdown` target exists; the id only names the actor in the dev inspector.
  id: 'logoutCountdown',
  context: { secondsLeft: LOGOUT_COUNTDOWN_START },
  initial: 'counting',
  entry: 'logOut',
  states: {
    counting: {
      after: {
        tick: [
          {
            guard: 'moreToCount',
            target: 'counting',
            reenter: true,
            actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
          },
          { target: 'done', actions: 'goHome' },
        ],
      },
    },
    // Stryker disable next-line ObjectLiteral,StringLiteral: 'done' has no transitions and nothing reads the actor's status; the visitor has left with goHome.
    done: { type: 'final' },
  },
});

export const selectSecondsLeft = (snapshot: SnapshotFrom<typeof logoutCountdownMachine>) =>
  snapshot.context.secondsLeft;

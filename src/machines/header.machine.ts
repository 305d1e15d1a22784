/**
 * The header (SPEC 2 "Header and footer", 4 "Header", 9): pressing and holding it for 2000 ms while
 * logged in reveals the login link; the hamburger side panel below the tablet breakpoint opens and
 * closes. Two independent regions, so holding never disturbs the menu.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';

export interface HeaderInput {
  isLoggedIn: boolean;
}

export type HeaderEvent =
  | { type: 'HOLD_START' }
  | { type: 'HOLD_END' }
  /** The container sends this whenever the auth session's logged-in state changes. */
  | { type: 'SESSION_CHANGED'; isLoggedIn: boolean }
  | { type: 'TOGGLE_MENU' }
  | { type: 'CLOSE_MENU' };

export const headerMachine = setup({
  types: {
    input: {} as HeaderInput,
    context: {} as HeaderInput,
    events: {} as HeaderEvent,
  },
  guards: {
    isLoggedIn: ({ context }) => context.isLoggedIn,
    // The container may repeat the current state; only a real change starts a new session.
    sessionChanged: ({ context, event }) =>
      event.type === 'SESSION_CHANGED' && event.isLoggedIn !== context.isLoggedIn,
  },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'header',
  context: ({ input }) => ({ isLoggedIn: input.isLoggedIn }),
  type: 'parallel',
  states: {
    loginLink: {
      initial: 'hidden',
      on: {
        // A new session starts without the revealed link.
        SESSION_CHANGED: {
          guard: 'sessionChanged',
          target: '.hidden',
          actions: assign({ isLoggedIn: ({ event }) => event.isLoggedIn }),
        },
      },
      states: {
        hidden: {
          on: { HOLD_START: { guard: 'isLoggedIn', target: 'holding' } },
        },
        holding: {
          on: { HOLD_END: 'hidden' },
          after: { 2000: 'revealed' },
        },
        revealed: {},
      },
    },
    menu: {
      initial: 'closed',
      states: {
        closed: { on: { TOGGLE_MENU: 'open' } },
        open: { on: { TOGGLE_MENU: 'closed', CLOSE_MENU: 'closed' } },
      },
    },
  },
});

type HeaderSnapshot = SnapshotFrom<typeof headerMachine>;

export const selectLoginRevealed = (snapshot: HeaderSnapshot) =>
  snapshot.matches({ loginLink: 'revealed' });
export const selectMenuOpen = (snapshot: HeaderSnapshot) => snapshot.matches({ menu: 'open' });

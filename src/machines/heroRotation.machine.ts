/**
 * The home page hero (SPEC 2 "Home", 9): the photos change every 5000 ms. The rotation holds
 * while the pointer is over the hero, while focus is inside it, and while the visitor has paused
 * it (WCAG 2.2.2); a visitor who prefers reduced motion starts paused and may press play.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';

export const HERO_ROTATION_MS = 5000;

export interface HeroRotationInput {
  count: number;
  reducedMotion: boolean;
}

export interface HeroRotationContext {
  count: number;
  index: number;
  /** The photo that was shown before the current one (null before the first change). */
  previous: number | null;
  hovered: boolean;
  focused: boolean;
  paused: boolean;
}

export type HeroRotationEvent =
  | { type: 'POINTER_ENTER' }
  | { type: 'POINTER_LEAVE' }
  | { type: 'FOCUS_IN' }
  | { type: 'FOCUS_OUT' }
  | { type: 'TOGGLE_PAUSE' };

const isHeld = (context: HeroRotationContext) =>
  context.count < 2 || context.hovered || context.focused || context.paused;

export const heroRotationMachine = setup({
  types: {
    context: {} as HeroRotationContext,
    events: {} as HeroRotationEvent,
    input: {} as HeroRotationInput,
  },
  guards: {
    held: ({ context }) => isHeld(context),
    free: ({ context }) => !isHeld(context),
  },
  delays: { rotation: HERO_ROTATION_MS },
}).createMachine({
  // Stryker disable next-line StringLiteral: no target names the machine by its id; only the development inspector shows it
  id: 'heroRotation',
  context: ({ input }) => ({
    count: input.count,
    index: 0,
    previous: null,
    hovered: false,
    focused: false,
    paused: input.reducedMotion,
  }),
  initial: 'rotating',
  on: {
    POINTER_ENTER: { actions: assign({ hovered: true }) },
    POINTER_LEAVE: { actions: assign({ hovered: false }) },
    FOCUS_IN: { actions: assign({ focused: true }) },
    FOCUS_OUT: { actions: assign({ focused: false }) },
    TOGGLE_PAUSE: { actions: assign({ paused: ({ context }) => !context.paused }) },
  },
  states: {
    rotating: {
      always: { guard: 'held', target: 'held' },
      after: {
        rotation: {
          target: 'rotating',
          reenter: true,
          actions: assign({
            previous: ({ context }) => context.index,
            index: ({ context }) => (context.index + 1) % context.count,
          }),
        },
      },
    },
    held: {
      // Leaving the hold starts a full interval again.
      always: { guard: 'free', target: 'rotating' },
    },
  },
});

type HeroRotationSnapshot = SnapshotFrom<typeof heroRotationMachine>;

export const selectHeroIndex = (snapshot: HeroRotationSnapshot) => snapshot.context.index;
export const selectHeroPrevious = (snapshot: HeroRotationSnapshot) => snapshot.context.previous;
export const selectHeroPaused = (snapshot: HeroRotationSnapshot) => snapshot.context.paused;

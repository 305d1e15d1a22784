import { act, fireEvent, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeContainer } from '../../src/app/HomeContainer.tsx';
import { heroImages as images } from '../../src/data/hero.ts';
import {
  HERO_ROTATION_MS,
  heroRotationMachine,
  type HeroRotationInput,
} from '../../src/machines/heroRotation.machine.ts';
import { messages } from '../../src/messages.ts';
import { testMachineModel } from '../support/model-based.ts';
import { step, testRandomPaths } from '../support/random-paths.ts';
import { renderWithEffects } from '../support/render-with-effects.tsx';
import { setPrefersReducedMotion } from '../support/viewport.ts';

/** The home container that ships; the visitor's motion preference is the browser's. */
function renderHome({ reducedMotion }: Pick<HeroRotationInput, 'reducedMotion'>) {
  setPrefersReducedMotion(reducedMotion);
  return renderWithEffects(<HomeContainer brand="Dentalia" />);
}

const hero = () => screen.getByRole('region', { name: messages.home.slogan });
const pauseButton = () => screen.getByRole('button', { name: messages.home.pauseRotation });
const playButton = () => screen.getByRole('button', { name: messages.home.playRotation });
/** The one photo a person sees (the others in the page are hidden from the accessibility tree). */
const shownPhoto = () => within(hero()).getByRole('img');
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

afterEach(() => setPrefersReducedMotion(false));

describe('hero rotation model', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  testMachineModel(heroRotationMachine, {
    inputs: [
      { count: images.length, reducedMotion: false },
      { count: images.length, reducedMotion: true },
    ],
    describeInput: ({ reducedMotion }) => (reducedMotion ? 'reduced motion' : 'motion'),
    render: renderHome,
    states: {
      rotating: ({ context }) => {
        expect(shownPhoto()).toHaveAttribute('alt', images[context.index]?.alt);
        expect(pauseButton()).toBeVisible();
      },
      held: ({ context }) => {
        expect(shownPhoto()).toHaveAttribute('alt', images[context.index]?.alt);
        if (context.paused) expect(playButton()).toBeVisible();
        else expect(pauseButton()).toBeVisible();
      },
    },
    events: {
      POINTER_ENTER: () => fireEvent.pointerEnter(hero()),
      POINTER_LEAVE: () => fireEvent.pointerLeave(hero()),
      // Focus moves onto the hero's first link, and from it to somewhere outside the hero.
      FOCUS_IN: () =>
        fireEvent.focus(within(hero()).getByRole('link', { name: messages.nav.catalogues })),
      FOCUS_OUT: () =>
        fireEvent.blur(within(hero()).getByRole('link', { name: messages.nav.catalogues }), {
          relatedTarget: document.body,
        }),
      TOGGLE_PAUSE: () => fireEvent.click(within(hero()).getByRole('button')),
    },
  });
});

describe('hero rotation pinned by hand', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const renderHero = (reducedMotion = false) => renderHome({ reducedMotion });

  it('changes the photo every 5000 ms and wraps after the fourth', async () => {
    expect(HERO_ROTATION_MS).toBe(5000);
    renderHero();
    expect(shownPhoto()).toHaveAttribute('alt', images[0]?.alt);
    await advance(4999);
    expect(shownPhoto()).toHaveAttribute('alt', images[0]?.alt);
    await advance(1);
    expect(shownPhoto()).toHaveAttribute('alt', images[1]?.alt);
    await advance(5000);
    await advance(5000);
    expect(shownPhoto()).toHaveAttribute('alt', images[3]?.alt);
    await advance(5000);
    expect(shownPhoto()).toHaveAttribute('alt', images[0]?.alt);
  });

  it('holds while hovered and restarts a full interval after the pointer leaves', async () => {
    renderHero();
    await advance(4000);
    fireEvent.pointerEnter(hero());
    await advance(20_000);
    expect(shownPhoto()).toHaveAttribute('alt', images[0]?.alt);
    fireEvent.pointerLeave(hero());
    await advance(4999);
    expect(shownPhoto()).toHaveAttribute('alt', images[0]?.alt);
    await advance(1);
    expect(shownPhoto()).toHaveAttribute('alt', images[1]?.alt);
  });

  it('holds while focus is inside, also when focus moves between its controls', async () => {
    renderHero();
    const catalogues = within(hero()).getByRole('link', { name: messages.nav.catalogues });
    const courses = within(hero()).getByRole('link', { name: messages.nav.courses });
    fireEvent.focus(catalogues);
    fireEvent.blur(catalogues, { relatedTarget: courses });
    fireEvent.focus(courses);
    await advance(15_000);
    expect(shownPhoto()).toHaveAttribute('alt', images[0]?.alt);
    fireEvent.blur(courses, { relatedTarget: document.body });
    await advance(5000);
    expect(shownPhoto()).toHaveAttribute('alt', images[1]?.alt);
  });

  it('a pause set by the visitor outlasts hover and focus; play resumes', async () => {
    renderHero();
    fireEvent.click(pauseButton());
    fireEvent.pointerEnter(hero());
    fireEvent.pointerLeave(hero());
    await advance(30_000);
    expect(shownPhoto()).toHaveAttribute('alt', images[0]?.alt);
    fireEvent.click(playButton());
    await advance(5000);
    expect(shownPhoto()).toHaveAttribute('alt', images[1]?.alt);
  });

  it('prefers-reduced-motion starts paused, with a play button', async () => {
    renderHero(true);
    expect(playButton()).toBeVisible();
    await advance(60_000);
    expect(shownPhoto()).toHaveAttribute('alt', images[0]?.alt);
  });

  it('the first photo is the eager, high-priority paint with its size; only the next waits in the page', () => {
    renderHero();
    const photos = hero().querySelectorAll('img');
    expect(photos).toHaveLength(2);
    const [first, next] = photos;
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('width', '1600');
    expect(first).toHaveAttribute('height', '800');
    expect(first).toHaveAttribute('srcset', images[0]?.srcSet);
    expect(next).toHaveAttribute('src', images[1]?.src);
    expect(next).toHaveAttribute('loading', 'lazy');
    expect(next).toHaveAttribute('aria-hidden', 'true');
    expect(next).toHaveAttribute('alt', '');
  });

  it('keeps the outgoing photo under the incoming one while it fades in', async () => {
    renderHero();
    await advance(5000);
    const sources = [...hero().querySelectorAll('img')].map((img) => [
      img.getAttribute('src'),
      img.className,
    ]);
    expect(sources).toEqual([
      [images[0]?.src, 'hero__slide hero__slide--previous'],
      [images[1]?.src, 'hero__slide hero__slide--current'],
      [images[2]?.src, 'hero__slide hero__slide--next'],
    ]);
  });
});

/**
 * SPEC 2 "Home" and 9 as a model: which photo shows, which was shown before it, and how long the
 * visitor has watched the current one without holding the rotation (pointer over the hero, focus
 * inside it, or the visitor's pause, WCAG 2.2.2).
 */
interface HeroModel {
  index: number;
  previous: number | null;
  watched: number;
  hovered: boolean;
  /** Which of the hero's two links has focus (null: focus is outside the hero). */
  focused: string | null;
  paused: boolean;
}

const ROTATION_MS = 5000;
const heroLinks = [messages.nav.catalogues, messages.nav.courses];
const heroLink = (name: string) => within(hero()).getByRole('link', { name });
const held = (model: HeroModel) => model.hovered || model.focused !== null || model.paused;
/** A hold that ends starts a full interval again. */
const holdChange = (model: HeroModel, change: () => void) => {
  const wasHeld = held(model);
  change();
  if (wasHeld && !held(model)) model.watched = 0;
};

describe('hero rotation random paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const wait = (ms: number) =>
    step<HeroModel>(`pričekaj ${ms} ms`, async (model) => {
      await advance(ms);
      if (held(model)) return;
      model.watched += ms;
      // SPEC 9: a new photo every 5000 ms, after the fourth the first again.
      while (model.watched >= ROTATION_MS) {
        model.watched -= ROTATION_MS;
        model.previous = model.index;
        model.index = (model.index + 1) % images.length;
      }
    });

  // A visitor who prefers reduced motion starts paused (WCAG 2.2.2) and may press play.
  for (const reducedMotion of [false, true]) {
    testRandomPaths<HeroModel>('heroRotation', {
      ...(reducedMotion && { variant: 'prefers reduced motion' }),
      startLabel: reducedMotion
        ? 'Otvori početnu stranicu sa smanjenim pokretima'
        : 'Otvori početnu stranicu',
      numRuns: reducedMotion ? 10 : 25,
      maxSteps: 16,
      start: () => {
        renderHome({ reducedMotion });
        return {
          index: 0,
          previous: null,
          watched: 0,
          hovered: false,
          focused: null,
          paused: reducedMotion,
        };
      },
      steps: [
        // Around SPEC 9's 5000 ms, and longer waits that cross several changes.
        fc.constantFrom(1, 2500, 4999, 5000, 5001).map(wait),
        fc.integer({ min: 1, max: 21_000 }).map(wait),
        fc.constant(
          step<HeroModel>(
            'pomakni pokazivač na fotografiju',
            (model) => {
              fireEvent.pointerEnter(hero());
              holdChange(model, () => (model.hovered = true));
            },
            (model) => !model.hovered,
          ),
        ),
        fc.constant(
          step<HeroModel>(
            'pomakni pokazivač s fotografije',
            (model) => {
              fireEvent.pointerLeave(hero());
              holdChange(model, () => (model.hovered = false));
            },
            (model) => model.hovered,
          ),
        ),
        fc.constantFrom(...heroLinks).map((name) =>
          step<HeroModel>(
            `fokusiraj poveznicu '${name}'`,
            (model) => {
              if (model.focused !== null) {
                fireEvent.blur(heroLink(model.focused), { relatedTarget: heroLink(name) });
              }
              fireEvent.focus(heroLink(name));
              holdChange(model, () => (model.focused = name));
            },
            (model) => model.focused !== name,
          ),
        ),
        fc.constant(
          step<HeroModel>(
            'pomakni fokus izvan fotografije',
            (model) => {
              fireEvent.blur(heroLink(model.focused ?? ''), { relatedTarget: document.body });
              holdChange(model, () => (model.focused = null));
            },
            (model) => model.focused !== null,
          ),
        ),
        fc.constant(
          step<HeroModel>(
            (model) =>
              `pritisni '${model.paused ? messages.home.playRotation : messages.home.pauseRotation}'`,
            (model) => {
              fireEvent.click(model.paused ? playButton() : pauseButton());
              holdChange(model, () => (model.paused = !model.paused));
            },
          ),
        ),
      ],
      invariants: (model) => {
        expect(shownPhoto()).toHaveAttribute('alt', images[model.index]?.alt);
        // The outgoing photo stays under the current one; the next one waits in the page.
        const next = (model.index + 1) % images.length;
        const slides = [...hero().querySelectorAll('img')].map((img) => [
          img.getAttribute('src'),
          img.className.replace('hero__slide hero__slide--', ''),
        ]);
        const roleOf = (position: number) =>
          position === model.index
            ? 'current'
            : position === model.previous
              ? 'previous'
              : position === next
                ? 'next'
                : null;
        expect(slides).toEqual(
          images.flatMap((image, position) => {
            const role = roleOf(position);
            return role ? [[image.src, role]] : [];
          }),
        );
        expect(
          within(hero()).getByRole('button', {
            name: model.paused ? messages.home.playRotation : messages.home.pauseRotation,
          }),
        ).toBeVisible();
      },
    });
  }
});

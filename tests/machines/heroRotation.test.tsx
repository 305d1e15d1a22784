import { useMachine } from '@xstate/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeroImage } from '../../src/data/hero.ts';
import {
  HERO_ROTATION_MS,
  heroRotationMachine,
  selectHeroIndex,
  selectHeroPaused,
  selectHeroPrevious,
  type HeroRotationInput,
} from '../../src/machines/heroRotation.machine.ts';
import { messages } from '../../src/messages.ts';
import { HomeHero } from '../../src/views/HomeHero.tsx';
import { testMachineModel } from '../support/model-based.ts';

const images: HeroImage[] = [1, 2, 3, 4].map((n) => ({
  src: `/hero-${n}.webp`,
  srcSet: `/hero-${n}-640.webp 640w, /hero-${n}.webp 1024w`,
  alt: `Fotografija broj ${n}`,
  width: 1600,
  height: 800,
}));

/** What HomeContainer does with the hero. */
function HeroHarness({ input }: { input: HeroRotationInput }) {
  const [snapshot, send] = useMachine(heroRotationMachine, { input });
  return (
    <HomeHero
      brand="Dentalia"
      images={images}
      index={selectHeroIndex(snapshot)}
      previous={selectHeroPrevious(snapshot)}
      paused={selectHeroPaused(snapshot)}
      onPointerEnter={() => send({ type: 'POINTER_ENTER' })}
      onPointerLeave={() => send({ type: 'POINTER_LEAVE' })}
      onFocusIn={() => send({ type: 'FOCUS_IN' })}
      onFocusOut={() => send({ type: 'FOCUS_OUT' })}
      onTogglePause={() => send({ type: 'TOGGLE_PAUSE' })}
    />
  );
}

const hero = () => screen.getByRole('region', { name: messages.home.slogan });
const pauseButton = () => screen.getByRole('button', { name: messages.home.pauseRotation });
const playButton = () => screen.getByRole('button', { name: messages.home.playRotation });
/** The one photo a person sees (the others in the page are hidden from the accessibility tree). */
const shownPhoto = () => screen.getByRole('img');
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('hero rotation model', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  testMachineModel(heroRotationMachine, {
    inputs: [
      { count: 4, reducedMotion: false },
      { count: 4, reducedMotion: true },
    ],
    render: (input) => render(<HeroHarness input={input} />),
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
      FOCUS_IN: () => fireEvent.focus(screen.getByRole('link', { name: messages.nav.catalogues })),
      FOCUS_OUT: () =>
        fireEvent.blur(screen.getByRole('link', { name: messages.nav.catalogues }), {
          relatedTarget: document.body,
        }),
      TOGGLE_PAUSE: () => fireEvent.click(screen.getByRole('button')),
    },
  });
});

describe('hero rotation pinned by hand', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const renderHero = (reducedMotion = false) =>
    render(<HeroHarness input={{ count: images.length, reducedMotion }} />);

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
    const catalogues = screen.getByRole('link', { name: messages.nav.catalogues });
    const courses = screen.getByRole('link', { name: messages.nav.courses });
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
    const { container } = renderHero();
    const photos = container.querySelectorAll('img');
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
    const { container } = renderHero();
    await advance(5000);
    const sources = [...container.querySelectorAll('img')].map((img) => [
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

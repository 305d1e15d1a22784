import type { FocusEvent } from 'react';
import { Link } from 'wouter';
import type { HeroImage } from '../data/hero.ts';
import { homeMessages } from '../messages/home.ts';
import { navMessages } from '../messages/nav.ts';
import { routes } from '../routes.ts';
import './HomeHero.css';

/** The hero spans the window: the `sizes` of its photos (and of their preload). */
export const HERO_SIZES = '100vw';

export interface HomeHeroProps {
  brand: string;
  images: readonly HeroImage[];
  index: number;
  /** The photo shown before the current one: it stays under the new one while that fades in. */
  previous: number | null;
  paused: boolean;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onFocusIn: () => void;
  onFocusOut: () => void;
  onTogglePause: () => void;
}

/**
 * The home page hero (SPEC 2 "Home"): rotating photos under the slogan. The first photo is the
 * largest paint of a first visit, so it loads at once with high priority; only the current, the
 * previous and the next photo are in the page, so the others cost nothing until their turn.
 */
export function HomeHero({
  brand,
  images,
  index,
  previous,
  paused,
  onPointerEnter,
  onPointerLeave,
  onFocusIn,
  onFocusOut,
  onTogglePause,
}: HomeHeroProps) {
  const next = (index + 1) % images.length;
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onFocusOut();
  };
  return (
    <section
      className="hero"
      aria-labelledby="home-title"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={onFocusIn}
      onBlur={onBlur}
    >
      <div className="hero__slides">
        {images.map((image, position) => {
          const role = slideRole(position, index, previous, next);
          if (!role) return null;
          const first = position === 0;
          return (
            <img
              key={image.src}
              className={`hero__slide hero__slide--${role}`}
              src={image.src}
              srcSet={image.srcSet}
              sizes={HERO_SIZES}
              width={image.width}
              height={image.height}
              alt={role === 'current' ? image.alt : ''}
              aria-hidden={role === 'current' ? undefined : true}
              loading={first ? 'eager' : 'lazy'}
              fetchPriority={first ? 'high' : 'low'}
              decoding={first ? undefined : 'async'}
            />
          );
        })}
      </div>

      <div className="hero__content">
        <p className="hero__brand">{brand}</p>
        <h1 id="home-title" className="hero__slogan">
          {homeMessages.slogan}
        </h1>
        <p className="hero__lead">{homeMessages.lead}</p>
        <div className="hero__actions">
          <Link className="button" href={routes.catalogues.href()}>
            {navMessages.catalogues}
          </Link>
          <Link className="button hero__button-light" href={routes.courses.href()}>
            {navMessages.courses}
          </Link>
        </div>
      </div>

      {images.length > 1 && (
        <div className="hero__controls">
          <div className="hero__dots" aria-hidden="true">
            {images.map((image, position) => (
              <span
                key={image.src}
                className={position === index ? 'hero__dot hero__dot--current' : 'hero__dot'}
              />
            ))}
          </div>
          <button
            type="button"
            className="hero__toggle"
            aria-label={paused ? homeMessages.playRotation : homeMessages.pauseRotation}
            onClick={onTogglePause}
          >
            <span className={paused ? 'hero__icon-play' : 'hero__icon-pause'} aria-hidden="true" />
          </button>
        </div>
      )}
    </section>
  );
}

type SlideRole = 'current' | 'previous' | 'next';

function slideRole(
  position: number,
  index: number,
  previous: number | null,
  next: number,
): SlideRole | null {
  if (position === index) return 'current';
  if (position === previous) return 'previous';
  if (position === next) return 'next';
  return null;
}

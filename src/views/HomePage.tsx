import type { ReactNode } from 'react';
import { HomeHero, type HomeHeroProps } from './HomeHero.tsx';
import './HomePage.css';

export interface HomePageProps {
  hero: HomeHeroProps;
  /** The sections below the hero; the container loads each as it nears the viewport. */
  children?: ReactNode;
}

/** SPEC 2 "Home": the hero with the slogan, then the partner, product, map and EU sections. */
export function HomePage({ hero, children }: HomePageProps) {
  return (
    <div className="home">
      <HomeHero {...hero} />
      {children}
    </div>
  );
}

export interface HomeSectionProps {
  id: string;
  title: string;
  lead?: string;
  /** A tinted band, to set neighbouring sections apart. */
  tinted?: boolean;
  children: ReactNode;
}

/** One titled band of the home page. */
export function HomeSection({ id, title, lead, tinted, children }: HomeSectionProps) {
  return (
    <section
      className={tinted ? 'home-section home-section--tinted' : 'home-section'}
      aria-labelledby={`${id}-title`}
    >
      <div className="home-section__inner">
        <h2 id={`${id}-title`} className="home-section__title">
          {title}
        </h2>
        {lead && <p className="home-section__lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}

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

import type { ReactNode } from 'react';
// The bands' styles are the home page's; the sections load on demand and bring them along.
import './HomePage.css';

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

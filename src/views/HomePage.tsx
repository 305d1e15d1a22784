import { Link } from 'wouter';
import './HomePage.css';

export interface HomePageProps {
  brand: string;
}

export function HomePage({ brand }: HomePageProps) {
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <div className="home-hero__inner">
        <p className="home-hero__brand">{brand}</p>
        <h1 id="home-title" className="home-hero__slogan">
          Vaš pouzdan partner sa sjeverozapada.
        </h1>
        <p className="home-hero__lead">
          Dentalni materijali, instrumenti i oprema vodećih svjetskih proizvođača, stručni tečajevi
          i video edukacije za doktore dentalne medicine i dentalne tehničare.
        </p>
        <div className="home-hero__actions">
          <Link className="button" href="/katalozi">
            Proizvodi i katalozi
          </Link>
          <Link className="button button--secondary" href="/tecajevi">
            Tečajevi
          </Link>
        </div>
      </div>
    </section>
  );
}

import type { ReactNode } from 'react';
import type { Employee, SalesRepresentative } from '../data/employees.ts';
import type { Region } from '../data/regions.ts';
import { aboutMessages } from '../messages/about.ts';
import { fullName, telHref } from './people.ts';
import { Switch } from './Switch.tsx';
import './pages.css';
import './AboutPage.css';

export interface AboutPageProps {
  phone: string;
  supportEmail: string;
  salesRepresentatives: readonly SalesRepresentative[];
  referents: readonly Employee[];
  accountingTeam: readonly Employee[];
  regions: readonly Region[];
  /** The map switch is offered only at desktop width (SPEC 2: at least 1200 px). */
  mapOffered: boolean;
  mapShown: boolean;
  onToggleMap: () => void;
  /** The region map, rendered by its container while the map is shown. */
  map: ReactNode;
}

/** /info, 'O nama' (SPEC 2 "About us"): contacts, then the three teams. */
export function AboutPage({
  phone,
  supportEmail,
  salesRepresentatives,
  referents,
  accountingTeam,
  regions,
  mapOffered,
  mapShown,
  onToggleMap,
  map,
}: AboutPageProps) {
  const withMap = mapOffered && mapShown;
  return (
    <article className="page about" aria-labelledby="about-title">
      <header className="page-header">
        <h1 id="about-title" className="page-title">
          {aboutMessages.title}
        </h1>
        <p className="page-lead">{aboutMessages.lead}</p>
        <dl className="about__contacts">
          <div>
            <dt>{aboutMessages.phone}</dt>
            <dd>
              <a href={telHref(phone)}>{phone}</a>
            </dd>
          </div>
          <div>
            <dt>{aboutMessages.supportEmail}</dt>
            <dd>
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </dd>
          </div>
        </dl>
      </header>

      <section className="page-section" aria-labelledby="about-sales">
        <div className="about__team-head">
          <h2 id="about-sales">{aboutMessages.salesRepresentatives}</h2>
          {mapOffered && (
            <Switch
              className="about__switch"
              checked={mapShown}
              onToggle={onToggleMap}
              label={aboutMessages.mapSwitch}
              nativeName="karta"
            />
          )}
        </div>
        {withMap ? (
          map
        ) : (
          <ul className="about__people about__people--sales" aria-labelledby="about-sales">
            {salesRepresentatives.map((person) => (
              <li key={person.email} className="person-card person-card--sales">
                <img
                  className="person-card__photo"
                  src={person.image}
                  alt=""
                  width={120}
                  height={120}
                  loading="lazy"
                />
                <div className="person-card__body">
                  {person.academicTitle && (
                    <p className="person-card__title">{person.academicTitle}</p>
                  )}
                  <h3 className="person-card__name">{fullName(person)}</h3>
                  <p className="person-card__description">{person.description}</p>
                  <ul className="person-card__contacts">
                    <li>
                      <a href={`mailto:${person.email}`}>{person.email}</a>
                    </li>
                    {person.phone && (
                      <li>
                        <a href={telHref(person.phone)}>{person.phone}</a>
                      </li>
                    )}
                  </ul>
                  <p className="person-card__regions">
                    <span className="person-card__regions-label">{aboutMessages.regions}: </span>
                    {person.regions
                      .map(
                        (regionId) =>
                          regions.find((region) => region.regionId === regionId)?.regionName,
                      )
                      .join(', ')}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <TeamSection id="about-referents" title={aboutMessages.referents} people={referents} />
      <TeamSection id="about-accounting" title={aboutMessages.accounting} people={accountingTeam} />
    </article>
  );
}

function TeamSection({
  id,
  title,
  people,
}: {
  id: string;
  title: string;
  people: readonly Employee[];
}) {
  return (
    <section className="page-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="about__people" aria-labelledby={id}>
        {people.map((person) => (
          <li key={fullName(person)} className="person-card">
            <img
              className="person-card__photo"
              src={person.image}
              alt=""
              width={120}
              height={120}
              loading="lazy"
            />
            <div className="person-card__body">
              <h3 className="person-card__name">{fullName(person)}</h3>
              {person.phone && (
                <p className="person-card__phone">
                  <a href={telHref(person.phone)}>{person.phone}</a>
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

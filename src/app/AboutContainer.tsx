import { useState } from 'react';
import { company } from '../data/company.ts';
import { accountingTeam, referents, salesRepresentatives } from '../data/employees.ts';
import { regions } from '../data/regions.ts';
import { AboutPage } from '../views/AboutPage.tsx';
import { RegionMapContainer } from './RegionMapContainer.tsx';
import { DESKTOP_QUERY, useMediaQuery } from './useMediaQuery.ts';

/** /info: the map switch only at desktop width; the map and its data load when it is shown. */
export function AboutContainer() {
  // The server renders the switch and the CSS hides it below desktop width, so that hydration
  // adds nothing on a desktop and removes only what is hidden on a phone (no layout shift).
  const desktop = useMediaQuery(DESKTOP_QUERY, true);
  const [mapShown, setMapShown] = useState(false);
  return (
    <AboutPage
      phone={company.phone}
      supportEmail={company.supportEmail}
      salesRepresentatives={salesRepresentatives}
      referents={referents}
      accountingTeam={accountingTeam}
      regions={regions}
      mapOffered={desktop}
      mapShown={mapShown}
      onToggleMap={() => setMapShown((shown) => !shown)}
      map={<RegionMapContainer scrollTo="page" headingLevel={3} />}
    />
  );
}

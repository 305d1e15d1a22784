import { homeMessages } from '../../messages/home.ts';
import { HomeSection } from '../../views/HomeSection.tsx';
import { RegionMapContainer } from '../RegionMapContainer.tsx';

/** The region map of the home page; d3-geo and the shapes load as this section mounts. */
export function MapSection() {
  return (
    <HomeSection id="karta" title={homeMessages.map} lead={homeMessages.mapLead}>
      <RegionMapContainer scrollTo="map" headingLevel={3} />
    </HomeSection>
  );
}

import { messages } from '../../messages.ts';
import { HomeSection } from '../../views/HomePage.tsx';
import { RegionMapContainer } from '../RegionMapContainer.tsx';

/** The region map of the home page; d3-geo and the shapes load as this section mounts. */
export function MapSection() {
  return (
    <HomeSection id="karta" title={messages.home.map} lead={messages.home.mapLead}>
      <RegionMapContainer scrollTo="map" headingLevel={3} />
    </HomeSection>
  );
}

/**
 * County shapes of the about-us map (SPEC 3 "Region": every feature carries a regionId), generated
 * by scripts/build-map-data.ts from Natural Earth. Rings are wound for d3-geo (exterior clockwise).
 * The page loads this module with a dynamic import(), so it must stay free of other data.
 */
import type { MultiPolygon, Polygon } from 'geojson';
import counties from './croatiaMap.json';
import type { RegionId } from './regions.ts';

export interface CountyFeature {
  type: 'Feature';
  properties: { regionId: RegionId; county: string };
  geometry: Polygon | MultiPolygon;
}

export const croatiaCounties = counties as readonly CountyFeature[];

/**
 * Projects the bundled county shapes into the SVG paths of the region map (SPEC 9: Mercator,
 * scale 5800, centre 16.5° E 44.5° N, 800x600). Loaded only with a dynamic import, so d3-geo and
 * the map data never weigh on a first visit that does not show the map.
 */
import { geoMercator, geoPath } from 'd3-geo';
import { croatiaCounties, type CountyFeature } from '../data/croatiaMap.ts';
import type { RegionId } from '../data/regions.ts';
import type { MapShapes, RegionShape } from '../machines/mapSelection.machine.ts';

export const MAP_WIDTH = 800;
export const MAP_HEIGHT = 600;

export function projectCroatia(counties: readonly CountyFeature[] = croatiaCounties): MapShapes {
  const projection = geoMercator()
    .scale(5800)
    .center([16.5, 44.5])
    .translate([MAP_WIDTH / 2, MAP_HEIGHT / 2]);
  // One decimal of a view-box unit is far below a screen pixel and halves the path text.
  const path = geoPath(projection).digits(1);
  const byRegion = new Map<RegionId, CountyFeature[]>();
  for (const county of counties) {
    const { regionId } = county.properties;
    byRegion.set(regionId, [...(byRegion.get(regionId) ?? []), county]);
  }
  const regions: RegionShape[] = [...byRegion.entries()]
    .sort(([a], [b]) => a - b)
    .map(([regionId, features]) => {
      const [x, y] = path.centroid({ type: 'FeatureCollection', features: [...features] });
      return {
        regionId,
        counties: features.map((feature) => ({
          county: feature.properties.county,
          d: path(feature) ?? '',
        })),
        label: { x: Math.round(x), y: Math.round(y) },
      };
    });
  return { width: MAP_WIDTH, height: MAP_HEIGHT, regions };
}

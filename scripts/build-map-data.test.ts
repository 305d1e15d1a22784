import { readFileSync } from 'node:fs';
import type { Position } from 'geojson';
import { geoArea, geoContains } from 'd3-geo';
import { beforeAll, describe, expect, it } from 'vitest';
import { regions } from '../src/data/regions.ts';
import {
  buildCroatiaCounties,
  COUNTIES,
  type CountyFeature,
  OUTPUT_PATH,
  readAdmin1,
  roundedCountyRings,
  serializeCounties,
} from './build-map-data.ts';

const committed = JSON.parse(readFileSync(OUTPUT_PATH, 'utf8')) as CountyFeature[];

const EXPECTED_REGIONS: Record<string, number> = {
  'Grad Zagreb': 1,
  'Zagrebačka županija': 1,
  'Krapinsko-zagorska županija': 1,
  'Varaždinska županija': 1,
  'Međimurska županija': 1,
  'Koprivničko-križevačka županija': 1,
  'Bjelovarsko-bilogorska županija': 1,
  'Sisačko-moslavačka županija': 1,
  'Karlovačka županija': 1,
  'Virovitičko-podravska županija': 2,
  'Požeško-slavonska županija': 2,
  'Brodsko-posavska županija': 2,
  'Osječko-baranjska županija': 2,
  'Vukovarsko-srijemska županija': 2,
  'Istarska županija': 3,
  'Primorsko-goranska županija': 3,
  'Ličko-senjska županija': 3,
  'Zadarska županija': 4,
  'Šibensko-kninska županija': 4,
  'Splitsko-dalmatinska županija': 5,
  'Dubrovačko-neretvanska županija': 5,
};

function countyNamed(name: string): CountyFeature {
  const county = committed.find((feature) => feature.properties.county === name);
  if (!county) throw new Error(`${name} is missing`);
  return county;
}

describe('the Croatia map data', () => {
  it('has each of the 21 counties exactly once, in its region', () => {
    const names = committed.map((feature) => feature.properties.county);
    expect(names).toHaveLength(21);
    expect(new Set(names).size).toBe(21);
    expect(
      Object.fromEntries(committed.map((f) => [f.properties.county, f.properties.regionId])),
    ).toEqual(EXPECTED_REGIONS);
  });

  it('gives every region at least one county', () => {
    for (const { regionId } of regions) {
      expect(committed.some((feature) => feature.properties.regionId === regionId)).toBe(true);
    }
  });

  it('keeps only the properties the map needs', () => {
    for (const feature of committed) {
      expect(Object.keys(feature.properties).sort()).toEqual(['county', 'regionId']);
    }
  });

  it('winds every shape for d3-geo, so each covers its county and not the rest of the globe', () => {
    for (const feature of committed) expect(geoArea(feature)).toBeLessThan(0.01);
    // Town centres the data set mixes up: Požega and Slavonski Brod, plus the capital.
    expect(geoContains(countyNamed('Požeško-slavonska županija'), [17.675, 45.34])).toBe(true);
    expect(geoContains(countyNamed('Brodsko-posavska županija'), [18.016, 45.16])).toBe(true);
    expect(geoContains(countyNamed('Grad Zagreb'), [15.977, 45.813])).toBe(true);
    expect(geoContains(countyNamed('Istarska županija'), [13.85, 44.87])).toBe(true);
  });
});

describe('scripts/build-map-data.ts', () => {
  let admin1: ReturnType<typeof readAdmin1>;
  beforeAll(() => {
    admin1 = readAdmin1();
  });

  it('produces exactly the committed file', () => {
    expect(serializeCounties(buildCroatiaCounties(admin1))).toBe(readFileSync(OUTPUT_PATH, 'utf8'));
  });

  it('simplifies shared borders identically for both neighbours, leaving no gaps', () => {
    // How many rings each point lies on, before and after simplification.
    const ringsPerPoint = (rings: Position[][]) => {
      const counts = new Map<string, number>();
      for (const ring of rings) {
        for (const point of new Set(ring.map((p) => `${p[0]},${p[1]}`))) {
          counts.set(point, (counts.get(point) ?? 0) + 1);
        }
      }
      return counts;
    };
    const before = ringsPerPoint(roundedCountyRings(admin1).flat(2));
    const after = ringsPerPoint(
      committed.flatMap((feature) =>
        feature.geometry.type === 'Polygon'
          ? feature.geometry.coordinates
          : feature.geometry.coordinates.flat(),
      ),
    );
    // Simplification only drops points; it never moves one off the source border.
    expect([...after.keys()].filter((point) => !before.has(point))).toEqual([]);
    let sharedPoints = 0;
    for (const [point, rings] of before) {
      if (rings < 2) continue;
      sharedPoints += 1;
      // A border point is kept on every ring along that border, or dropped from all of them.
      expect([0, rings]).toContain(after.get(point) ?? 0);
    }
    expect(sharedPoints).toBeGreaterThan(1000);
    expect(after.size).toBeLessThan(before.size * 0.75);
  });

  it('fails loudly when a county is missing', () => {
    const withoutIstria = {
      features: admin1.features.filter((feature) => feature.properties.fips !== 'HR04'),
    };
    expect(() => buildCroatiaCounties(withoutIstria)).toThrow(/missing.*HR04/);
  });

  it('fails loudly when a county appears twice', () => {
    const zagreb = admin1.features.find((feature) => feature.properties.fips === 'HR21');
    if (!zagreb) throw new Error('Grad Zagreb is not in the source data');
    expect(() => buildCroatiaCounties({ features: [...admin1.features, zagreb] })).toThrow(
      /Two features for FIPS HR21/,
    );
  });

  it('fails loudly when a feature is not the county its code says', () => {
    const renamed = admin1.features.map((feature) =>
      feature.properties.fips === 'HR19'
        ? { ...feature, properties: { ...feature.properties, name: 'Istarska' } }
        : feature,
    );
    expect(() => buildCroatiaCounties({ features: renamed })).toThrow(/HR19 is named 'Istarska'/);
  });

  it('knows all 21 county codes', () => {
    expect(Object.keys(COUNTIES)).toHaveLength(21);
  });
});

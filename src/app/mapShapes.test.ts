import { describe, expect, it } from 'vitest';
import { croatiaCounties } from '../data/croatiaMap.ts';
import { regions } from '../data/regions.ts';
import { MAP_HEIGHT, MAP_WIDTH, projectCroatia } from './mapShapes.ts';

/** Every number of every path, as x,y pairs. */
function points(d: string): [number, number][] {
  const numbers = (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
  const pairs: [number, number][] = [];
  for (let i = 0; i + 1 < numbers.length; i += 2)
    pairs.push([numbers[i] ?? 0, numbers[i + 1] ?? 0]);
  return pairs;
}

describe('projectCroatia (SPEC 9: Mercator, scale 5800, centre 16.5 E 44.5 N, 800x600)', () => {
  const shapes = projectCroatia();

  it('draws the five regions in order, every county once', () => {
    expect(shapes.width).toBe(800);
    expect(shapes.height).toBe(600);
    expect(shapes.regions.map((region) => region.regionId)).toEqual(
      regions.map((region) => region.regionId),
    );
    const drawn = shapes.regions.flatMap((region) => region.counties.map((c) => c.county));
    expect(drawn.sort()).toEqual(croatiaCounties.map((c) => c.properties.county).sort());
  });

  it('keeps every point and label inside the 800x600 box', () => {
    for (const region of shapes.regions) {
      for (const county of region.counties) {
        expect(county.d).toMatch(/^M/);
        for (const [x, y] of points(county.d)) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(MAP_WIDTH);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(y).toBeLessThanOrEqual(MAP_HEIGHT);
        }
      }
      expect(region.label.x).toBeGreaterThan(0);
      expect(region.label.x).toBeLessThan(MAP_WIDTH);
      expect(region.label.y).toBeGreaterThan(0);
      expect(region.label.y).toBeLessThan(MAP_HEIGHT);
    }
  });

  it('puts Zagreb north-west of Dubrovnik, as on any map of Croatia', () => {
    const find = (name: RegExp) =>
      shapes.regions.flatMap((region) => region.counties).find((c) => name.test(c.county));
    const zagreb = points(find(/Zagreb/)?.d ?? '')[0] ?? [0, 0];
    const dubrovnik = points(find(/Dubrova/)?.d ?? '')[0] ?? [0, 0];
    expect(zagreb[0]).toBeLessThan(dubrovnik[0]);
    expect(zagreb[1]).toBeLessThan(dubrovnik[1]);
  });
});

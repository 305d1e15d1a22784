import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { simplifyRings } from './simplify-rings.ts';

// Two fields side by side; their common border x = 1 wiggles by less than the tolerance.
const border: Position[] = [
  [1, 0],
  [1.0004, 0.2],
  [0.9997, 0.4],
  [1.0002, 0.6],
  [0.9996, 0.8],
  [1, 1],
];
const left: Position[] = [[0, 0], [0, 1], ...[...border].reverse(), [0.5, -0.0003], [0, 0]];
const right: Position[] = [...border, [2, 1], [1.9998, 0.5], [2, 0], [1, 0]];

/** A closed ring started at its first vertex in x-then-y order: rings may come back rotated. */
function fromSmallest(ring: Position[]): Position[] {
  const open = ring.slice(0, -1);
  const start = open.reduce((best, p, i) => {
    const b = open[best] as Position;
    return (p[0] as number) < (b[0] as number) ||
      (p[0] === b[0] && (p[1] as number) < (b[1] as number))
      ? i
      : best;
  }, 0);
  const rotated = [...open.slice(start), ...open.slice(0, start)];
  return [...rotated, rotated[0] as Position];
}

describe('simplifyRings', () => {
  it('simplifies a common border once, the same way for both neighbours', () => {
    const [simpleLeft, simpleRight] = simplifyRings([left, right], 0.001).map(fromSmallest);
    expect(simpleLeft).toEqual([
      [0, 0],
      [0, 1],
      [1, 1],
      [1, 0],
      [0, 0],
    ]);
    expect(simpleRight).toEqual([
      [1, 0],
      [1, 1],
      [2, 1],
      [2, 0],
      [1, 0],
    ]);
  });

  it('keeps detail larger than the tolerance', () => {
    const [simpleLeft] = simplifyRings([left, right], 0.0001);
    expect(fromSmallest(simpleLeft as Position[])).toEqual(fromSmallest(left));
  });

  it('simplifies a ring without neighbours from its smallest point', () => {
    const island: Position[] = [
      [5, 5],
      [5.5, 5.0002],
      [6, 5],
      [6, 6],
      [5, 6],
      [5, 5],
    ];
    const [simple] = simplifyRings([island], 0.001);
    expect(fromSmallest(simple as Position[])).toEqual([
      [5, 5],
      [6, 5],
      [6, 6],
      [5, 6],
      [5, 5],
    ]);
  });
});

/**
 * Douglas–Peucker simplification of polygon rings that share borders, without opening gaps or
 * overlaps between neighbours (the idea behind TopoJSON): rings are cut into arcs at the points
 * where borders meet, each arc is simplified once in a canonical direction, and every ring that
 * runs along the arc gets the same result. Points must already be rounded, so that a point two
 * rings share has identical coordinates in both.
 */
import type { Position } from 'geojson';

const key = (point: Position) => `${point[0]},${point[1]}`;

/** Distance from p to the segment a–b, in coordinate units. */
function distanceToSegment(p: Position, a: Position, b: Position): number {
  const [px, py] = p as [number, number];
  const [ax, ay] = a as [number, number];
  const [bx, by] = b as [number, number];
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0
      ? 0
      : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function douglasPeucker(points: Position[], tolerance: number): Position[] {
  if (points.length <= 2) return points;
  const first = points[0] as Position;
  const last = points.at(-1) as Position;
  let farthest = 0;
  let farthestIndex = 0;
  for (let i = 1; i < points.length - 1; i += 1) {
    const distance = distanceToSegment(points[i] as Position, first, last);
    if (distance > farthest) {
      farthest = distance;
      farthestIndex = i;
    }
  }
  if (farthest <= tolerance) return [first, last];
  const left = douglasPeucker(points.slice(0, farthestIndex + 1), tolerance);
  const right = douglasPeucker(points.slice(farthestIndex), tolerance);
  return [...left.slice(0, -1), ...right];
}

/** Ring vertices without the closing repeat of the first one. */
const openRing = (ring: Position[]) => ring.slice(0, -1);

/**
 * The points where an arc must end: where three or more borders meet, or where a border leaves
 * the coast. Such a point has different neighbours in the rings that pass through it.
 */
function junctions(rings: Position[][]): Set<string> {
  const neighbourPairs = new Map<string, Set<string>>();
  for (const ring of rings) {
    const vertices = openRing(ring);
    vertices.forEach((point, i) => {
      const previous = key(vertices[(i - 1 + vertices.length) % vertices.length] as Position);
      const next = key(vertices[(i + 1) % vertices.length] as Position);
      const pair = [previous, next].sort().join('|');
      const pairs = neighbourPairs.get(key(point)) ?? new Set<string>();
      pairs.add(pair);
      neighbourPairs.set(key(point), pairs);
    });
  }
  return new Set([...neighbourPairs].filter(([, pairs]) => pairs.size > 1).map(([k]) => k));
}

export function simplifyRings(rings: Position[][], tolerance: number): Position[][] {
  const fixed = junctions(rings);
  const simplifiedArcs = new Map<string, Position[]>();

  const simplifyArc = (arc: Position[]): Position[] => {
    const forward = arc.map(key).join(';');
    const backward = arc.map(key).reverse().join(';');
    const reversed = backward < forward;
    const canonical = reversed ? backward : forward;
    let simplified = simplifiedArcs.get(canonical);
    if (!simplified) {
      simplified = douglasPeucker(reversed ? [...arc].reverse() : arc, tolerance);
      simplifiedArcs.set(canonical, simplified);
    }
    return reversed ? [...simplified].reverse() : simplified;
  };

  return rings.map((ring) => {
    const vertices = openRing(ring);
    let cuts = vertices.flatMap((point, i) => (fixed.has(key(point)) ? [i] : []));
    if (cuts.length === 0) {
      // A ring without junctions (an island, or a border shared whole with one neighbour):
      // cut it at its smallest point and the vertex farthest from it, which every ring along
      // the same border finds too.
      const start = vertices.reduce(
        (best, point, i) => (key(point) < key(vertices[best] as Position) ? i : best),
        0,
      );
      const origin = vertices[start] as Position;
      const far = vertices.reduce(
        (best, point, i) =>
          Math.hypot(
            (point[0] as number) - (origin[0] as number),
            (point[1] as number) - (origin[1] as number),
          ) >
          Math.hypot(
            (vertices[best]?.[0] as number) - (origin[0] as number),
            (vertices[best]?.[1] as number) - (origin[1] as number),
          )
            ? i
            : best,
        start,
      );
      cuts = [start, far].sort((a, b) => a - b);
    }
    const result: Position[] = [];
    cuts.forEach((cut, index) => {
      const nextCut = cuts[(index + 1) % cuts.length] as number;
      const arc: Position[] = [];
      for (let i = cut; ; i = (i + 1) % vertices.length) {
        arc.push(vertices[i] as Position);
        if (arc.length > 1 && i === nextCut) break;
      }
      result.push(...simplifyArc(arc).slice(0, -1));
    });
    result.push(result[0] as Position);
    return result;
  });
}

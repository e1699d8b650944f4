import { haversineKm } from '../great-circle';
import { CHOKEPOINTS, type ChokepointPassage, type LngLat, type RouteLeg } from '../route-plan';
import { type Box, CHOKEPOINT_AREAS } from './chokepoints';

/** A route passes a chokepoint when it comes this close to the chokepoint's area (contract §19). */
export const PASSAGE_DISTANCE_KM = 50;

/** Lines are measured every this many km, so a long straight segment cannot step over a strait. */
const SAMPLE_STEP_KM = 5;

/** Distance in km from a point to a box (0 inside), measured to the box's nearest point. */
function kmToBox([lng, lat]: LngLat, [west, south, east, north]: Box): number {
  // Longitudes may be unwrapped (a route past 180°): compare on the box's side of the world.
  const shifted = lng + 360 * Math.round(((west + east) / 2 - lng) / 360);
  const nearest: LngLat = [Math.min(east, Math.max(west, shifted)), Math.min(north, Math.max(south, lat))];
  return haversineKm([shifted, lat], nearest);
}

/**
 * The chokepoints of `route.avoid`'s vocabulary that the legs pass within PASSAGE_DISTANCE_KM, in the
 * order travelled: where along each leg the route comes closest (the middle of its stretch inside
 * the area, for a canal the line runs through).
 */
export function findPassages(legs: readonly RouteLeg[]): ChokepointPassage[] {
  const passages: ChokepointPassage[] = [];
  legs.forEach((leg, legIndex) => {
    const points = densify(leg.coordinates);
    const total = points.at(-1)?.km ?? 0;
    for (const chokepoint of CHOKEPOINTS) {
      const area = CHOKEPOINT_AREAS[chokepoint];
      let best: { km: number; distance: number; at: LngLat } | null = null;
      let insideFrom = -1;
      let insideTo = -1;
      points.forEach((p, i) => {
        const distance = Math.min(...area.boxes.map((box) => kmToBox(p.at, box)));
        if (distance === 0) {
          if (insideFrom < 0) insideFrom = i;
          insideTo = i;
        }
        if (!best || distance < best.distance) best = { km: p.km, distance, at: p.at };
      });
      const closest = best as { km: number; distance: number; at: LngLat } | null;
      if (!closest || closest.distance > PASSAGE_DISTANCE_KM) continue;
      const spot = insideFrom >= 0 ? points[Math.round((insideFrom + insideTo) / 2)] : { km: closest.km, at: closest.at };
      passages.push({
        chokepoint,
        name: area.name,
        leg: legIndex,
        fraction: total > 0 ? spot.km / total : 0,
        lng: spot.at[0],
        lat: spot.at[1],
      });
    }
  });
  return passages.sort((a, b) => a.leg - b.leg || a.fraction - b.fraction);
}

/** The line's points at most SAMPLE_STEP_KM apart, each with its distance from the start. */
function densify(coordinates: readonly LngLat[]): Array<{ at: LngLat; km: number }> {
  const out: Array<{ at: LngLat; km: number }> = [];
  let km = 0;
  coordinates.forEach((point, i) => {
    if (i === 0) {
      out.push({ at: point, km: 0 });
      return;
    }
    const previous = coordinates[i - 1];
    const length = haversineKm(previous, point);
    const steps = Math.max(1, Math.ceil(length / SAMPLE_STEP_KM));
    for (let s = 1; s <= steps; s++) {
      const t = s / steps;
      out.push({ at: [previous[0] + (point[0] - previous[0]) * t, previous[1] + (point[1] - previous[1]) * t], km: km + length * t });
    }
    km += length;
  });
  return out;
}

/**
 * Capes a detour rounds, to name it ("+6,480 km via the Cape"): areas a route crosses when it goes
 * round a continent rather than through a canal. Not passages one can avoid.
 */
const DETOUR_AREAS: ReadonlyArray<{ name: string; boxes: readonly Box[] }> = [
  // South of Africa, from the Cape of Good Hope to Cape Agulhas and the water below them.
  { name: 'the Cape', boxes: [[16.0, -45.0, 24.0, -33.5]] },
  { name: 'Cape Horn', boxes: CHOKEPOINT_AREAS['cape-horn'].boxes },
  // The Strait of Magellan, the way round South America north of the Horn.
  { name: 'the Strait of Magellan', boxes: [[-75.0, -54.5, -68.0, -52.0]] },
];

/** The capes (DETOUR_AREAS) the legs pass within PASSAGE_DISTANCE_KM, in the order of DETOUR_AREAS. */
export function detoursRounded(legs: readonly RouteLeg[]): string[] {
  const points = legs.flatMap((leg) => densify(leg.coordinates).map((p) => p.at));
  return DETOUR_AREAS.filter((area) =>
    points.some((p) => Math.min(...area.boxes.map((box) => kmToBox(p, box))) <= PASSAGE_DISTANCE_KM),
  ).map((area) => area.name);
}

import type { RoadProfileId } from './road-router';

/**
 * The car and truck profiles (contract §3, §24): which `highway=*` ways each may drive, and at what speed,
 * by road class. Speeds are typical travel speeds (not limits) in km/h, close to OSRM's car profile; a truck
 * keeps to its own lower speeds and off tracks, living streets and ways closed to heavy goods vehicles.
 */
const CLASS_SPEEDS_KMH: Record<string, { car: number; truck: number }> = {
  motorway: { car: 110, truck: 85 },
  motorway_link: { car: 60, truck: 50 },
  trunk: { car: 90, truck: 75 },
  trunk_link: { car: 50, truck: 40 },
  primary: { car: 70, truck: 60 },
  primary_link: { car: 40, truck: 35 },
  secondary: { car: 60, truck: 50 },
  secondary_link: { car: 40, truck: 30 },
  tertiary: { car: 50, truck: 40 },
  tertiary_link: { car: 35, truck: 30 },
  unclassified: { car: 40, truck: 30 },
  road: { car: 40, truck: 30 },
  residential: { car: 30, truck: 20 },
  service: { car: 15, truck: 10 },
  living_street: { car: 10, truck: 0 },
  track: { car: 10, truck: 0 },
};

/** The fastest any profile goes: A*'s estimate of the time left divides the distance left by it. */
export const PROFILE_TOP_SPEED_KMH: Record<RoadProfileId, number> = {
  car: Math.max(...Object.values(CLASS_SPEEDS_KMH).map((s) => s.car), 130),
  truck: Math.max(...Object.values(CLASS_SPEEDS_KMH).map((s) => s.truck)),
};

const CLOSED = new Set(['no', 'private', 'agricultural', 'forestry', 'delivery_no']);

/**
 * The speed (km/h) each profile drives a way with these tags at; 0 where it may not. A numeric `maxspeed`
 * (km/h, or `mph`) lowers a class speed and lifts it up to the profile's top speed for the class's road;
 * a truck never goes faster than its class speed.
 */
export function wayProfileSpeeds(tags: Record<string, string | undefined>): { car: number; truck: number } {
  const classSpeeds = tags.highway ? CLASS_SPEEDS_KMH[tags.highway] : undefined;
  if (!classSpeeds || tags.area === 'yes') return { car: 0, truck: 0 };
  const closedToAll = CLOSED.has(tags.access ?? '') || CLOSED.has(tags.vehicle ?? '') || CLOSED.has(tags.motor_vehicle ?? '');
  const openedToMotor = tags.motor_vehicle === 'yes' || tags.motorcar === 'yes';
  let car = closedToAll && !openedToMotor ? 0 : classSpeeds.car;
  if (CLOSED.has(tags.motorcar ?? '')) car = 0;
  let truck = (closedToAll && tags.hgv !== 'yes') || CLOSED.has(tags.hgv ?? '') ? 0 : classSpeeds.truck;
  const limit = parseMaxSpeed(tags.maxspeed);
  if (limit !== undefined) {
    if (car > 0) car = Math.min(limit, PROFILE_TOP_SPEED_KMH.car);
    if (truck > 0) truck = Math.min(truck, limit);
  }
  return { car, truck };
}

/** `maxspeed=50` → 50, `30 mph` → 48; anything else (`signals`, `none`, `PT:urban`) → undefined. */
export function parseMaxSpeed(value: string | undefined): number | undefined {
  const match = value ? /^\s*(\d+(?:\.\d+)?)\s*(mph)?\s*$/.exec(value) : null;
  if (!match) return undefined;
  const kmh = Number(match[1]) * (match[2] ? 1.609344 : 1);
  return kmh >= 5 ? kmh : undefined;
}

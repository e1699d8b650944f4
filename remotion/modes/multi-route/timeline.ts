/**
 * multi_route's time: a title card (when there is a title), then the routes' window. Route i
 * leaves at `routes_start_at + i * stagger`; all routes are drawn at one common cruising speed,
 * fast enough that every route arrives by the window's end, so on a shared lane (eight ships
 * through Malacca) the tips travel together and split where the lanes do, and the nearer
 * destinations are reached first. Each route accelerates and brakes with half-cosine ramps of
 * the same length, so its speed never jumps. Pure; all results in frames and seconds.
 */
import { clamp } from '../../lib/time/easing';
import type { Span, Timeline } from '../../lib/time/timeline';

export interface MultiRouteTimelineInput {
  fps: number;
  durationInFrames: number;
  hasTitle: boolean;
  /** Length of each route (km, or anything proportional; 0 = a route that goes nowhere). */
  routeLengths: number[];
  /** Seconds: when the first route leaves, how long until the last one arrives, and between departures. */
  routesStartAt: number;
  routesDuration: number;
  stagger: number;
}

/** How one route draws itself: it leaves at `start`, arrives `duration` seconds later. */
export interface RouteMotion {
  /** Seconds from the start of the video. */
  start: number;
  duration: number;
  /** Seconds spent speeding up and slowing down (the ramps); together at most `duration`. */
  accelerate: number;
  brake: number;
}

export interface MultiRouteTimeline extends Timeline {
  /** Per route, in seconds (exact); `legs[i]` is the same span in whole frames. */
  motions: RouteMotion[];
  /** Frame at which each destination is reached (= `legs[i].end`). */
  arrivals: number[];
}

/** Shortest time a route takes to draw, so a very short one is still seen drawing. */
const MIN_DRAW_SECONDS = 0.8;

export function planMultiRouteTimeline(input: MultiRouteTimelineInput): MultiRouteTimeline {
  const { fps, durationInFrames } = input;
  const total = durationInFrames / fps;
  const count = input.routeLengths.length;

  // The title card as route_animation shows it; the routes leave once it has gone.
  const titleSeconds = input.hasTitle ? clamp(total * 0.2, 1.2, 2.6) : 0;
  // A closing moment in which the last labels fade in and can be read, whatever the window asks.
  const hold = clamp(total * 0.12, 0.6, 2);
  const latestEnd = Math.max(titleSeconds + 0.5, total - hold);
  const end = clamp(input.routesStartAt + Math.max(0, input.routesDuration), 0, latestEnd);
  const minDraw = Math.min(MIN_DRAW_SECONDS, Math.max(0.2, (latestEnd - titleSeconds) / 2));
  const start = clamp(Math.max(input.routesStartAt, titleSeconds), 0, Math.max(0, end - minDraw));
  const window = Math.max(0.2, end - start);

  // Departures as asked, squeezed only if the last one would leave too late to be seen drawing.
  const stagger = count > 1 ? clamp(input.stagger, 0, Math.max(0, window - minDraw) / (count - 1)) : 0;
  const departures = input.routeLengths.map((_, i) => start + i * stagger);
  const windows = departures.map((d) => Math.max(0.2, start + window - d));

  // The same ramps for every route, so tips on a shared lane stay together.
  const shortestWindow = Math.min(...windows, window);
  const ramps = Math.min(1.5, window * 0.25, shortestWindow);
  const accelerate = ramps * 0.45;
  const brake = ramps * 0.55;
  // Distance covered while ramping equals half the ramps at cruising speed (half-cosine ramps).
  const rampTime = (accelerate + brake) / 2;
  const lengths = input.routeLengths.map((l) => (Number.isFinite(l) && l > 0 ? l : 0));
  const speed = Math.max(0, ...lengths.map((l, i) => l / Math.max(1e-9, windows[i] - rampTime)));

  const motions = lengths.map((length, i): RouteMotion => {
    const travel = speed > 0 ? length / speed + rampTime : 0;
    const duration = Math.min(windows[i], Math.max(travel, accelerate + brake, Math.min(minDraw, windows[i])));
    return { start: departures[i], duration, accelerate: Math.min(accelerate, duration / 2), brake: Math.min(brake, duration / 2) };
  });

  const toFrame = (s: number) => clamp(Math.round(s * fps), 0, durationInFrames);
  const legs: Span[] = motions.map((m) => ({ start: toFrame(m.start), end: toFrame(m.start + m.duration) }));
  const arrivals = legs.map((l) => l.end);
  const firstStart = legs.length ? Math.min(...legs.map((l) => l.start)) : toFrame(start);
  const lastEnd = legs.length ? Math.max(...arrivals) : toFrame(start);
  return {
    fps,
    durationInFrames,
    title: { start: 0, end: toFrame(titleSeconds) },
    intro: { start: 0, end: firstStart },
    legs,
    // No pauses on destinations: the spans are empty, one per point as the Timeline type has them.
    dwells: [{ start: firstStart, end: firstStart }, ...arrivals.map((a) => ({ start: a, end: a }))],
    // Nor camera holds: the camera frames the whole network.
    holds: [{ start: firstStart, end: firstStart }, ...arrivals.map((a) => ({ start: a, end: a }))],
    outro: { start: lastEnd, end: durationInFrames },
    motions,
    arrivals,
  };
}

/**
 * How much of a route is drawn (0–1) at `seconds` into the video: speeding up over `accelerate`,
 * cruising, slowing down over `brake`. Speed and acceleration start and end at zero.
 */
export function routeFraction(motion: RouteMotion, seconds: number): number {
  const t = seconds - motion.start;
  const { duration, accelerate: a, brake: b } = motion;
  if (t <= 0) return 0;
  if (t >= duration) return 1;
  const cruise = 1 / Math.max(1e-9, duration - (a + b) / 2); // fraction per second at full speed
  if (t < a) return cruise * (t / 2 - (a / (2 * Math.PI)) * Math.sin((Math.PI * t) / a));
  const left = duration - t;
  if (left < b) return 1 - cruise * (left / 2 - (b / (2 * Math.PI)) * Math.sin((Math.PI * left) / b));
  return cruise * (a / 2 + (t - a));
}

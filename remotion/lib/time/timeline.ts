/**
 * How a video's time is split: an opening shot (longer when a title card is shown), the legs
 * (time proportional to length, with a minimum so a short leg is still visible), pauses on
 * waypoints with a `dwell` followed by the camera's `hold` on them, and a closing shot of the
 * whole route. All in frames.
 */
import { clamp, cruise } from './easing';
import { pacedFraction, type PaceTable, timeShareAt } from './pace';

export interface TimelineInput {
  fps: number;
  durationInFrames: number;
  hasTitle: boolean;
  /** Relative length of each leg (km, or anything proportional). */
  legLengths: number[];
  /** Requested pause in seconds on each waypoint (legs + 1 entries). */
  dwellSeconds: number[];
  /** Seconds the camera holds still on each waypoint after its pause (legs + 1 entries; missing = none). */
  holdSeconds?: number[];
  /** Each leg's slow zones (lib/time/pace.ts); missing = an even pace. */
  paces?: Array<PaceTable | null>;
  /** Seconds the opening shot holds still before the camera moves (`camera.focus_hold_seconds`), added to the opening. */
  openingHoldSeconds?: number;
}

export interface Span {
  start: number;
  end: number;
}

export interface Timeline {
  fps: number;
  durationInFrames: number;
  /** Frames of the title card (0 when no title); it fades out before `intro.end`. */
  title: Span;
  /** The opening shot, before the vehicle moves (includes the pause on the first waypoint). */
  intro: Span;
  /** Travel time of each leg. */
  legs: Span[];
  /** Pause on each waypoint after it is reached (index = waypoint); empty span = no pause. */
  dwells: Span[];
  /**
   * The camera's hold on each waypoint (index = waypoint), right after its pause: the vehicle
   * waits and the camera stands still. On the first waypoint it follows the opening shot, on the
   * last one it comes before the closing shot. Empty span = no hold.
   */
  holds: Span[];
  /** The closing shot of the whole route (includes the pause on the last waypoint). */
  outro: Span;
  /** Each leg's pace (lib/time/pace.ts): null or missing = even (after the cruise curve's ramps). */
  paces?: Array<PaceTable | null>;
}

const MIN_LEG_SECONDS = 0.7;

export function planTimeline(input: TimelineInput): Timeline {
  const { fps, durationInFrames } = input;
  const total = durationInFrames / fps;
  const legCount = input.legLengths.length;

  const titleSeconds = input.hasTitle ? clamp(total * 0.2, 1.2, 2.6) : 0;
  let intro = input.hasTitle ? titleSeconds + 0.3 : clamp(total * 0.07, 0.4, 1.0);
  let outro = clamp(total * 0.12, 0.8, 2.5);
  const requestedDwell = input.dwellSeconds.map((d, i) => (i === 0 || i === legCount ? 0 : Math.max(0, d)));
  // The first and last waypoints' pauses lengthen the opening and closing shots.
  intro += Math.max(0, input.dwellSeconds[0] ?? 0) + Math.max(0, input.openingHoldSeconds ?? 0);
  outro += Math.max(0, input.dwellSeconds[legCount] ?? 0);
  let dwell = requestedDwell;
  // Without a leg there is no vehicle to wait for: nothing to hold on.
  let hold = Array.from({ length: legCount + 1 }, (_, i) => (legCount > 0 ? Math.max(0, input.holdSeconds?.[i] ?? 0) : 0));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  // At least 45% of the video is travel: squeeze the fixed parts proportionally if needed.
  const fixed = intro + outro + sum(dwell) + sum(hold);
  const maxFixed = total * 0.55;
  if (fixed > maxFixed && fixed > 0) {
    const k = maxFixed / fixed;
    intro *= k;
    outro *= k;
    dwell = dwell.map((d) => d * k);
    hold = hold.map((d) => d * k);
  }
  const travel = Math.max(0, total - intro - outro - sum(dwell) - sum(hold));
  const legSeconds = splitProportionally(travel, input.legLengths, Math.min(travel / Math.max(1, legCount), MIN_LEG_SECONDS));

  // Lay out seconds, then round every boundary once so spans tile the video exactly.
  const toFrame = (s: number) => clamp(Math.round(s * fps), 0, durationInFrames);
  let t = 0;
  const titleSpan = { start: 0, end: toFrame(Math.min(titleSeconds, intro)) };
  t += intro;
  const introSpan = { start: 0, end: toFrame(t) };
  const legs: Span[] = [];
  const dwells: Span[] = [{ start: introSpan.end, end: introSpan.end }];
  const holds: Span[] = [];
  const holdFrom = (i: number) => {
    const start = toFrame(t);
    t += hold[i] ?? 0;
    holds.push({ start, end: toFrame(t) });
  };
  holdFrom(0);
  for (let i = 0; i < legCount; i++) {
    const start = toFrame(t);
    t += legSeconds[i];
    legs.push({ start, end: toFrame(t) });
    const dwellStart = toFrame(t);
    if (i < legCount - 1) t += dwell[i + 1];
    dwells.push({ start: dwellStart, end: toFrame(t) });
    holdFrom(i + 1);
  }
  const outroSpan = { start: toFrame(t), end: durationInFrames };
  const paces = legs.map((_, i) => input.paces?.[i] ?? null);
  return { fps, durationInFrames, title: titleSpan, intro: introSpan, legs, dwells, holds, outro: outroSpan, paces };
}

/**
 * Splits `total` in proportion to `weights`, giving every part at least `minimum`
 * (parts that would get less are fixed at the minimum and the rest re-split).
 */
export function splitProportionally(total: number, weights: number[], minimum: number): number[] {
  const n = weights.length;
  if (n === 0) return [];
  const w = weights.map((x) => (Number.isFinite(x) && x > 0 ? x : 0));
  if (w.every((x) => x === 0)) return w.map(() => total / n);
  const fixedAtMinimum = new Array<boolean>(n).fill(false);
  for (;;) {
    const free = total - minimum * fixedAtMinimum.filter(Boolean).length;
    const freeWeight = w.reduce((sum, x, i) => (fixedAtMinimum[i] ? sum : sum + x), 0);
    const shares = w.map((x, i) => (fixedAtMinimum[i] ? minimum : freeWeight > 0 ? (free * x) / freeWeight : free / n));
    const under = shares.findIndex((s, i) => !fixedAtMinimum[i] && s < minimum - 1e-9);
    if (under < 0) return shares;
    fixedAtMinimum[under] = true;
  }
}

/** The leg being travelled at `frame` and how far along it (0–1, linear in time); null outside legs. */
export function legAt(timeline: Timeline, frame: number): { leg: number; t: number } | null {
  for (let i = 0; i < timeline.legs.length; i++) {
    const { start, end } = timeline.legs[i];
    if (frame >= start && frame < end) return { leg: i, t: end > start ? (frame - start) / (end - start) : 1 };
  }
  return null;
}

/** The share of leg `leg`'s length covered at `t` (0–1 of its travel time): the cruise curve, then the leg's pace. */
export function legFraction(timeline: Pick<Timeline, 'paces'>, leg: number, t: number): number {
  return pacedFraction(timeline.paces?.[leg], cruise(t));
}

/** The frame (fractional) at which the vehicle has covered `fraction` of leg `leg`. */
export function frameAtLegFraction(timeline: Timeline, leg: number, fraction: number): number {
  const span = timeline.legs[leg];
  if (!span) return 0;
  const wanted = timeShareAt(timeline.paces?.[leg], fraction);
  // cruise() is increasing: bisect for the time share it maps to `wanted`.
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < 40; k++) {
    const mid = (lo + hi) / 2;
    if (cruise(mid) < wanted) lo = mid;
    else hi = mid;
  }
  return span.start + ((lo + hi) / 2) * (span.end - span.start);
}

import { planMultiRouteTimeline, routeFraction } from './timeline';

describe('planMultiRouteTimeline', () => {
  // Shanghai to Rotterdam, Los Angeles, Singapore, Sydney (km).
  const lengths = [19650, 10977, 4101, 8611];
  const base = { fps: 30, durationInFrames: 300, hasTitle: false, routeLengths: lengths, routesStartAt: 0, routesDuration: 10, stagger: 0 };

  it('starts route i at routes_start_at + i × stagger and ends every route by the end of the window', () => {
    const t = planMultiRouteTimeline({ ...base, routesStartAt: 1, routesDuration: 7, stagger: 0.5 });
    t.motions.forEach((m, i) => {
      expect(m.start).toBeCloseTo(1 + i * 0.5, 9);
      expect(m.start + m.duration).toBeLessThanOrEqual(8 + 1e-9);
    });
    expect(t.legs.map((l) => l.start)).toEqual([30, 45, 60, 75]);
    // The route that needs the whole window (here the longest, leaving first) takes all of it.
    expect(Math.max(...t.motions.map((m) => m.start + m.duration))).toBeCloseTo(8, 9);
  });

  it('draws every route at one cruising speed, so nearer destinations are reached first and tips on a shared lane travel together', () => {
    const t = planMultiRouteTimeline(base);
    const order = [...t.arrivals.keys()].sort((a, b) => t.arrivals[a] - t.arrivals[b]);
    expect(order).toEqual([2, 3, 1, 0]);
    // Mid-way for both (accelerated, not yet braking): the same kilometres from Shanghai.
    const seconds = 2;
    const km = lengths.map((l, i) => l * routeFraction(t.motions[i], seconds));
    expect(km[0]).toBeCloseTo(km[1], 6);
    expect(km[0]).toBeCloseTo(km[3], 6);
  });

  it('leaves a closing moment to read the last labels, even when the window asks for the whole video', () => {
    const t = planMultiRouteTimeline(base);
    const lastArrival = Math.max(...t.arrivals);
    expect(300 - lastArrival).toBeGreaterThanOrEqual(0.6 * 30);
    expect(t.outro).toEqual({ start: lastArrival, end: 300 });
  });

  it('starts the routes after the title card', () => {
    const t = planMultiRouteTimeline({ ...base, hasTitle: true });
    expect(t.title.end).toBeGreaterThan(0);
    for (const leg of t.legs) expect(leg.start).toBeGreaterThanOrEqual(t.title.end);
    expect(t.intro).toEqual({ start: 0, end: t.title.end });
  });

  it('squeezes a stagger that would start the last route too late to be seen drawing', () => {
    const t = planMultiRouteTimeline({ ...base, stagger: 5 });
    const last = t.motions[t.motions.length - 1];
    expect(last.duration).toBeGreaterThanOrEqual(0.8 - 1e-9);
    expect(last.start + last.duration).toBeLessThanOrEqual(10);
    expect(t.motions[1].start - t.motions[0].start).toBeLessThan(5);
  });

  it('still draws a route of zero length (destination = origin) over a visible moment', () => {
    const t = planMultiRouteTimeline({ ...base, routeLengths: [0, 5000] });
    expect(t.motions[0].duration).toBeGreaterThanOrEqual(0.8 - 1e-9);
    expect(routeFraction(t.motions[0], t.motions[0].start + t.motions[0].duration)).toBe(1);
  });

  it('fits a 3-second video with a title', () => {
    const t = planMultiRouteTimeline({ ...base, durationInFrames: 90, hasTitle: true, routesDuration: 3 });
    for (const leg of t.legs) {
      expect(leg.start).toBeGreaterThanOrEqual(t.title.end);
      expect(leg.end).toBeGreaterThan(leg.start);
      expect(leg.end).toBeLessThanOrEqual(90);
    }
  });
});

describe('routeFraction', () => {
  const motion = { start: 1, duration: 6, accelerate: 1, brake: 1.2 };

  it('goes from 0 to 1 without going back', () => {
    let previous = -1;
    for (let s = 0; s <= 8; s += 0.01) {
      const f = routeFraction(motion, s);
      expect(f).toBeGreaterThanOrEqual(previous - 1e-12);
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThanOrEqual(1);
      previous = f;
    }
    expect(routeFraction(motion, 1)).toBe(0);
    expect(routeFraction(motion, 7)).toBe(1);
  });

  it('changes speed smoothly: no jump from one frame to the next, and none at the ends', () => {
    const dt = 1 / 60;
    const speeds: number[] = [];
    for (let s = 0; s <= 8; s += dt) speeds.push((routeFraction(motion, s + dt) - routeFraction(motion, s)) / dt);
    const cruise = Math.max(...speeds);
    for (let i = 1; i < speeds.length; i++) expect(Math.abs(speeds[i] - speeds[i - 1])).toBeLessThan(cruise * 0.06);
  });
});

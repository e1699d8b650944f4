import { planTimeline, splitProportionally } from './timeline';

describe('planTimeline', () => {
  const base = { fps: 30, durationInFrames: 300, hasTitle: false, legLengths: [5000, 6000, 400, 300], dwellSeconds: [0, 0, 0, 0, 0] };

  it('tiles the video: intro, legs, pauses and holds follow each other and the outro ends on the last frame', () => {
    for (const fps of [24, 30, 60]) {
      for (const holdSeconds of [undefined, [0.5, 1, 0, 0.4, 1.2]]) {
        const t = planTimeline({ ...base, fps, durationInFrames: fps * 12, dwellSeconds: [0, 1, 0, 2, 0], holdSeconds });
        expect(t.intro.start).toBe(0);
        expect(t.holds[0].start).toBe(t.intro.end);
        let cursor = t.holds[0].end;
        t.legs.forEach((leg, i) => {
          expect(leg.start).toBe(cursor);
          expect(leg.end).toBeGreaterThan(leg.start);
          cursor = leg.end;
          expect(t.dwells[i + 1].start).toBe(cursor);
          expect(t.holds[i + 1].start).toBe(t.dwells[i + 1].end);
          cursor = t.holds[i + 1].end;
        });
        expect(t.outro.start).toBe(cursor);
        expect(t.outro.end).toBe(fps * 12);
      }
    }
  });

  it('holds the camera on a waypoint after its pause, the first one before the vehicle leaves and the last one before the closing shot', () => {
    const long = { ...base, durationInFrames: 600 };
    const t = planTimeline({ ...long, dwellSeconds: [0, 1, 0, 0, 0], holdSeconds: [0.5, 1.5, 0, 0, 2] });
    expect(t.holds.map((h) => h.end - h.start)).toEqual([15, 45, 0, 0, 60]);
    // On New York (waypoint 1): the vehicle waits 1 s of dwell, then 1.5 s of hold, then leaves.
    expect(t.legs[1].start - t.legs[0].end).toBe(30 + 45);
    expect(t.legs[0].start - t.intro.end).toBe(15);
    expect(t.outro.start - t.legs[3].end).toBe(60);
    // The hold counts within the video: the legs share what is left.
    const travel = (x: ReturnType<typeof planTimeline>) => x.legs.reduce((sum, l) => sum + l.end - l.start, 0);
    expect(travel(planTimeline({ ...long, dwellSeconds: [0, 1, 0, 0, 0] })) - travel(t)).toBe(15 + 45 + 60);
  });

  it('is the same timeline as before holds existed when none is asked for', () => {
    const withoutHolds = planTimeline({ ...base, dwellSeconds: [0, 1, 0, 2, 0] });
    const zeroHolds = planTimeline({ ...base, dwellSeconds: [0, 1, 0, 2, 0], holdSeconds: [0, 0, 0, 0, 0] });
    expect(zeroHolds).toEqual(withoutHolds);
    expect(withoutHolds.holds.every((h) => h.start === h.end)).toBe(true);
  });

  it('gives longer legs more time, but a short leg still a visible minimum', () => {
    const t = planTimeline(base);
    const frames = t.legs.map((l) => l.end - l.start);
    expect(frames[1]).toBeGreaterThan(frames[0]);
    expect(frames[0]).toBeGreaterThan(frames[2]);
    expect(Math.min(...frames)).toBeGreaterThanOrEqual(Math.floor(0.7 * 30) - 1);
  });

  it('pauses on waypoints with a dwell, and only there', () => {
    const t = planTimeline({ ...base, dwellSeconds: [0, 1.5, 0, 0, 0] });
    expect(t.dwells[1].end - t.dwells[1].start).toBe(45);
    expect(t.dwells[2].end - t.dwells[2].start).toBe(0);
  });

  it('squeezes pauses and holds so that travel keeps most of a short video', () => {
    for (const holdSeconds of [undefined, [5, 5, 5, 5, 5]]) {
      const t = planTimeline({ ...base, durationInFrames: 90, dwellSeconds: [5, 5, 5, 5, 5], holdSeconds });
      const travel = t.legs.reduce((s, l) => s + (l.end - l.start), 0);
      expect(travel).toBeGreaterThanOrEqual(90 * 0.44);
    }
  });

  it('holds the opening shot longer when a title card is shown', () => {
    const plain = planTimeline(base);
    const titled = planTimeline({ ...base, hasTitle: true });
    expect(titled.title.end).toBeGreaterThan(0);
    expect(titled.intro.end).toBeGreaterThan(plain.intro.end);
    expect(titled.title.end).toBeLessThanOrEqual(titled.intro.end);
  });
});

describe('splitProportionally', () => {
  it('sums to the total and respects the minimum', () => {
    const parts = splitProportionally(10, [1000, 1, 1, 1], 1);
    expect(parts.reduce((a, b) => a + b, 0)).toBeCloseTo(10);
    expect(Math.min(...parts)).toBeCloseTo(1);
    expect(parts[0]).toBeCloseTo(7);
  });
});

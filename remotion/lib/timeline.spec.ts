import { planTimeline, splitProportionally } from './timeline';

describe('planTimeline', () => {
  const base = { fps: 30, durationInFrames: 300, hasTitle: false, legLengths: [5000, 6000, 400, 300], dwellSeconds: [0, 0, 0, 0, 0] };

  it('tiles the video: intro, legs and pauses follow each other and the outro ends on the last frame', () => {
    for (const fps of [24, 30, 60]) {
      const t = planTimeline({ ...base, fps, durationInFrames: fps * 12, dwellSeconds: [0, 1, 0, 2, 0] });
      expect(t.intro.start).toBe(0);
      let cursor = t.intro.end;
      t.legs.forEach((leg, i) => {
        expect(leg.start).toBe(cursor);
        expect(leg.end).toBeGreaterThan(leg.start);
        cursor = leg.end;
        expect(t.dwells[i + 1].start).toBe(cursor);
        cursor = t.dwells[i + 1].end;
      });
      expect(t.outro.start).toBe(cursor);
      expect(t.outro.end).toBe(fps * 12);
    }
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

  it('squeezes pauses so that travel keeps most of a short video', () => {
    const t = planTimeline({ ...base, durationInFrames: 90, dwellSeconds: [5, 5, 5, 5, 5] });
    const travel = t.legs.reduce((s, l) => s + (l.end - l.start), 0);
    expect(travel).toBeGreaterThanOrEqual(90 * 0.44);
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

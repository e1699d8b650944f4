import { inside, type LabelRequest, overlaps, placeLabels } from './labels';

/** Small deterministic PRNG so the test is repeatable. */
function random(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296;
    return seed / 4294967296;
  };
}

describe('placeLabels', () => {
  const bounds = { x: 36, y: 36, width: 1280 - 72, height: 720 - 72 };

  it('never overlaps two labels nor leaves the safe area, however crowded', () => {
    const rand = random(7);
    for (let round = 0; round < 50; round++) {
      const requests: LabelRequest[] = Array.from({ length: 25 }, (_, id) => ({
        id,
        anchor: { x: rand() * 1280, y: rand() * 720 },
        width: 60 + rand() * 160,
        height: 24,
        priority: Math.floor(rand() * 3),
        gap: 10,
      }));
      const placed = placeLabels(requests, bounds);
      for (const a of placed) {
        expect(inside(a, bounds)).toBe(true);
        for (const b of placed) if (a !== b) expect(overlaps(a, b)).toBe(false);
      }
    }
  });

  it('keeps labels off obstacles such as the HUD', () => {
    const hud = { x: 36, y: 600, width: 240, height: 84 };
    const placed = placeLabels([{ id: 0, anchor: { x: 100, y: 585 }, width: 120, height: 24, priority: 0, gap: 10 }], bounds, [hud]);
    expect(placed).toHaveLength(1);
    expect(overlaps(placed[0], hud)).toBe(false);
  });

  it('moves a label to the other side near the frame edge and places important labels first', () => {
    const nearRight: LabelRequest = { id: 1, anchor: { x: 1200, y: 300 }, width: 150, height: 24, priority: 0, gap: 10 };
    expect(placeLabels([nearRight], bounds)[0].side).toBe('left');

    const a: LabelRequest = { id: 1, anchor: { x: 400, y: 300 }, width: 150, height: 24, priority: 0, gap: 10 };
    const b: LabelRequest = { id: 2, anchor: { x: 405, y: 300 }, width: 150, height: 24, priority: 2, gap: 10 };
    const placed = placeLabels([a, b], bounds);
    expect(placed[0].id).toBe(2);
    expect(placed[0].side).toBe('right');
  });

  it('is deterministic', () => {
    const requests: LabelRequest[] = [
      { id: 0, anchor: { x: 300, y: 300 }, width: 100, height: 24, priority: 0, gap: 8 },
      { id: 1, anchor: { x: 320, y: 310 }, width: 100, height: 24, priority: 0, gap: 8 },
    ];
    expect(placeLabels(requests, bounds)).toEqual(placeLabels(requests, bounds));
  });
});

import { chunkedProgress, CHUNK_FRAMES_SHARE, framesIn, planChunks } from './chunk-plan';

describe('planChunks', () => {
  it('never splits without RENDER_CHUNK_FRAMES, with one slot, or when the job fits one chunk', () => {
    expect(planChunks(300, undefined, 4)).toEqual({ framesPerChunk: 300, ranges: [[0, 299]] });
    expect(planChunks(300, 60, 1)).toEqual({ framesPerChunk: 300, ranges: [[0, 299]] });
    expect(planChunks(300, 60, 1, 2)).toEqual({ framesPerChunk: 300, ranges: [[0, 299]] });
    expect(planChunks(60, 60, 4)).toEqual({ framesPerChunk: 60, ranges: [[0, 59]] });
  });

  it('makes no more chunks than alive slots: chunks grow past RENDER_CHUNK_FRAMES instead', () => {
    const plan = planChunks(300, 60, 2);
    expect(plan).toEqual({
      framesPerChunk: 150,
      ranges: [
        [0, 149],
        [150, 299],
      ],
    });
  });

  it('makes as many chunks per slot as asked (the page: four), still never shorter than RENDER_CHUNK_FRAMES', () => {
    expect(planChunks(300, 60, 2, 2).ranges).toEqual([
      [0, 74],
      [75, 149],
      [150, 224],
      [225, 299],
    ]);
    expect(planChunks(300, 100, 2, 2).ranges).toEqual([
      [0, 99],
      [100, 199],
      [200, 299],
    ]);
  });

  it('makes chunks of RENDER_CHUNK_FRAMES when there are slots enough, the last one taking the rest', () => {
    const plan = planChunks(250, 60, 8);
    expect(plan.framesPerChunk).toBe(60);
    expect(plan.ranges).toEqual([
      [0, 59],
      [60, 119],
      [120, 179],
      [180, 239],
      [240, 249],
    ]);
  });

  it('covers every frame exactly once, in order, for any sizes', () => {
    for (const frames of [1, 2, 71, 72, 73, 1350, 2700]) {
      for (const chunk of [1, 24, 36, 500]) {
        for (const slots of [1, 2, 3, 7]) {
          const { ranges } = planChunks(frames, chunk, slots);
          expect(ranges.length).toBeLessThanOrEqual(slots);
          expect(ranges[0][0]).toBe(0);
          expect(ranges[ranges.length - 1][1]).toBe(frames - 1);
          for (let i = 1; i < ranges.length; i++) expect(ranges[i][0]).toBe(ranges[i - 1][1] + 1);
          expect(ranges.reduce((sum, r) => sum + framesIn(r), 0)).toBe(frames);
        }
      }
    }
  });
});

describe('chunkedProgress', () => {
  const plan = planChunks(100, 30, 3); // chunks of 34, 34, 32

  it('is the sum of the chunks’ frames over the job’s frames, scaled to the rendering share', () => {
    expect(chunkedProgress(plan, new Map())).toBe(0);
    expect(chunkedProgress(plan, new Map([[0, 34]]))).toBeCloseTo(0.34 * CHUNK_FRAMES_SHARE, 3);
    expect(
      chunkedProgress(
        plan,
        new Map([
          [0, 10],
          [2, 15],
        ]),
      ),
    ).toBeCloseTo(0.25 * CHUNK_FRAMES_SHARE, 2);
    expect(
      chunkedProgress(
        plan,
        new Map([
          [0, 34],
          [1, 34],
          [2, 32],
        ]),
      ),
    ).toBe(CHUNK_FRAMES_SHARE);
  });

  it('never counts a chunk beyond its own frames', () => {
    expect(chunkedProgress(plan, new Map([[2, 1000]]))).toBeCloseTo(0.32 * CHUNK_FRAMES_SHARE, 3);
  });
});

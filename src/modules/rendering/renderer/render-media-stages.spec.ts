import { PhaseTimer } from '../../../common/util/phase-timer';
import { renderMediaStages } from './render-media-stages';

/** What renderMedia's onProgress reports (the fields the stages read). */
const progress = (renderedFrames: number, stitchStage: 'encoding' | 'muxing' = 'encoding') => ({ renderedFrames, stitchStage });

function setup() {
  let now = 0;
  const timer = new PhaseTimer(() => now);
  const advance = (ms: number) => void (now += ms);
  return { timer, advance };
}

describe('renderMediaStages', () => {
  it('splits a render with parallel encoding at the first frame, the last frame and the start of muxing', () => {
    const { timer, advance } = setup();
    const stages = renderMediaStages(timer, 300);
    stages.onStart({ frameCount: 300, parallelEncoding: true });
    stages.onProgress(progress(0)); // onStart's report: no frame yet
    advance(2000);
    stages.onProgress(progress(1));
    for (let frame = 2; frame <= 299; frame++) {
      advance(100);
      stages.onProgress(progress(frame));
    }
    advance(100);
    stages.onProgress(progress(300));
    advance(500); // the encoder finishing the queued frames
    stages.onProgress(progress(300, 'muxing'));
    advance(60);
    stages.end();

    expect(timer.summary()).toEqual({
      phases: {
        first_frame: { ms: 2000, count: 1 },
        frames: { ms: 29_900, count: 1 },
        encode: { ms: 500, count: 1 },
        mux: { ms: 60, count: 1 },
      },
      notes: { frames: 300, parallel_encoding: true },
    });
  });

  it('without parallel encoding, times the whole encoding after the last frame as `encode`, with no `mux`', () => {
    const { timer, advance } = setup();
    const stages = renderMediaStages(timer, 90);
    stages.onStart({ frameCount: 90, parallelEncoding: false });
    advance(1500);
    stages.onProgress(progress(1));
    advance(9000);
    stages.onProgress(progress(90));
    advance(3000);
    stages.onProgress(progress(90)); // encoding progress: still `encoding`
    advance(1000);
    stages.end();

    const { phases } = timer.summary();
    expect(phases).toEqual({
      first_frame: { ms: 1500, count: 1 },
      frames: { ms: 9000, count: 1 },
      encode: { ms: 4000, count: 1 },
    });
  });

  it('counts frames against onStart’s frame count, and never goes back to an earlier stage', () => {
    const { timer, advance } = setup();
    const stages = renderMediaStages(timer, 100); // the composition's length…
    stages.onStart({ frameCount: 50, parallelEncoding: true }); // …but 50 frames to render
    advance(10);
    stages.onProgress(progress(50));
    advance(20);
    stages.onProgress(progress(0)); // a late or reset report changes nothing
    advance(30);
    stages.end();
    // The first frame and the last came in one report: `frames` never started.
    expect(timer.summary().phases).toEqual({ first_frame: { ms: 10, count: 1 }, encode: { ms: 50, count: 1 } });
  });

  it('keeps the time of the stage a failure interrupted', () => {
    const { timer, advance } = setup();
    const stages = renderMediaStages(timer, 300);
    advance(800);
    stages.onProgress(progress(1));
    advance(4000);
    stages.end(); // renderMedia threw (cancelled) here
    expect(timer.summary().phases).toEqual({ first_frame: { ms: 800, count: 1 }, frames: { ms: 4000, count: 1 } });
  });
});

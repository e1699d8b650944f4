import type { PhaseTimer } from '../../../common/util/phase-timer';

/**
 * renderMedia's time in sequential phases, switched by what its onProgress reports (@remotion/renderer 4.0's
 * RenderMediaProgress: `renderedFrames`, `stitchStage`; onStart gives the number of frames to render):
 * - `first_frame`: from the call until the first frame is captured (the frame server, a tab opened on the
 *   bundle, the composition mounted, the first screenshot);
 * - `frames`: until the last frame is captured (`renderedFrames` reaches the count). With parallel encoding
 *   (Remotion's choice, when free memory allows: noted as `parallel_encoding`) ffmpeg encodes while the frames
 *   are captured, so most of the encoding hides here;
 * - `encode`: from the last frame until `stitchStage` turns `muxing`, or until the end when it never does: the
 *   encoder finishing the frames still queued (parallel), or the whole encoding of the frames on disk (not);
 * - `mux`: the pre-encoded stream copied into the final MP4 (with parallel encoding only).
 * A stage that was skipped (no progress report fell in it) is absent; a stage interrupted by an error or a
 * cancellation keeps its time up to the end of the call.
 */
export function renderMediaStages(timer: PhaseTimer, durationInFrames: number) {
  const order = ['first_frame', 'frames', 'encode', 'mux'] as const;
  const sequence = timer.sequence();
  let frameCount = durationInFrames;
  let reached = 0;
  sequence.enter(order[0]);
  const reach = (stage: number) => {
    if (stage <= reached) return;
    reached = stage;
    sequence.enter(order[stage]);
  };
  return {
    onStart: ({ frameCount: count, parallelEncoding }: { frameCount: number; parallelEncoding: boolean }) => {
      frameCount = count;
      timer.note('frames', count);
      timer.note('parallel_encoding', parallelEncoding);
    },
    onProgress: ({ renderedFrames, stitchStage }: { renderedFrames: number; stitchStage: 'encoding' | 'muxing' }) => {
      if (stitchStage === 'muxing') reach(3);
      else if (renderedFrames >= frameCount) reach(2);
      else if (renderedFrames >= 1) reach(1);
    },
    end: () => sequence.end(),
  };
}

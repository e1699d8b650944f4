/**
 * How a job is split into chunks (contract §18) and how their progress adds up. Pure: no I/O.
 *
 * The rule: with RENDER_CHUNK_FRAMES = C set and S worker slots alive (the sum of WORKER_CONCURRENCY over the workers
 * whose heartbeat is fresh), a job of F frames is rendered in chunks of max(C, ceil(F / (S × K))) frames, K chunks
 * per slot, and never chunks shorter than C. The last chunk takes what is left. C unset, one slot, or F ≤ C: one
 * chunk, which renders exactly as an unsplit job.
 *
 * K is what a chunk costs against what uneven frames cost. A screenshot chunk pays a browser tab, the first frame and
 * an encoder start (~2 s): K = 1, no chunk waits for a second round while a slot idles. A chunk in the page pays
 * ~0.1–0.2 s (its page is kept, its stream copied into MPEG-TS), while frames are far from even: the bench job's first
 * 90 frames (the route seen whole) draw at ~40 ms a frame, the rest at ~16 ms. With K = 4 a slot that drew light
 * chunks takes more while heavy ones are drawn: on two slots the bench job's split went from 12.6–13.4 s (K = 2, its
 * first chunk alone 9 s) to 10.5–10.6 s (IN_PAGE_CHUNKS_PER_SLOT, ADR 0029).
 */

/** Chunks per alive slot when the page renders them (see above; the screenshot path's is 1). */
export const IN_PAGE_CHUNKS_PER_SLOT = 4;

/** A chunk's frames, first and last inclusive (Remotion's frameRange). */
export type FrameRange = [number, number];

export interface ChunkPlan {
  /** Frames of every chunk but possibly the last (combineChunks' framesPerChunk). */
  framesPerChunk: number;
  ranges: FrameRange[];
}

export function planChunks(totalFrames: number, chunkFrames: number | undefined, aliveSlots: number, chunksPerSlot = 1): ChunkPlan {
  const frames = Math.max(1, Math.floor(totalFrames));
  const slots = Math.max(1, Math.floor(aliveSlots));
  if (!chunkFrames || chunkFrames < 1 || slots === 1 || frames <= chunkFrames) {
    return { framesPerChunk: frames, ranges: [[0, frames - 1]] };
  }
  const size = Math.max(Math.floor(chunkFrames), Math.ceil(frames / (slots * Math.max(1, Math.floor(chunksPerSlot)))));
  const ranges: FrameRange[] = [];
  for (let start = 0; start < frames; start += size) ranges.push([start, Math.min(frames, start + size) - 1]);
  return { framesPerChunk: size, ranges };
}

export const framesIn = ([first, last]: FrameRange): number => last - first + 1;

/** Share of a chunked job's progress that the chunks' frames fill; the join takes the rest. */
export const CHUNK_FRAMES_SHARE = 0.95;

/**
 * A chunked job's progress (0–CHUNK_FRAMES_SHARE) from the frames each chunk has rendered: their sum
 * over the job's frames. A chunk never counts more than its own frames.
 */
export function chunkedProgress(plan: ChunkPlan, framesDone: ReadonlyMap<number, number>): number {
  const total = plan.ranges.reduce((sum, range) => sum + framesIn(range), 0);
  const done = plan.ranges.reduce((sum, range, index) => sum + Math.min(framesIn(range), Math.max(0, framesDone.get(index) ?? 0)), 0);
  return Math.round((done / total) * CHUNK_FRAMES_SHARE * 1000) / 1000;
}

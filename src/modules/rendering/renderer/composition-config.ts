/**
 * What the renderer tells Remotion about the composition it renders, built from the job's props instead of asking
 * the bundle (`selectComposition`). Both compositions take their size, frame rate and length from the props
 * (remotion/Root.tsx, `fromProps`), so the answer is known without the ~0.9 s round trip through the browser that
 * selectComposition spends evaluating the bundle on every job.
 */
import type { VideoConfig } from 'remotion';
import type { MapAnimationProps } from '../../contract';

export function compositionConfig(id: string, props: MapAnimationProps): VideoConfig {
  return {
    id,
    width: props.width,
    height: props.height,
    fps: props.fps,
    durationInFrames: props.durationInFrames,
    // The props the page renders with: resolved and input props are the same (no calculateMetadata changes them).
    props: props as unknown as Record<string, unknown>,
    defaultProps: {},
    defaultCodec: null,
    defaultOutName: null,
    defaultVideoImageFormat: null,
    defaultPixelFormat: null,
    defaultProResProfile: null,
    defaultSampleRate: null,
  };
}

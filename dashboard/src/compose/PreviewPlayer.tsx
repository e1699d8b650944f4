import { Player, type PlayerRef } from '@remotion/player';
import { useEffect, useRef, useState } from 'react';
import type { MapAnimationProps } from '../../../src/modules/contract';
import { MapAnimation } from '../../../remotion/compositions/MapAnimation';
import type { RenderPreview } from '../api/types';

/**
 * The video before it is rendered: the service's own composition, drawn in the page by the Remotion
 * Player from exactly the props the worker would render (contract §15), so what plays here is what
 * the MP4 will show. The last frame is the job's thumbnail.
 */
export function PreviewPlayer({ preview }: { preview: RenderPreview }) {
  const player = useRef<PlayerRef>(null);
  const [frame, setFrame] = useState(0);
  const [playing, setPlaying] = useState(true);
  // After "First frame" / "Last frame" the frame is shown clean, as the video and its thumbnail have it:
  // the Player's own controls come back with the pointer or the Play button.
  const [clean, setClean] = useState(false);
  const { composition } = preview;
  const lastFrame = composition.duration_in_frames - 1;

  useEffect(() => {
    const current = player.current;
    if (!current) return;
    const onFrame = (event: { detail: { frame: number } }) => setFrame(event.detail.frame);
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    current.addEventListener('frameupdate', onFrame);
    current.addEventListener('seeked', onFrame);
    current.addEventListener('play', onPlay);
    current.addEventListener('pause', onPause);
    return () => {
      current.removeEventListener('frameupdate', onFrame);
      current.removeEventListener('seeked', onFrame);
      current.removeEventListener('play', onPlay);
      current.removeEventListener('pause', onPause);
    };
  }, [preview]);

  const seek = (to: number) => {
    player.current?.pause();
    player.current?.seekTo(to);
    setClean(true);
  };
  const togglePlay = () => {
    setClean(false);
    player.current?.toggle();
  };

  return (
    <div className="preview">
      <div
        className="preview-stage"
        onPointerEnter={() => setClean(false)}
        // Vertical videos keep to the screen's height.
        style={{
          aspectRatio: `${composition.width} / ${composition.height}`,
          width: `min(100%, calc(75vh * ${composition.width / composition.height}))`,
        }}
      >
        <Player
          ref={player}
          component={MapAnimation}
          inputProps={preview.props as unknown as MapAnimationProps}
          durationInFrames={composition.duration_in_frames}
          compositionWidth={composition.width}
          compositionHeight={composition.height}
          fps={composition.fps}
          controls={!clean}
          // The video has no sound: a volume slider would only be one more tab stop.
          showVolumeControls={false}
          autoPlay
          loop
          clickToPlay
          // Not the Player's own space key: with it, the Player moves focus to its play button each time playback
          // starts or stops, taking the keyboard away from the form after every Preview. Play/Pause below is a button.
          spaceKeyToPlayOrPause={false}
          style={{ width: '100%', height: '100%' }}
        />
      </div>
      <div className="row preview-tools">
        <button type="button" className="button button-secondary" onClick={togglePlay}>
          {playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" className="button button-secondary" onClick={() => seek(0)}>
          First frame
        </button>
        <button type="button" className="button button-secondary" onClick={() => seek(lastFrame)}>
          Last frame
        </button>
        <span className="hint" aria-live="off" data-testid="preview-frame">
          Frame {frame + 1} of {composition.duration_in_frames} · {composition.width}×{composition.height} at {composition.fps} fps
        </span>
      </div>
    </div>
  );
}

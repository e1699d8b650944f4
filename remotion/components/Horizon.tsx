import React from 'react';
import { focusPoint } from '../lib/camera/camera';
import { cameraAt, planeLayout, tiltOf } from '../lib/scene/frame-drawing';
import { HAZE_DEPTH_SHARE, horizonScreenY } from '../lib/camera/perspective';
import type { Scene } from '../lib/scene/scene';

/**
 * A camera tilted far enough to see past the map's far edge (contract §19: above 60°) sees the horizon:
 * a sky in the style's colours behind the map plane (`Sky`), and a haze over the far map that melts its
 * edge into the sky (`Haze`). Both follow the tilt frame by frame; neither draws while the far edge is off screen.
 */
function horizonOf(scene: Scene, frame: number): number | null {
  const camera = cameraAt(scene, frame);
  if (camera.tilt <= 0.01) return null;
  const y = focusPoint(scene.viewport).y + horizonScreenY(tiltOf(camera, planeLayout(scene)));
  return y > 0 ? y : null;
}

/** A full-width band of the frame from `top`, `height` tall, shading from `from` to `to` downwards. */
const Band: React.FC<{ width: number; top: number; height: number; from: string; to: string }> = ({ width, top, height, from, to }) => (
  <div style={{ position: 'absolute', left: 0, top, width, height, background: `linear-gradient(to bottom, ${from}, ${to})` }} />
);

export const Sky: React.FC<{ scene: Scene; frame: number }> = ({ scene, frame }) => {
  const horizon = horizonOf(scene, frame);
  if (horizon === null) return null;
  const { sky } = scene.palette;
  return <Band width={scene.viewport.width} top={0} height={horizon + 2} from={sky.top} to={sky.horizon} />;
};

export const Haze: React.FC<{ scene: Scene; frame: number }> = ({ scene, frame }) => {
  const horizon = horizonOf(scene, frame);
  if (horizon === null) return null;
  const { sky } = scene.palette;
  // The haze thins out over a tenth of the frame below the horizon.
  const depth = Math.max(8, scene.viewport.height * HAZE_DEPTH_SHARE);
  return <Band width={scene.viewport.width} top={horizon - 1} height={depth} from={sky.horizon} to="transparent" />;
};

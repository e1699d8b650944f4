import React, { useLayoutEffect, useRef } from 'react';
import { focusPoint } from '../lib/camera/camera';
import { cameraAt, drawOverlay, drawPlane, planeLayout } from '../lib/scene/frame-drawing';
import type { Rect } from '../lib/layout/labels';
import type { Scene } from '../lib/scene/scene';

/**
 * The map plane: one canvas redrawn each frame (a raster copy + the route). With a tilt it
 * is leaned back with a CSS perspective transform around the camera's focus point. `overlay`
 * (only for videos that never tilt, where plane and screen pixels coincide) also draws the
 * markers, vehicle and labels here, avoiding labels under `overlay` rectangles.
 */
export const MapPlane: React.FC<{ scene: Scene; frame: number; overlay: Rect[] | null }> = ({ scene, frame, overlay }) => {
  const ref = useRef<HTMLCanvasElement>(null);
  const layout = planeLayout(scene);
  const focus = focusPoint(scene.viewport);
  const tilt = cameraAt(scene, frame).tilt;

  useLayoutEffect(() => {
    const ctx = ref.current?.getContext('2d', { alpha: false });
    if (!ctx) return;
    drawPlane(ctx, scene, frame);
    if (overlay) drawOverlay(ctx, scene, frame, { rects: overlay }, false);
  }, [scene, frame, overlay]);

  return (
    <canvas
      ref={ref}
      width={layout.width}
      height={layout.height}
      style={{
        position: 'absolute',
        left: focus.x + layout.minX,
        top: focus.y + layout.minY,
        width: layout.width,
        height: layout.height,
        transformOrigin: `${-layout.minX}px ${-layout.minY}px`,
        transform: tilt > 0.01 ? `perspective(${layout.perspective}px) rotateX(${tilt.toFixed(3)}deg)` : undefined,
      }}
    />
  );
};

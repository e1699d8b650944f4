import React, { useLayoutEffect, useRef } from 'react';
import { drawOverlay } from '../lib/scene/frame-drawing';
import type { Rect } from '../lib/layout/labels';
import type { Scene } from '../lib/scene/scene';

/** Waypoint markers, the vehicle and labels, in screen space so they stay upright and crisp under a tilt. */
export const Overlay: React.FC<{ scene: Scene; frame: number; avoid: Rect[] }> = ({ scene, frame, avoid }) => {
  const ref = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const ctx = ref.current?.getContext('2d');
    if (ctx) drawOverlay(ctx, scene, frame, { rects: avoid });
  }, [scene, frame, avoid]);
  const { width, height } = scene.viewport;
  return <canvas ref={ref} width={width} height={height} style={{ position: 'absolute', left: 0, top: 0, width, height }} />;
};

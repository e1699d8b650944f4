import React from 'react';
import { hudBox, hudOpacity } from '../lib/scene/covers';
import { formatDistance } from '../lib/layout/hud-layout';
import { progressAt } from '../lib/geo/route-geometry';
import { sizeUnit } from '../lib/layout/safe-area';
import type { Scene } from '../lib/scene/scene';

/** Distance travelled and a progress bar, in the chosen corner of the safe area. */
export const Hud: React.FC<{ scene: Scene; frame: number }> = ({ scene, frame }) => {
  const { props, palette, timeline } = scene;
  const rect = hudBox(scene);
  if (!rect || !props.hud) return null;
  const unit = sizeUnit(props.width, props.height);
  const progress = progressAt(props, scene.geometry, timeline, frame);
  const total = props.total_distance_km > 0 ? props.total_distance_km : props.legs.reduce((s, l) => s + l.distance_km, 0);
  const fraction = total > 0 ? Math.min(1, progress.km / total) : 0;
  const appear = hudOpacity(scene, frame);
  const reached = props.waypoints[Math.max(0, progress.reached - 1)]?.label;
  return (
    <div
      style={{
        position: 'absolute',
        left: rect.x,
        top: rect.y,
        width: rect.width,
        height: rect.height,
        boxSizing: 'border-box',
        padding: `${unit * 1.2}px ${unit * 1.6}px`,
        borderRadius: unit * 1.4,
        background: palette.panel,
        color: palette.panelText,
        fontFamily: '"DejaVu Sans", sans-serif',
        opacity: appear,
        // A hairline instead of a blurred shadow: the panel repaints every frame (its figures change).
        border: '1px solid rgba(0,0,0,0.10)',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
      }}
    >
      {props.hud.distance ? (
        <>
          <div
            style={{
              fontSize: unit * 1.7,
              letterSpacing: unit * 0.15,
              color: palette.panelSubtext,
              fontWeight: 700,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            {reached ? `DISTANCE · ${reached.toUpperCase()}` : 'DISTANCE'}
          </div>
          <div
            style={{ fontSize: unit * 4.4, fontWeight: 700, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          >
            {formatDistance(progress.km, props.units)}
          </div>
        </>
      ) : null}
      {props.hud.progress_bar ? (
        <div
          style={{
            marginTop: props.hud.distance ? unit * 1.1 : 0,
            height: unit * 1.0,
            borderRadius: unit * 0.5,
            background: 'rgba(127,127,127,0.25)',
            overflow: 'hidden',
          }}
        >
          <div
            style={{ width: `${(fraction * 100).toFixed(3)}%`, height: '100%', borderRadius: unit * 0.5, background: scene.route.color }}
          />
        </div>
      ) : null}
    </div>
  );
};

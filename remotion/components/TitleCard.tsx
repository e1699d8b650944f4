import React from 'react';
import { STYLES } from '../../src/modules/contract';
import { titleCardOpacity } from '../lib/scene/covers';
import { smootherstep } from '../lib/time/easing';
import { cameraAt } from '../lib/scene/frame-drawing';
import { globeWeight } from '../lib/globe/globe';
import { sizeUnit } from '../lib/layout/safe-area';
import type { Scene } from '../lib/scene/scene';

/** Intro card over a dimmed map. Text is rendered as React text nodes: inert, never markup. */
export const TitleCard: React.FC<{ scene: Scene; frame: number }> = ({ scene, frame }) => {
  const { props, palette, viewport } = scene;
  const visibility = titleCardOpacity(scene, frame);
  if (!props.title || visibility <= 0) return null;
  const fadeIn = smootherstep(frame / (props.fps * 0.45));
  const unit = sizeUnit(props.width, props.height);
  const { insets } = viewport;
  const dark = STYLES.find((s) => s.id === props.style)?.dark ?? false;
  // Over the globe (and its dark backdrop) the map is dimmed darker, as on a dark style: a light veil would turn space grey.
  const globe = dark ? 1 : globeWeight(cameraAt(scene, frame));
  return (
    <div style={{ position: 'absolute', inset: 0, opacity: visibility }}>
      {globe < 1 ? (
        <div style={{ position: 'absolute', inset: 0, background: `rgba(255,255,255,${(0.35 * (1 - globe)).toFixed(3)})` }} />
      ) : null}
      {globe > 0 ? <div style={{ position: 'absolute', inset: 0, background: `rgba(0,0,0,${(0.45 * globe).toFixed(3)})` }} /> : null}
      <div
        style={{
          position: 'absolute',
          left: insets.left,
          right: insets.right,
          top: insets.top,
          bottom: insets.bottom,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <div
          style={{
            maxWidth: '88%',
            padding: `${unit * 3}px ${unit * 4.5}px`,
            borderRadius: unit * 2,
            background: palette.panel,
            color: palette.panelText,
            textAlign: 'center',
            fontFamily: '"DejaVu Sans", sans-serif',
            transform: `translateY(${((1 - fadeIn) * unit * 2).toFixed(2)}px) scale(${(0.97 + 0.03 * fadeIn).toFixed(4)})`,
            boxShadow: `0 ${unit}px ${unit * 4}px rgba(0,0,0,0.25)`,
          }}
        >
          <div
            style={{
              width: unit * 6,
              height: unit * 0.6,
              borderRadius: unit,
              background: scene.route.color,
              margin: `0 auto ${unit * 2}px`,
            }}
          />
          <div style={{ fontSize: unit * 6, fontWeight: 700, lineHeight: 1.15, overflowWrap: 'anywhere' }}>{props.title.text}</div>
          {props.title.subtitle ? (
            <div
              style={{ marginTop: unit * 1.6, fontSize: unit * 3, lineHeight: 1.3, color: palette.panelSubtext, overflowWrap: 'anywhere' }}
            >
              {props.title.subtitle}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
};

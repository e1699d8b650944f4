import React from 'react';
import { sizeUnit } from '../lib/safe-area';
import { screenObstacles } from '../lib/hud-layout';
import { FONT_FAMILY, measureText } from '../lib/measure-text';
import type { Rect } from '../lib/labels';
import type { Scene } from '../lib/scene';
import {
  ACCENT_WIDTH,
  layoutTextOverlays,
  type OverlayBox,
  type OverlayLayout,
  type OverlayObstacle,
  overlayOpacity,
  titleCardRect,
} from '../lib/text-overlay-layout';

const layouts = new WeakMap<Scene, OverlayLayout>();

/**
 * The text overlays' layout for a scene (computed once): around the HUD and the mode's own
 * obstacles, the title card while it shows, and the sandbox badge.
 */
export function textOverlayLayout(scene: Scene): OverlayLayout {
  const cached = layouts.get(scene);
  if (cached) return cached;
  const { props, timeline } = scene;
  const frame = { width: props.width, height: props.height };
  const unit = sizeUnit(props.width, props.height);
  const obstacles: OverlayObstacle[] = screenObstacles(props, scene.layer);
  if (props.title && timeline.title.end > 0) {
    obstacles.push({ ...titleCardRect(props.title, frame, measureText), from: 0, to: timeline.title.end / props.fps });
  }
  // The sandbox badge in the top-right corner (components/Watermark.tsx) reaches into the safe area.
  if (props.sandbox) obstacles.push({ x: props.width - 20 * unit, y: 0, width: 20 * unit, height: 6 * unit });
  const layout = props.text_overlays.length
    ? layoutTextOverlays({ ...frame, overlays: props.text_overlays, obstacles, measure: measureText })
    : { boxes: [], left_out: [] };
  layouts.set(scene, layout);
  return layout;
}

/**
 * Every text overlay's box over the whole video: what a mode that places things once per video
 * (multi_route's labels, country_data's legend) keeps clear of, so they never meet an overlay later.
 */
export function textOverlayRects(scene: Scene): Rect[] {
  return textOverlayLayout(scene).boxes.map(({ x, y, width, height }) => ({ x, y, width, height }));
}

/**
 * Text overlays (contract §14), faded in and out. The text is rendered as React text nodes, one
 * per line as the layout broke it: inert, never markup, and never re-wrapped by the browser.
 */
export const TextOverlays: React.FC<{ scene: Scene; frame: number; layout: OverlayLayout }> = ({ scene, frame, layout }) => {
  const seconds = frame / scene.props.fps;
  return (
    <>
      {layout.boxes.map((box) => {
        const visibility = overlayOpacity(box, seconds);
        return visibility > 0 ? <OverlayView key={box.index} scene={scene} box={box} visibility={visibility} /> : null;
      })}
    </>
  );
};

const OverlayView: React.FC<{ scene: Scene; box: OverlayBox; visibility: number }> = ({ scene, box, visibility }) => {
  const { palette, props } = scene;
  const unit = sizeUnit(props.width, props.height);
  const slide = (1 - visibility) * unit * 0.8 * box.enterFrom;
  const look: React.CSSProperties =
    box.style === 'headline'
      ? {
          color: palette.labelText,
          // A halo in the map labels' colours: reads on land and water, in dark and light styles.
          textShadow: `0 0 ${unit * 0.35}px ${palette.labelHalo}, 0 0 ${unit * 1.1}px ${palette.labelHalo}, 0 ${unit * 0.2}px ${unit * 2.2}px ${palette.labelHalo}`,
        }
      : {
          color: palette.panelText,
          background: palette.panel,
          borderRadius: box.style === 'caption' ? unit * 1.2 : unit * 0.5,
          boxShadow: `0 ${unit * 0.3}px ${unit * 1.4}px rgba(0,0,0,0.16)`,
          // A hairline, like the HUD's, so the panel's edge shows on a map of the same tone.
          border: '1px solid rgba(0,0,0,0.08)',
        };
  return (
    <div
      style={{
        position: 'absolute',
        left: box.x,
        top: box.y,
        width: box.width,
        height: box.height,
        boxSizing: 'border-box',
        overflow: 'hidden',
        padding: `${box.padding.top}px ${box.padding.right}px ${box.padding.bottom}px ${box.padding.left}px`,
        fontFamily: FONT_FAMILY,
        fontSize: box.font.size,
        fontWeight: box.font.weight,
        lineHeight: `${box.lineHeight}px`,
        textAlign: box.align,
        opacity: visibility,
        transform: slide ? `translateY(${slide.toFixed(2)}px)` : undefined,
        ...look,
      }}
    >
      {box.accent ? (
        <div
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            [box.accent]: 0,
            width: ACCENT_WIDTH * unit,
            background: scene.route.color,
          }}
        />
      ) : null}
      {box.lines.map((line, i) => (
        <div key={i} style={{ whiteSpace: 'pre' }}>
          {line}
        </div>
      ))}
    </div>
  );
};

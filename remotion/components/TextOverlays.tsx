import React from 'react';
import { sizeUnit } from '../lib/layout/safe-area';
import { FONT_FAMILY } from '../lib/layout/measure-text';
import type { Scene } from '../lib/scene/scene';
import { ACCENT_WIDTH, type OverlayBox, type OverlayLayout, overlayOpacity } from '../lib/layout/text-overlay-layout';

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

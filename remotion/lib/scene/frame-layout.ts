/**
 * A frame's layout as data (contract §22; the type is the contract's, contract/frame-layout.ts): what
 * sits over the map (HUD, title card, text overlays showing, the mode's panels), the mode's labels,
 * markers and routes drawn so far, and where the map is drawn, all from the functions the frame is
 * drawn with. Browser-only (text is measured); the checks are lib/layout/layout-checks.ts.
 */
import type { FrameLayout, LayoutCover, LayoutExtent, LayoutLabel } from '../../../src/modules/contract';
import { type CameraState, focusPoint } from '../camera/camera';
import { hudBox, hudOpacity, labelObstacles, textOverlayLayout, titleCardBox, titleCardOpacity } from './covers';
import { cameraAt, planeLayout, tiltOf } from './frame-drawing';
import { globeRadius, globeWeight } from '../globe/globe';
import { farPlaneY, firstClearRow, planeToScreen } from '../camera/perspective';
import type { Scene } from './scene';
import { overlayOpacity } from '../layout/text-overlay-layout';

export function frameLayout(scene: Scene, frame: number): FrameLayout {
  const { props } = scene;
  const layer = scene.layer.layout(frame, labelObstacles(scene, frame));
  const labels: LayoutLabel[] = layer.labels.map(({ id, text, fontPx, color, backing, opacity, x, y, width, height }) => ({
    id,
    text,
    fontPx,
    color,
    backing,
    opacity,
    x,
    y,
    width,
    height,
  }));
  return {
    frame,
    width: props.width,
    height: props.height,
    covers: [...coversAt(scene, frame), ...layer.panels],
    labels,
    markers: layer.markers,
    routes: layer.routes,
    extent: extentOf(scene, cameraAt(scene, frame)),
    omitted: layer.omitted,
  };
}

/** The HUD (once it has faded in, components/Hud.tsx), the title card while it shows (components/TitleCard.tsx) and the text overlays showing. */
function coversAt(scene: Scene, frame: number): LayoutCover[] {
  const covers: LayoutCover[] = [];
  const hud = hudBox(scene);
  const hudShown = hudOpacity(scene, frame);
  if (hud && hudShown > 0) covers.push({ kind: 'hud', id: 'HUD', ...hud, opacity: hudShown });
  const title = titleCardBox(scene);
  const titleShown = titleCardOpacity(scene, frame);
  if (title && titleShown > 0) covers.push({ kind: 'title', id: 'title card', ...title, opacity: titleShown });
  for (const box of textOverlayLayout(scene).boxes) {
    const shown = overlayOpacity(box, frame / scene.props.fps);
    if (shown > 0)
      covers.push({
        kind: 'overlay',
        id: `text overlay ${box.index}`,
        x: box.x,
        y: box.y,
        width: box.width,
        height: box.height,
        opacity: shown,
      });
  }
  return covers;
}

/** Where a camera draws the map on screen (see LayoutExtent). */
export function extentOf(scene: Scene, camera: CameraState): LayoutExtent {
  const focus = focusPoint(scene.viewport);
  const weight = globeWeight(camera);
  if (weight >= 1) return { kind: 'globe', cx: focus.x, cy: focus.y, r: globeRadius(camera.z, camera.y) };
  if (weight > 0) return { kind: 'blend', globe: weight };
  const scale = 2 ** camera.z;
  const tilt = tiltOf(camera, planeLayout(scene));
  // A plane row's screen row, or null where it is out of sight: beyond the plane's far edge (the horizon), or so
  // near that it lies behind the viewer.
  const rowOf = (planeY: number): number | null => {
    if (tilt.angle > 0 && (planeY < farPlaneY(tilt) || planeY * Math.sin(tilt.angle) >= tilt.distance)) return null;
    return focus.y + planeToScreen(0, planeY, tilt).y;
  };
  return {
    kind: 'flat',
    top: rowOf((-0.5 - camera.y) * scale),
    bottom: rowOf((0.5 - camera.y) * scale),
    clearFrom: focus.y + firstClearRow(tilt, -focus.y, scene.viewport.height),
  };
}

/**
 * What sits over the map (contract §14, §22), placed once per video for a scene: the HUD panel, the
 * title card and the text overlays. Map labels are placed after them, each frame, clear of the HUD,
 * the mode's own panels and the overlays showing (`labelObstacles`). Browser-only where text is
 * measured (the overlays and the title card); cached per scene.
 */
import { smootherstep } from '../time/easing';
import { cornersFrom, hudRect, hudRectAt } from '../layout/hud-layout';
import type { Rect } from '../layout/labels';
import { measureText } from '../layout/measure-text';
import { sizeUnit } from '../layout/safe-area';
import type { MapMarks, Scene } from './scene';
import { grown, lengthInside, overlapArea } from '../layout/screen-geometry';
import {
  layoutTextOverlays,
  type OverlayLayout,
  type OverlayObstacle,
  titleCardRect,
  visibleOverlays,
} from '../layout/text-overlay-layout';

const huds = new WeakMap<Scene, Rect | null>();

/**
 * Where the HUD panel sits all video long (null when the video has none), decided once from what the map
 * shows under each corner over the frames the HUD shows (contract §22): the corner asked for unless the
 * route as it draws, or a marker with room for its label, passes under it; then the nearest corner that
 * nothing passes under, or, when every corner has something, the one over the least of it.
 */
export function hudBox(scene: Scene): Rect | null {
  if (huds.has(scene)) return huds.get(scene)!;
  const { props } = scene;
  let chosen: Rect | null = null;
  if (props.hud && hudRect(props)) {
    const frames = hudFrames(scene);
    let least = Infinity;
    for (const position of cornersFrom(props.hud.position)) {
      const rect = hudRectAt(props, position)!;
      const under = footprintUnder(scene, rect, frames);
      if (under < least) {
        least = under;
        chosen = rect;
      }
      if (under === 0) break;
    }
  }
  huds.set(scene, chosen);
  return chosen;
}

/** The frames a HUD shows on, a few per second and the last. */
function hudFrames(scene: Scene): number[] {
  const { fps, durationInFrames } = scene.props;
  const step = Math.max(1, Math.round(fps / 6));
  const frames: number[] = [];
  for (let f = 0; f < durationInFrames; f += step) if (hudOpacity(scene, f) > 0) frames.push(f);
  if (durationInFrames > 0) frames.push(durationInFrames - 1);
  return frames;
}

const marksByFrame = new WeakMap<Scene, Map<number, MapMarks>>();

/** The mode's marks of a frame, worked out once per scene (the HUD's corner and each overlay's spot weigh the same frames many times). */
function marksAt(scene: Scene, frame: number): MapMarks {
  let byFrame = marksByFrame.get(scene);
  if (!byFrame) marksByFrame.set(scene, (byFrame = new Map()));
  let marks = byFrame.get(frame);
  if (!marks) byFrame.set(frame, (marks = scene.layer.marks(frame)));
  return marks;
}

/** Marker hits weigh as much as this many pixels of route. */
const MARKER_UNDER_COST = 200;

/**
 * How much of what the map shows would be under `rect` over `frames`: pixels of route (the rectangle grown
 * by a route's half width), and markers grown by room for their labels to sit beside them.
 */
export function footprintUnder(scene: Scene, rect: Rect, frames: readonly number[]): number {
  const unit = sizeUnit(scene.props.width, scene.props.height);
  const lineRoom = grown(rect, unit * 0.8);
  let cost = 0;
  for (const frame of frames) {
    const { routes, markers } = marksAt(scene, frame);
    for (const route of routes) cost += lengthInside(route.points, lineRoom);
    for (const marker of markers) if (overlapArea(grown(marker, unit * 2.5), rect) > 0) cost += MARKER_UNDER_COST;
  }
  return cost;
}

/** 0–1: the HUD fades in once the title card has gone (or at the start). */
export function hudOpacity(scene: Scene, frame: number): number {
  const { timeline, props } = scene;
  return smootherstep((frame - (timeline.title.end > 0 ? timeline.title.end : 0)) / (props.fps * 0.5));
}

/** What text overlays and map labels keep clear of all video long: the HUD and the mode's own panels (`ModeLayer.obstacles`). */
export function screenObstacles(scene: Scene): Rect[] {
  const hud = hudBox(scene);
  return [...(hud ? [hud] : []), ...(scene.layer.obstacles ?? [])];
}

const titles = new WeakMap<Scene, Rect | null>();

/** The title card's box (with a margin), while it shows (timeline.title); null without a title. */
export function titleCardBox(scene: Scene): Rect | null {
  if (!titles.has(scene)) {
    const { props, timeline } = scene;
    titles.set(
      scene,
      props.title && timeline.title.end > 0 ? titleCardRect(props.title, { width: props.width, height: props.height }, measureText) : null,
    );
  }
  return titles.get(scene)!;
}

/** 0–1: the title card fades in from the start and out over the last half second of timeline.title; 0 without a title. */
export function titleCardOpacity(scene: Scene, frame: number): number {
  const { props, timeline } = scene;
  if (!props.title || timeline.title.end <= 0) return 0;
  const fps = props.fps;
  const fadeIn = smootherstep(frame / (fps * 0.45));
  const fadeOut = 1 - smootherstep((frame - (timeline.title.end - fps * 0.5)) / (fps * 0.5));
  return Math.max(0, Math.min(fadeIn, fadeOut));
}

const layouts = new WeakMap<Scene, OverlayLayout>();

/**
 * The text overlays' layout for a scene (computed once): around the HUD and the mode's own
 * obstacles, the title card while it shows, and the sandbox badge, off the routes and markers the
 * map shows while each overlay shows.
 */
export function textOverlayLayout(scene: Scene): OverlayLayout {
  const cached = layouts.get(scene);
  if (cached) return cached;
  const { props, timeline } = scene;
  const frame = { width: props.width, height: props.height };
  const unit = sizeUnit(props.width, props.height);
  const obstacles: OverlayObstacle[] = screenObstacles(scene);
  const title = titleCardBox(scene);
  if (title) obstacles.push({ ...title, from: 0, to: timeline.title.end / props.fps });
  // The sandbox badge in the top-right corner (components/Watermark.tsx) reaches into the safe area.
  if (props.sandbox) obstacles.push({ x: props.width - 20 * unit, y: 0, width: 20 * unit, height: 6 * unit });
  const fps = props.fps;
  // What the map shows under a box while it shows, a few frames a second.
  const underneath = (rect: Rect, start: number, end: number) => {
    const frames: number[] = [];
    for (
      let f = Math.max(0, Math.floor(start * fps));
      f < Math.min(props.durationInFrames, Math.ceil(end * fps));
      f += Math.max(1, Math.round(fps / 6))
    )
      frames.push(f);
    return footprintUnder(scene, rect, frames);
  };
  const layout = props.text_overlays.length
    ? layoutTextOverlays({ ...frame, overlays: props.text_overlays, obstacles, measure: measureText, underneath })
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

const obstaclesByShowing = new WeakMap<Scene, Map<string, Rect[]>>();

/**
 * What a frame's map labels keep clear of: the HUD, the mode's own panels and the text overlays showing then (the
 * same array while the same overlays show, so a redraw that depends on it runs only when they change).
 */
export function labelObstacles(scene: Scene, frame: number): Rect[] {
  const showing = visibleOverlays(textOverlayLayout(scene), frame / scene.props.fps);
  const key = showing.map((b) => b.index).join(',');
  let cache = obstaclesByShowing.get(scene);
  if (!cache) obstaclesByShowing.set(scene, (cache = new Map()));
  let rects = cache.get(key);
  if (!rects) cache.set(key, (rects = [...screenObstacles(scene), ...showing.map(({ x, y, width, height }) => ({ x, y, width, height }))]));
  return rects;
}

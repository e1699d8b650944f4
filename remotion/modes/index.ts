/**
 * The scene of any mode: route_animation's from lib/scene.ts, the others from their folders here.
 * Computed once per props and cached, so each frame only looks up.
 */
import type { MapAnimationProps, RenderMode } from '../../src/modules/rendering/contract';
import { buildRouteScene, type Scene } from '../lib/scene';
import { buildCountryDataScene } from './country-data/scene';
import { buildMultiRouteScene } from './multi-route/scene';
import { buildRegionFocusScene } from './region-focus/scene';

/** Builds the scene of a mode other than route_animation (see remotion/modes/). */
export type ModeSceneBuilder = (props: MapAnimationProps) => Scene;

const MODE_SCENES: Record<Exclude<RenderMode, 'route_animation'>, ModeSceneBuilder> = {
  multi_route: buildMultiRouteScene,
  region_focus: buildRegionFocusScene,
  country_data: buildCountryDataScene,
};

export function buildScene(props: MapAnimationProps): Scene {
  return props.mode === 'route_animation' || !props.mode ? buildRouteScene(props) : MODE_SCENES[props.mode](props);
}

const byObject = new WeakMap<MapAnimationProps, Scene>();
let lastByKey: { key: string; scene: Scene } | null = null;

export function sceneFor(props: MapAnimationProps): Scene {
  const cached = byObject.get(props);
  if (cached) return cached;
  const key = JSON.stringify(props);
  if (lastByKey?.key !== key) lastByKey = { key, scene: buildScene(props) };
  byObject.set(props, lastByKey.scene);
  return lastByKey.scene;
}

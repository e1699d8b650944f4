/**
 * The scene of every mode, from its folder here (remotion/modes/<mode>/scene.ts), in one registry the
 * compiler holds to the contract's RENDER_MODES. Computed once per props and cached, so each frame only looks up.
 */
import type { MapAnimationProps, PropsOf, RenderMode } from '../../src/modules/contract';
import type { Scene } from '../lib/scene/scene';
import { buildCountryDataScene } from './country-data/scene';
import { buildMultiRouteScene } from './multi-route/scene';
import { buildRegionFocusScene } from './region-focus/scene';
import { buildRouteAnimationScene } from './route-animation/scene';

const MODE_SCENES: { [M in RenderMode]: (props: PropsOf<M>) => Scene } = {
  route_animation: buildRouteAnimationScene,
  multi_route: buildMultiRouteScene,
  region_focus: buildRegionFocusScene,
  country_data: buildCountryDataScene,
};

export function buildScene(props: MapAnimationProps): Scene {
  // The registry is indexed by the props' own mode: each builder gets the props of its mode.
  return (MODE_SCENES[props.mode] as (props: MapAnimationProps) => Scene)(props);
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

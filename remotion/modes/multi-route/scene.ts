import type { PropsOf } from '../../../src/modules/contract';
import { rastersFor, routeLook, type Scene, sceneWithLayer } from '../../lib/scene/scene';
import { paletteFor } from '../../lib/map/styles';
import { multiRouteLayer } from './layer';
import { planMultiRoute } from './plan';

/**
 * multi_route (contract §13): one origin fanning out to many destinations. Route i is `legs[i]`;
 * the plan (plan.ts) holds its geometry, timeline, camera and labels, the layer (layer.ts) draws it.
 */
export function buildMultiRouteScene(props: PropsOf<'multi_route'>): Scene {
  const plan = planMultiRoute(props);
  const palette = paletteFor(props.style);
  return sceneWithLayer(
    {
      props,
      viewport: plan.viewport,
      geometry: plan.geometry,
      timeline: plan.timeline,
      track: plan.track,
      palette,
      route: routeLook(props, palette),
      ...rastersFor(plan.track, plan.viewport),
    },
    (scene) => multiRouteLayer(scene, plan),
  );
}

import type { PropsOf } from '../../../src/modules/rendering/contract';
import { chokepointPaces, chokepointZones, planCameraTrack } from '../../lib/camera';
import { EARTH_CIRCUMFERENCE_KM } from '../../lib/mercator';
import { buildRouteGeometry } from '../../lib/route-geometry';
import { rastersFor, routeLook, type Scene, sceneWithLayer, viewportOf } from '../../lib/scene';
import { paletteFor } from '../../lib/styles';
import { planTimeline } from '../../lib/timeline';
import { routeAnimationLayer } from './layer';
import { REROUTE_REVEAL_SECONDS } from './reroute';

/**
 * route_animation (contract §3): the route of `legs` drawing itself, the vehicle travelling it, the
 * camera following (lib/camera.ts); the layer (layer.ts) draws the route, the markers and the labels.
 */
export function buildRouteAnimationScene(props: PropsOf<'route_animation'>): Scene {
  const viewport = viewportOf(props);
  const geometry = buildRouteGeometry(props);
  const timeline = planTimeline({
    fps: props.fps,
    durationInFrames: props.durationInFrames,
    hasTitle: props.title !== null,
    legLengths: props.legs.map((l, i) => (l.distance_km > 0 ? l.distance_km : (geometry.legs[i]?.length ?? 0) * EARTH_CIRCUMFERENCE_KM)),
    dwellSeconds: props.waypoints.map((w) => w.dwell),
    holdSeconds: props.waypoints.map((w) => w.hold),
    // The reroute story's avoided route draws over a longer opening.
    openingHoldSeconds: props.camera.focus_hold_seconds + (props.camera.reroute ? REROUTE_REVEAL_SECONDS : 0),
    // A chokepoint story slows the vehicle where it passes its chokepoints.
    paces: chokepointPaces(chokepointZones(props, geometry), props.legs.length),
  });
  const track = planCameraTrack({ props, geometry, timeline, viewport });
  const palette = paletteFor(props.style);
  return sceneWithLayer(
    { props, viewport, geometry, timeline, track, palette, route: routeLook(props, palette), ...rastersFor(track, viewport) },
    routeAnimationLayer,
  );
}

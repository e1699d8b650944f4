import { opensOnGlobe, type PropsOf } from '../../../src/modules/contract';
import { applyProjection, fitsOneSide, GLOBE_OPENING_SECONDS, planGlobeOpening, routePoints } from '../../lib/globe/globe-camera';
import { chokepointPaces, chokepointZones, keepWorldInFrame, planCameraTrack } from '../../lib/camera/camera';
import { EARTH_CIRCUMFERENCE_KM } from '../../lib/geo/mercator';
import { buildRouteGeometry } from '../../lib/geo/route-geometry';
import { rastersFor, routeLook, type Scene, sceneWithLayer, viewportOf } from '../../lib/scene/scene';
import { paletteFor } from '../../lib/map/styles';
import { surfaceSpecOf } from '../../lib/map/surface-spec';
import { planTimeline, type Timeline } from '../../lib/time/timeline';
import { routeAnimationLayer } from './layer';
import { REROUTE_REVEAL_SECONDS } from './reroute';

/**
 * route_animation (contract §3): the route of `legs` drawing itself, the vehicle travelling it, the
 * camera following (lib/camera/camera.ts); the layer (layer.ts) draws the route, the markers and the labels.
 */
export function buildRouteAnimationScene(props: PropsOf<'route_animation'>): Scene {
  const viewport = viewportOf(props);
  const geometry = buildRouteGeometry(props);
  const revealsOnGlobe = opensOnGlobe(props.camera.preset) && props.projection !== 'flat';
  const timeline = planTimeline({
    fps: props.fps,
    durationInFrames: props.durationInFrames,
    hasTitle: props.title !== null,
    legLengths: props.legs.map((l, i) => (l.distance_km > 0 ? l.distance_km : (geometry.legs[i]?.length ?? 0) * EARTH_CIRCUMFERENCE_KM)),
    dwellSeconds: props.waypoints.map((w) => w.dwell),
    holdSeconds: props.waypoints.map((w) => w.hold),
    // The reroute story's avoided route draws over a longer opening.
    // global_corridor_reveal's globe turns and descends over a longer opening too.
    openingHoldSeconds:
      props.camera.focus_hold_seconds + (props.camera.reroute ? REROUTE_REVEAL_SECONDS : 0) + (revealsOnGlobe ? GLOBE_OPENING_SECONDS : 0),
    // A chokepoint story slows the vehicle where it passes its chokepoints.
    paces: chokepointPaces(chokepointZones(props, geometry), props.legs.length),
  });
  const flatTrack = planCameraTrack({ props, geometry, timeline, viewport });
  const focus = props.camera.start_focus_waypoint;
  const opening = revealsOnGlobe
    ? planGlobeOpening(
        descentEnd(timeline, props.fps),
        props.fps,
        flatTrack,
        viewport,
        geometry.bbox,
        focus != null ? geometry.waypoints[focus] : null,
        surfaceSpecOf(props, paletteFor(props.style)) === null,
      )
    : null;
  const track = keepWorldInFrame(
    applyProjection(
      flatTrack,
      props.projection,
      viewport,
      geometry.bbox.maxX - geometry.bbox.minX,
      opening,
      fitsOneSide(routePoints(geometry), geometry.bbox),
    ),
    viewport,
  );
  const palette = paletteFor(props.style);
  return sceneWithLayer(
    {
      props,
      viewport,
      geometry,
      timeline,
      track,
      palette,
      route: routeLook(props, palette),
      ...rastersFor(track, viewport),
      ...(opening ? { globeOpening: opening } : {}),
    },
    routeAnimationLayer,
  );
}

/**
 * Where the globe opening's descent ends: a little after the vehicle sets off (the route starts
 * drawing as the camera arrives), or where the camera stands still on the first waypoint's hold.
 */
function descentEnd(timeline: Timeline, fps: number): number {
  const firstHold = timeline.holds[0];
  if (firstHold && firstHold.end > firstHold.start) return firstHold.start;
  return (timeline.legs[0]?.start ?? timeline.intro.end) + Math.round(0.3 * fps);
}

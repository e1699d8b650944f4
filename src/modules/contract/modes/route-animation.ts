/**
 * route_animation (the default mode, contract §3): the route through `waypoints` draws itself, a
 * vehicle travels it, the camera follows. Its waypoints and HUD are shared fields of the request
 * (stored and drawn as every mode's `waypoints`, empty in the others), so it has no settings object.
 * Drawn by `remotion/modes/route-animation/`.
 */
import type { CameraPreset } from '../camera';
import { defineMode } from './mode-definition';

/** The tilt of each camera preset when the request sets none: only the cinematic camera leans. */
const PRESET_TILT: Record<CameraPreset, number> = {
  auto: 0,
  global_corridor_reveal: 0,
  follow: 0,
  overview: 0,
  cinematic: 40,
  chokepoint_tension: 0,
  long_reroute_burden: 0,
  tension_build: 0,
  canal_bottleneck: 0,
  chokepoint_focus: 0,
  static_overview: 0,
};

export const routeAnimationMode = defineMode<'route_animation', undefined, undefined, undefined>({
  mode: 'route_animation',
  title: 'Route: travel waypoints in order',
  takes: { waypoints: true, transport: true, route: true, route_style: true, hud: true },
  defaultTilt: (preset) => PRESET_TILT[preset],
  rendersInPage: true,
  revealsLongRoutesOnGlobe: true,
  parseSettings: () => undefined,
  settingsToProps: () => undefined,
  examples: {
    first_render: {
      summary: 'Lisbon → New York by plane, then by ship to Rotterdam (the README walkthrough)',
      value: {
        waypoints: [{ place: 'Lisbon' }, { place: 'New York', transport: 'ship' }, { place: 'Rotterdam' }],
        transport: 'plane',
        duration: 10,
        style: 'standard',
        hud: { distance: true },
        title: { text: 'Lisbon to Rotterdam', subtitle: 'the long way round' },
      },
    },
    coordinates: {
      summary: 'Coordinates and labels, a cinematic camera and a dashed route',
      value: {
        waypoints: [
          { lat: 38.7223, lng: -9.1393, label: 'Lisbon' },
          { lat: 48.8566, lng: 2.3522, label: 'Paris', dwell: 1 },
          { lat: 52.52, lng: 13.405, label: 'Berlin' },
        ],
        transport: 'plane',
        duration: 8,
        aspect_ratio: '9:16',
        camera: { preset: 'cinematic', tilt: 30 },
        route_style: { color: '#ff5a36', line: 'dashed' },
        units: 'km',
      },
    },
    global_corridor_reveal: {
      summary:
        'Story preset global_corridor_reveal: Rotterdam → Singapore by ship, opening on the globe with the whole corridor, then down to the route',
      value: {
        waypoints: [{ place: 'Rotterdam' }, { place: 'Singapore' }],
        transport: 'ship',
        duration: 10,
        aspect_ratio: '16:9',
        projection: 'auto',
        camera: { preset: 'global_corridor_reveal' },
        hud: { distance: true },
      },
    },
    chokepoint_tension: {
      summary: 'Story preset chokepoint_tension, as the peer documents it: Suez Canal → Singapore, slowing and punching in at each strait',
      value: {
        waypoints: [
          { place: 'Suez', label: 'Suez Canal' },
          { place: 'Singapore', label: 'Singapore' },
        ],
        transport: 'ship',
        duration: 10,
        camera: {
          preset: 'chokepoint_tension',
          mode: 'follow',
          start_zoom: 2,
          waypoint_zoom: 6,
          tilt: 30,
          ease: 'cubic-in-out',
          start_focus_waypoint: 'Suez Canal',
          focus_hold_seconds: 1.5,
          opening_zoom_boost: 1.2,
          chokepoint_punch_in: 1.5,
        },
      },
    },
    long_reroute_burden: {
      summary:
        'Story preset long_reroute_burden: Rotterdam → Singapore avoiding Suez, the route through the canal shown faintly, the detour labelled',
      value: {
        waypoints: [{ place: 'Rotterdam' }, { place: 'Singapore' }],
        transport: 'ship',
        route: { avoid: ['suez'] },
        duration: 10,
        camera: { preset: 'long_reroute_burden' },
        hud: { distance: true },
      },
    },
    tension_build: {
      summary: 'Story preset tension_build: Rotterdam → Jeddah, a slow zoom that closes in on Gibraltar and lets go after it',
      value: {
        waypoints: [{ place: 'Rotterdam' }, { place: 'Jeddah' }],
        transport: 'ship',
        duration: 10,
        camera: { preset: 'tension_build', ease: 'sine-in-out' },
      },
    },
    canal_bottleneck: {
      summary: 'Story preset canal_bottleneck: New York → Los Angeles by sea, a close, slow passage through the Panama Canal',
      value: {
        waypoints: [{ place: 'New York' }, { place: 'Los Angeles' }],
        transport: 'ship',
        duration: 10,
        camera: { preset: 'canal_bottleneck', intensity: 'strong' },
      },
    },
    chokepoint_focus: {
      summary: 'Story preset chokepoint_focus: Shanghai → Rotterdam, a tight hold on Malacca, Bab-el-Mandeb, Suez and Gibraltar',
      value: {
        waypoints: [{ place: 'Shanghai' }, { place: 'Rotterdam' }],
        transport: 'ship',
        duration: 10,
        camera: { preset: 'chokepoint_focus', chokepoint_punch_in: 2.5 },
        hud: { distance: true },
      },
    },
    static_overview: {
      summary: 'Story preset static_overview: one still frame holds the whole route while it draws',
      value: {
        waypoints: [{ place: 'Lisbon' }, { place: 'New York' }, { place: 'Mexico City' }],
        transport: 'plane',
        duration: 8,
        aspect_ratio: '1:1',
        camera: { preset: 'static_overview' },
      },
    },
    text_overlays: {
      summary: 'Text overlays and camera details: captions over a three-city trip, a hold and a close-up on Paris',
      value: {
        waypoints: [
          { place: 'Lisbon', label: 'Lisbon' },
          { place: 'Paris', label: 'Paris', camera_zoom_override: 6, camera_hold_seconds: 1 },
          { place: 'Berlin', label: 'Berlin' },
        ],
        transport: 'train',
        duration: 10,
        camera: { preset: 'follow', intensity: 'soft' },
        text_overlays: [
          { text: 'Three capitals in one week', start: 0.3, end: 2.8, position: 'top', style: 'headline' },
          { text: 'Friday: Lisbon → Paris', start: 2.5, end: 5.5, position: 'bottom-left', style: 'lower-third' },
          { text: 'Sunday: on to Berlin', start: 6, end: 9.5, position: 'bottom-left', style: 'lower-third' },
        ],
      },
    },
  },
});

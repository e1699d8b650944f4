import type { MapAnimationProps, NormalizedRegionFocus } from '../../../src/modules/contract';
import { type CameraState, focusPoint } from '../../lib/camera/camera';
import { project } from '../../lib/geo/mercator';
import { worldCamera } from '../../lib/camera/regions';
import { buildScene } from '../index';
import { JAPAN_FROM_CONTINENT, PORTUGAL, regionFocusProps } from '../../fixtures/region-modes';
import { zoomPanLength } from './flight';
import { planRegionFocus, type RegionFocusPlan } from './plan';

function screenOf(props: MapAnimationProps, c: CameraState, x: number, y: number) {
  const f = focusPoint(buildScene(props).viewport);
  const s = 2 ** c.z;
  return { x: f.x + (x - c.x) * s, y: f.y + (y - c.y) * s };
}

function safeOf(props: MapAnimationProps) {
  const { insets } = buildScene(props).viewport;
  return { left: insets.left, top: insets.top, right: props.width - insets.right, bottom: props.height - insets.bottom };
}

function expectHeldInside(props: MapAnimationProps, plan: RegionFocusPlan, fill = 0.7) {
  const last = plan.track[plan.track.length - 1];
  const safe = safeOf(props);
  const a = screenOf(props, last, plan.regionBox!.minX, plan.regionBox!.minY);
  const b = screenOf(props, last, plan.regionBox!.maxX, plan.regionBox!.maxY);
  // Below the title's band, inside the safe area, and large: it fills the width or the height.
  expect(a.y).toBeGreaterThanOrEqual(plan.labelRect ? plan.labelRect.y + plan.labelRect.height : safe.top);
  expect(b.y).toBeLessThanOrEqual(safe.bottom);
  expect(a.x).toBeGreaterThanOrEqual(safe.left);
  expect(b.x).toBeLessThanOrEqual(safe.right);
  expect(Math.max((b.x - a.x) / (safe.right - safe.left), (b.y - a.y) / (safe.bottom - safe.top))).toBeGreaterThan(fill);
  for (const m of plan.markers) {
    const p = screenOf(props, last, m.x, m.y);
    expect(p.x).toBeGreaterThan(safe.left);
    expect(p.x).toBeLessThan(safe.right);
    expect(p.y).toBeGreaterThan(safe.top);
    expect(p.y).toBeLessThan(safe.bottom);
  }
}

describe('region_focus plan', () => {
  it('starts on the world, flies in and holds on the region, its markers in view', () => {
    for (const aspect_ratio of ['16:9', '9:16', '1:1'] as const) {
      const props = regionFocusProps(PORTUGAL, { aspect_ratio });
      const plan = planRegionFocus(props);
      const world = worldCamera(buildScene(props).viewport, 'cover');
      expect(plan.track[0]).toEqual({ ...world, tilt: 0 });
      expect(plan.arriveAt).toBeGreaterThan(plan.departAt);
      expect(plan.arriveAt).toBeLessThan(props.durationInFrames * 0.75);
      expectHeldInside(props, plan);
    }
  });

  it('moves smoothly: no frame-to-frame jump in position or zoom', () => {
    for (const settings of [PORTUGAL, JAPAN_FROM_CONTINENT]) {
      const props = regionFocusProps(settings);
      const { track } = planRegionFocus(props);
      for (let f = 1; f < track.length; f++) {
        expect(Math.abs(track[f].z - track[f - 1].z)).toBeLessThan(0.12);
        const moved = Math.hypot(track[f].x - track[f - 1].x, track[f].y - track[f - 1].y) * 2 ** Math.max(track[f].z, track[f - 1].z);
        expect(moved).toBeLessThan(60); // pixels at the closer of the two zooms
      }
    }
  });

  it('stays on the opening view under the title card, then flies', () => {
    const props = regionFocusProps(PORTUGAL, { title: { text: 'Portugal' } });
    const plan = planRegionFocus(props);
    expect(plan.departAt).toBeGreaterThanOrEqual(plan.timeline.title.end);
    for (let f = 0; f <= plan.departAt; f++) expect(plan.track[f]).toEqual(plan.track[0]);
  });

  it('takes longer to fly with a soft camera than with a bold one', () => {
    const soft = planRegionFocus(regionFocusProps(PORTUGAL, { camera: { preset: 'auto', intensity: 'soft' } }));
    const bold = planRegionFocus(regionFocusProps(PORTUGAL, { camera: { preset: 'auto', intensity: 'bold' } }));
    expect(soft.arriveAt - soft.departAt).toBeGreaterThan((bold.arriveAt - bold.departAt) * 1.5);
  });

  it('from the continent: a shorter flight from a closer view', () => {
    const fromWorld = planRegionFocus(regionFocusProps({ ...JAPAN_FROM_CONTINENT, from: 'world' }));
    const fromContinent = planRegionFocus(regionFocusProps(JAPAN_FROM_CONTINENT));
    expect(fromContinent.start.z).toBeGreaterThan(fromWorld.start.z + 0.5);
    expect(zoomPanLength(fromContinent.start, fromContinent.hold, 648)).toBeLessThan(zoomPanLength(fromWorld.start, fromWorld.hold, 648));
    expect(fromContinent.arriveAt - fromContinent.departAt).toBeLessThan(fromWorld.arriveAt - fromWorld.departAt);
    expectHeldInside(regionFocusProps(JAPAN_FROM_CONTINENT), fromContinent);
  });

  it('frames a country across the antimeridian (Fiji) in one piece, centred on it', () => {
    const fiji: NormalizedRegionFocus = {
      region: { kind: 'country', iso_numeric: '242', iso_alpha3: 'FJI', name: 'Fiji' },
      from: 'continent',
      markers: [{ lat: -18.14, lng: 178.44, label: 'Suva' }],
    };
    const props = regionFocusProps(fiji);
    const plan = planRegionFocus(props);
    expect(Math.abs(plan.centerLng)).toBeGreaterThan(178);
    expect(plan.regionBox!.maxX - plan.regionBox!.minX).toBeLessThan(0.02);
    expectHeldInside(props, plan);
  });

  it('frames a box region, and the markers that lie outside it too', () => {
    const props = regionFocusProps({
      region: { kind: 'bbox', bbox: [-10, 35, 5, 44] },
      from: 'world',
      markers: [{ lat: 48.86, lng: 2.35, label: 'Paris' }],
    });
    const plan = planRegionFocus(props);
    // The box shares the frame with Paris, north of it.
    expectHeldInside(props, plan, 0.45);
    const paris = project(2.35, 48.86, plan.centerLng);
    const p = screenOf(props, plan.track[plan.track.length - 1], paris.x, paris.y);
    expect(p.y).toBeGreaterThan(0);
  });

  it('shows markers one after another after arriving, all before the end', () => {
    const props = regionFocusProps(PORTUGAL);
    const plan = planRegionFocus(props);
    expect(plan.markerAt[0]).toBeGreaterThan(plan.arriveAt);
    for (let i = 1; i < plan.markerAt.length; i++) expect(plan.markerAt[i]).toBeGreaterThan(plan.markerAt[i - 1]);
    expect(plan.markerAt[plan.markerAt.length - 1] + plan.markerFade).toBeLessThan(props.durationInFrames);
  });

  it('holds on the world for a country the map does not know, without failing', () => {
    const props = regionFocusProps({
      region: { kind: 'country', iso_numeric: '999', iso_alpha3: 'XXX', name: 'Nowhere' },
      from: 'continent',
      markers: [],
    });
    const plan = planRegionFocus(props);
    expect(plan.regionBox).toBeNull();
    expect(Math.abs(plan.track[plan.track.length - 1].z - plan.track[0].z)).toBeLessThan(0.2);
  });
});

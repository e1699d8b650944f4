/**
 * country_data: an animated choropleth. The camera holds still on the world (or the region) while
 * the countries with a value fill in with their colour, and the legend panel explains the colours.
 *
 * Per frame the work stays small whatever the number of countries: each country's Path2D is built
 * once, the countries that have finished filling in are drawn into a cached layer as they settle
 * (in a render the frames come in order, so each country is drawn into it once), and a frame copies
 * that layer and draws only the few countries fading in at that moment.
 */
import { applyProjection, turningGlobe } from '../../lib/globe/globe-camera';
import { STYLES, type PropsOf } from '../../../src/modules/contract';
import { type CameraState, focusPoint, keepWorldInFrame, type Viewport } from '../../lib/camera/camera';
import { countryAtlas, countryDetailFor, countryPath, hasCountryAtlas, loadCountryAtlas } from '../../lib/map/country-atlas';
import { geoPath, type GeoProjection } from 'd3-geo';
import {
  containsPoint,
  countryFeature,
  countryGeometry,
  nearLongitude,
  type ProjectedCountry,
  projectCountry,
} from '../../lib/geo/countries';
import { LAND_MASK } from '../../lib/geo/country-frames';
import { screenObstacles, textOverlayRects } from '../../lib/scene/covers';
import { smootherstep } from '../../lib/time/easing';
import { planeLayout, tiltOf } from '../../lib/scene/frame-drawing';
import { isLandCell, LAND_MASK_CELL } from '../../lib/geo/land-mask';
import type { Rect } from '../../lib/layout/labels';
import { latitudeOf, project } from '../../lib/geo/mercator';
import { screenToPlane } from '../../lib/camera/perspective';
import { copiesOf, fillBeyondWorld, hideSouthOf, type PlaneView, planeView, setWorldTransform } from '../../lib/drawing/plane-drawing';
import { measureCssFont } from '../../lib/layout/measure-text';
import type { Box } from '../../lib/geo/route-geometry';
import { sizeUnit } from '../../lib/layout/safe-area';
import { lineScale, type ModeLayer, rastersFor, routeLook, type Scene, sceneWithLayer, viewportOf } from '../../lib/scene/scene';
import { paletteFor } from '../../lib/map/styles';
import { chooseLegendRect, drawLegend, legendCandidates, type LegendLayout, legendLayout } from './legend';
import { type CountryDataPlan, planCountryData } from './plan';

/** How far a world choropleth on a globe turns over the video: from the Americas to East Asia. */
const WORLD_GLOBE_TURN_DEGREES = 200;

export function buildCountryDataScene(props: PropsOf<'country_data'>): Scene {
  const plan = planCountryData(props);
  const viewport = viewportOf(props);
  const palette = paletteFor(props.style);
  // The choropleth's content is what its still camera frames (the world, or the region).
  const shownWidth = (viewport.width / 2 ** plan.camera.z) * 0.85;
  const still = Array.from({ length: props.durationInFrames }, () => ({ ...plan.camera }));
  const projected = applyProjection(still, props.projection, viewport, shownWidth, null);
  const onGlobe = projected.every((c) => c.globe === 1);
  // The whole world on a globe turns, and on a flat map held at its filling zoom (contract §22) pans, so that
  // every country with a value comes into view.
  const track = plan.settings.region
    ? keepWorldInFrame(projected, viewport)
    : onGlobe
      ? turningGlobe(projected, WORLD_GLOBE_TURN_DEGREES)
      : panningAcrossTheWorld(keepWorldInFrame(projected, viewport), viewport);
  return sceneWithLayer(
    {
      props,
      viewport,
      geometry: { centerLng: plan.centerLng, legs: [], waypoints: [], bbox: { minX: -0.5, minY: -0.5, maxX: 0.5, maxY: 0.5 } },
      timeline: plan.timeline,
      track,
      palette,
      route: routeLook(props, palette),
      ...rastersFor(track, viewport),
    },
    (scene) => countryDataLayer(scene, plan),
  );
}

/**
 * A flat world narrower than the world's width at the zoom it is held at pans from its west end to its east end
 * over the video, easing in and out, so every country is seen; a world that fits stays still.
 */
function panningAcrossTheWorld(track: CameraState[], viewport: Viewport): CameraState[] {
  const last = Math.max(1, track.length - 1);
  const focus = focusPoint(viewport);
  return track.map((camera, frame) => {
    const scale = 2 ** camera.z;
    const west = -0.5 + focus.x / scale;
    const east = 0.5 - (viewport.width - focus.x) / scale;
    if (west >= east) return camera;
    return { ...camera, x: west + (east - west) * smootherstep(frame / last) };
  });
}

/** A world choropleth shows no land south of 59°S: Antarctica, and only open ocean down to it. */
const ANTARCTIC_CUT_Y = project(0, -59, 0).y;

interface Shape {
  path: Path2D;
  box: Box;
  projected: ProjectedCountry;
  /** The country on the sphere, for the globe. */
  geo: GeoJSON.MultiPolygon;
}

function countryDataLayer(scene: Scene, plan: CountryDataPlan): ModeLayer {
  const { props, palette } = scene;
  const dark = STYLES.find((s) => s.id === props.style)?.dark ?? false;
  const unit = sizeUnit(props.width, props.height);
  const raster = scene.rasters.rasters[0];
  const detail = countryDetailFor(raster?.detail ?? '50m');
  // Thin lines between filled countries, in the map's own paper colour (light) or shadow (dark).
  const outline = dark ? 'rgba(0, 0, 0, 0.55)' : 'rgba(255, 255, 255, 0.9)';
  const outlineWidth = 0.8 * lineScale(props);

  let shapes: Map<string, Shape> | null = null;
  const shapeOf = (id: string): Shape | null => {
    if (!shapes) {
      shapes = new Map();
      const atlas = countryAtlas(detail);
      for (const fill of plan.fills) {
        const country = countryGeometry(atlas, fill.id);
        if (!country) continue;
        const projected = projectCountry(country, plan.centerLng);
        shapes.set(fill.id, { path: countryPath(projected), box: projected.box, projected, geo: countryFeature(country) });
      }
    }
    return shapes.get(id) ?? null;
  };

  const paint = (ctx: CanvasRenderingContext2D, view: PlaneView, index: number, alpha: number) => {
    const fill = plan.fills[index];
    const shape = shapeOf(fill.id);
    if (!shape) return;
    for (const k of copiesOf(shape.box, view)) {
      setWorldTransform(ctx, view, k);
      ctx.globalAlpha = alpha;
      ctx.fillStyle = fill.color;
      ctx.fill(shape.path, 'evenodd');
      ctx.strokeStyle = outline;
      ctx.lineWidth = outlineWidth / view.scale;
      ctx.stroke(shape.path);
    }
  };

  // The settled countries (a prefix of plan.fills), drawn into a layer the size of the plane canvas.
  let settled: { canvas: HTMLCanvasElement; count: number; key: string } | null = null;
  const settledLayer = (ctx: CanvasRenderingContext2D, view: PlaneView, count: number): HTMLCanvasElement => {
    const { width, height } = ctx.canvas;
    const key = `${width}x${height}:${view.scale}:${view.originX}:${view.originY}`;
    if (!settled || settled.key !== key || settled.count > count) {
      if (settled) settled.canvas.width = settled.canvas.height = 0;
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      settled = { canvas, count: 0, key };
    }
    if (settled.count < count) {
      const layer = settled.canvas.getContext('2d')!;
      layer.lineJoin = 'round';
      for (let i = settled.count; i < count; i++) paint(layer, view, i, 1);
      settled.count = count;
    }
    return settled.canvas;
  };

  const fills = plan.fills;
  const allAtOnce = plan.settings.reveal === 'all';

  /** On a globe: every country filled so far, projected and clipped at the horizon by d3 (no cached layer: the view turns). */
  const drawOnGlobe = (ctx: CanvasRenderingContext2D, frame: number, projection: GeoProjection) => {
    const path = geoPath(projection, ctx);
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.lineJoin = 'round';
    for (let i = 0; i < fills.length && fills[i].from < frame; i++) {
      const t = allAtOnce
        ? smootherstep((frame - fills[0].from) / Math.max(1, fills[0].to - fills[0].from))
        : smootherstep((frame - fills[i].from) / Math.max(1, fills[i].to - fills[i].from));
      const shape = shapeOf(fills[i].id);
      if (!shape || t <= 0) continue;
      ctx.globalAlpha = t;
      ctx.beginPath();
      path(shape.geo);
      ctx.fillStyle = fills[i].color;
      ctx.fill('evenodd');
      ctx.strokeStyle = outline;
      ctx.lineWidth = outlineWidth;
      ctx.stroke();
    }
    ctx.restore();
  };

  const drawPlane: ModeLayer['drawPlane'] = (ctx, frame, surface) => {
    if (surface.globe) return drawOnGlobe(ctx, frame, surface.globe.projection);
    const view = planeView(ctx, surface.flat.toX, surface.flat.toY);
    if (!plan.settings.region) hideSouthOf(ctx, view, palette, ANTARCTIC_CUT_Y);
    fillBeyondWorld(ctx, view, palette);
    if (!fills.length) return;
    ctx.save();
    if (allAtOnce) {
      const t = smootherstep((frame - fills[0].from) / Math.max(1, fills[0].to - fills[0].from));
      if (t > 0) {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.globalAlpha = t;
        ctx.drawImage(settledLayer(ctx, view, fills.length), 0, 0);
      }
    } else {
      let count = 0;
      while (count < fills.length && fills[count].to <= frame) count++;
      if (count > 0) {
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.globalAlpha = 1;
        ctx.drawImage(settledLayer(ctx, view, count), 0, 0);
      }
      ctx.lineJoin = 'round';
      for (let i = count; i < fills.length && fills[i].from < frame; i++) {
        const t = smootherstep((frame - fills[i].from) / Math.max(1, fills[i].to - fills[i].from));
        paint(ctx, view, i, t);
      }
    }
    ctx.restore();
  };

  // The legend: laid out and placed once (the camera does not move), when first needed.
  let legend: { layout: LegendLayout; rect: Rect } | null = null;
  // The still camera as the flat map draws it (kept from showing the world's edge).
  const camera = keepWorldInFrame([plan.camera], scene.viewport)[0];
  const plane = planeLayout(scene);
  const focus = focusPoint(scene.viewport);
  const scale = 2 ** camera.z;
  /** What lies under a screen point: 2 a country with a value, 1 other land, 0 water. */
  const cover = (sx: number, sy: number): number => {
    const p = screenToPlane(sx - focus.x, sy - focus.y, tiltOf(camera, plane));
    const wx = camera.x + p.x / scale;
    const wy = camera.y + p.y / scale;
    for (const fill of fills) {
      const shape = shapeOf(fill.id);
      if (!shape) continue;
      const x = wx - Math.round(wx - (shape.box.minX + shape.box.maxX) / 2);
      if (x < shape.box.minX || x > shape.box.maxX || wy < shape.box.minY || wy > shape.box.maxY) continue;
      if (shape.projected.polygons.some((polygon) => containsPoint(polygon.rings, x, wy))) return 2;
    }
    // Beyond the map's ±85°, and south of the cut on a world map: plain water.
    if (Math.abs(wy) > 0.5 || (!plan.settings.region && wy > ANTARCTIC_CUT_Y)) return 0;
    const lat = latitudeOf(wy);
    const lng = nearLongitude(plan.centerLng + wx * 360, 0);
    return isLandCell(LAND_MASK, Math.floor((90 - lat) / LAND_MASK_CELL), Math.floor((lng + 180) / LAND_MASK_CELL)) ? 1 : 0;
  };

  /** The legend's layout and place, decided once per video (clear of the screen's obstacles and every text overlay). */
  const legendOf = () => {
    if (legend) return legend;
    const insets = scene.viewport.insets;
    const safe = {
      x: insets.left,
      y: insets.top,
      width: props.width - insets.left - insets.right,
      height: props.height - insets.top - insets.bottom,
    };
    const l = legendLayout(
      measureCssFont,
      plan.settings.legend.title,
      plan.settings.legend.unit,
      plan.scale.mid !== null,
      unit,
      safe.width,
    );
    const avoid = [...screenObstacles(scene), ...textOverlayRects(scene)];
    legend = { layout: l, rect: chooseLegendRect(legendCandidates(safe, l.width, l.height), cover, avoid) };
    return legend;
  };
  const legendShown = (frame: number) => smootherstep((frame - plan.legendAt) / (props.fps * 0.5));

  const layout: ModeLayer['layout'] = (frame) => {
    const shown = legendShown(frame);
    const rect = shown > 0 ? legendOf().rect : null;
    return {
      routes: [],
      markers: [],
      labels: [],
      panels: rect ? [{ kind: 'panel', id: 'legend', ...rect, opacity: shown }] : [],
      omitted: [],
    };
  };

  const drawOverlay: ModeLayer['drawOverlay'] = (ctx, frame) => {
    const shown = legendShown(frame);
    if (shown <= 0) return;
    const { layout: l, rect } = legendOf();
    // Ranked: the bar lights up to the value of the last country that has filled in.
    let filled = 1;
    if (!allAtOnce && fills.length) {
      let last = -1;
      for (let i = 0; i < fills.length && fills[i].from <= frame; i++) last = i;
      const t = last >= 0 ? smootherstep((frame - fills[last].from) / Math.max(1, fills[last].to - fills[last].from)) : 0;
      const previous = last > 0 ? plan.scale.position(fills[last - 1].value) : 0;
      filled = last >= 0 ? previous + (plan.scale.position(fills[last].value) - previous) * t : 0;
    }
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    drawLegend(ctx, l, rect, plan.scale, palette, unit, shown, filled);
    ctx.restore();
  };

  return {
    drawPlane,
    marks: () => ({ routes: [], markers: [] }),
    layout,
    drawOverlay,
    assets: fills.length ? { ready: () => hasCountryAtlas(detail), load: () => loadCountryAtlas(detail) } : undefined,
  };
}

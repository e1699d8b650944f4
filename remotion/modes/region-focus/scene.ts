/**
 * region_focus: the camera flies in to a region and holds on it. As it arrives the region is
 * filled and outlined and the rest of the world dimmed; then the markers appear with their labels,
 * and the region's title at the top of the safe area.
 */
import { applyProjection } from '../../lib/globe-camera';
import { STYLES, type PropsOf } from '../../../src/modules/rendering/contract';
import { countryAtlas, countryDetailFor, countryPath, hasCountryAtlas, loadCountryAtlas } from '../../lib/country-atlas';
import { geoPath, type GeoProjection } from 'd3-geo';
import { boxFeature, countryFeature, countryGeometry, projectCountry } from '../../lib/countries';
import { latitudeOf } from '../../lib/mercator';
import { clamp01, smootherstep } from '../../lib/easing';
import { cameraAt, worldToScreen } from '../../lib/frame-drawing';
import { type LabelRequest, placeLabels, type Rect } from '../../lib/labels';
import { copiesOf, fillBeyondWorld, planeView, setWorldTransform } from '../../lib/plane-drawing';
import { detailForZoom } from '../../lib/raster-plan';
import type { Box } from '../../lib/route-geometry';
import { sizeUnit } from '../../lib/safe-area';
import { lineScale, type ModeLayer, rastersFor, routeLook, type Scene, sceneWithLayer, viewportOf } from '../../lib/scene';
import { paletteFor } from '../../lib/styles';
import { planRegionFocus, type RegionFocusPlan } from './plan';

/** `#rrggbb` → `rgba(r, g, b, alpha)`. */
export function withAlpha(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

export function buildRegionFocusScene(props: PropsOf<'region_focus'>): Scene {
  const plan = planRegionFocus(props);
  const viewport = viewportOf(props);
  const track = applyProjection(
    plan.track,
    props.projection,
    viewport,
    plan.regionBox ? plan.regionBox.maxX - plan.regionBox.minX : 1,
    null,
  );
  const palette = paletteFor(props.style);
  const highlight = plan.settings.highlight_color ?? palette.regionHighlight;
  const bbox = plan.regionBox ?? { minX: -0.5, minY: -0.5, maxX: 0.5, maxY: 0.5 };
  return sceneWithLayer(
    {
      props,
      viewport,
      geometry: { centerLng: plan.centerLng, legs: [], waypoints: plan.markers, bbox },
      timeline: plan.timeline,
      track,
      palette,
      // The title card's accent bar takes the region's colour.
      route: { ...routeLook(props, palette), color: highlight },
      ...rastersFor(track, viewport),
    },
    (scene) => regionFocusLayer(scene, plan, highlight),
  );
}

interface RegionShape {
  path: Path2D;
  box: Box;
  /** The region on the sphere, for the globe. */
  geo: GeoJSON.Geometry;
}

function regionFocusLayer(scene: Scene, plan: RegionFocusPlan, highlight: string): ModeLayer {
  const { props, palette } = scene;
  const dark = STYLES.find((s) => s.id === props.style)?.dark ?? false;
  const unit = sizeUnit(props.width, props.height);
  const fps = props.fps;
  const countryId = plan.target?.countryId ?? null;
  // Polygons as fine as the coastline of the held view.
  const holdRaster = scene.rasters.rasters[scene.rasters.rasterOfFrame[scene.track.length - 1]];
  const detail = countryDetailFor(holdRaster?.detail ?? detailForZoom(plan.hold.z));

  let shape: RegionShape | null | undefined;
  const regionShape = (): RegionShape | null => {
    if (shape !== undefined) return shape;
    shape = null;
    if (countryId) {
      const country = countryGeometry(countryAtlas(detail), countryId);
      if (country) {
        const projected = projectCountry(country, plan.centerLng);
        shape = { path: countryPath(projected), box: projected.box, geo: countryFeature(country) };
      }
    } else if (plan.regionBox) {
      const b = plan.regionBox;
      const path = new Path2D();
      path.rect(b.minX, b.minY, b.maxX - b.minX, b.maxY - b.minY);
      const west = b.minX * 360 + plan.centerLng;
      const east = b.maxX * 360 + plan.centerLng;
      shape = { path, box: b, geo: boxFeature(west, latitudeOf(b.maxY), east, latitudeOf(b.minY)) };
    }
    return shape;
  };

  const revealAt = (frame: number) =>
    plan.revealTo > plan.revealFrom
      ? smootherstep((frame - plan.revealFrom) / (plan.revealTo - plan.revealFrom))
      : frame >= plan.revealTo
        ? 1
        : 0;
  const width = lineScale(props);

  const dimColor = dark ? 'rgba(0, 0, 0, 0.5)' : 'rgba(24, 36, 50, 0.24)';
  const regionFill = withAlpha(highlight, dark ? 0.42 : 0.34);

  /** On a globe: the same dimming, fill and outline, projected and clipped at the horizon by d3. */
  const drawOnGlobe = (ctx: CanvasRenderingContext2D, frame: number, projection: GeoProjection) => {
    const reveal = revealAt(frame);
    const region = reveal > 0 ? regionShape() : null;
    if (!region) return;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const outline = new Path2D();
    geoPath(projection, outline as unknown as CanvasRenderingContext2D)(region.geo);
    const dim = new Path2D();
    dim.rect(0, 0, ctx.canvas.width, ctx.canvas.height);
    dim.addPath(outline);
    ctx.globalAlpha = reveal;
    ctx.fillStyle = dimColor;
    ctx.fill(dim, 'evenodd');
    ctx.fillStyle = regionFill;
    ctx.fill(outline, 'evenodd');
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.strokeStyle = highlight;
    ctx.globalAlpha = reveal * 0.28;
    ctx.lineWidth = 5 * width;
    ctx.stroke(outline);
    ctx.globalAlpha = reveal;
    ctx.lineWidth = 1.8 * width;
    ctx.stroke(outline);
    ctx.restore();
  };

  const drawPlane: ModeLayer['drawPlane'] = (ctx, frame, surface) => {
    if (surface.globe) return drawOnGlobe(ctx, frame, surface.globe.projection);
    const view = planeView(ctx, surface.flat.toX, surface.flat.toY);
    fillBeyondWorld(ctx, view, palette);
    const reveal = revealAt(frame);
    const region = reveal > 0 ? regionShape() : null;
    if (!region) return;
    const copies = copiesOf(region.box, view);
    ctx.save();
    // Dim everything but the region: one even-odd fill of the canvas with the region's copies cut out.
    const dim = new Path2D();
    const v = view.visible;
    dim.rect(v.minX, v.minY, v.maxX - v.minX, v.maxY - v.minY);
    for (const k of copies) dim.addPath(region.path, new DOMMatrix([1, 0, 0, 1, k, 0]));
    setWorldTransform(ctx, view);
    ctx.globalAlpha = reveal;
    ctx.fillStyle = dimColor;
    ctx.fill(dim, 'evenodd');

    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    for (const k of copies) {
      setWorldTransform(ctx, view, k);
      ctx.globalAlpha = reveal;
      ctx.fillStyle = regionFill;
      ctx.fill(region.path, 'evenodd');
      // A soft halo, then the outline itself.
      ctx.strokeStyle = highlight;
      ctx.globalAlpha = reveal * 0.28;
      ctx.lineWidth = (5 * width) / view.scale;
      ctx.stroke(region.path);
      ctx.globalAlpha = reveal;
      ctx.lineWidth = (1.8 * width) / view.scale;
      ctx.stroke(region.path);
    }
    ctx.restore();
  };

  const drawOverlay: ModeLayer['drawOverlay'] = (ctx, frame, obstacles) => {
    const camera = cameraAt(scene, frame);
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const reveal = revealAt(frame);

    // A region too small to see at this zoom (Monaco, Singapore) gets a ring around it.
    const region = reveal > 0 ? regionShape() : null;
    if (region) {
      const a = worldToScreen(scene, camera, region.box.minX, region.box.minY);
      const b = worldToScreen(scene, camera, region.box.maxX, region.box.maxY);
      const size = Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y));
      if (size < unit * 3) {
        const r = unit * (2.6 + 0.4 * (1 - reveal));
        ctx.globalAlpha = reveal;
        ctx.beginPath();
        ctx.arc((a.x + b.x) / 2, (a.y + b.y) / 2, r, 0, Math.PI * 2);
        ctx.strokeStyle = palette.labelHalo;
        ctx.lineWidth = unit * 0.9;
        ctx.stroke();
        ctx.strokeStyle = highlight;
        ctx.lineWidth = unit * 0.45;
        ctx.stroke();
      }
    }

    const avoid: Rect[] = [...obstacles];
    if (plan.settings.label && plan.labelRect) {
      const shown = smootherstep((frame - (plan.revealFrom + (plan.revealTo - plan.revealFrom) * 0.4)) / (fps * 0.5));
      if (shown > 0) avoid.push(drawTitle(ctx, plan.settings.label, plan.labelRect, shown, unit, palette, highlight));
    }

    // Markers and their labels.
    const visible = plan.markers
      .map((p, i) => ({
        i,
        t: clamp01((frame - plan.markerAt[i]) / Math.max(1, plan.markerFade)),
        at: worldToScreen(scene, camera, p.x, p.y),
      }))
      .filter((m) => m.t > 0);
    const radius = unit * 0.95;
    const markerRects = visible.map((m) => ({ x: m.at.x - radius, y: m.at.y - radius, width: 2 * radius, height: 2 * radius }));
    const font = `600 ${(unit * 2.5).toFixed(1)}px "DejaVu Sans", sans-serif`;
    ctx.font = font;
    const requests: LabelRequest[] = [];
    for (const m of visible) {
      const text = plan.settings.markers[m.i].label;
      if (!text) continue;
      requests.push({
        id: m.i,
        anchor: m.at,
        width: ctx.measureText(text).width + unit * 1.2,
        height: unit * 2.5 * 1.35,
        priority: -m.i,
        gap: radius + unit * 0.5,
      });
    }
    const safe = scene.viewport.insets;
    const bounds = {
      x: safe.left,
      y: safe.top,
      width: props.width - safe.left - safe.right,
      height: props.height - safe.top - safe.bottom,
    };
    const placed: ReturnType<typeof placeLabels> = [];
    // One label at a time, each avoiding the other markers (its own is kept clear by the gap).
    for (const request of requests) {
      const others = markerRects.filter((_, k) => visible[k].i !== request.id);
      placed.push(...placeLabels([request], bounds, [...avoid, ...others, ...placed]));
    }

    for (const m of visible) {
      const a = smootherstep(m.t);
      const r = radius * (0.4 + 0.6 * smootherstep(m.t * 1.4));
      ctx.globalAlpha = a;
      ctx.beginPath();
      ctx.arc(m.at.x, m.at.y, r * 2, 0, Math.PI * 2);
      ctx.fillStyle = highlight;
      ctx.globalAlpha = a * 0.25;
      ctx.fill();
      ctx.globalAlpha = a;
      ctx.beginPath();
      ctx.arc(m.at.x, m.at.y, r, 0, Math.PI * 2);
      ctx.fillStyle = palette.marker;
      ctx.fill();
      ctx.lineWidth = unit * 0.36;
      ctx.strokeStyle = palette.markerStroke;
      ctx.stroke();
    }
    ctx.textBaseline = 'middle';
    ctx.lineJoin = 'round';
    ctx.font = font;
    for (const p of placed) {
      const m = visible.find((v) => v.i === p.id)!;
      const a = smootherstep(m.t);
      const slide = (1 - a) * unit * 0.8;
      const tx = p.x + unit * 0.6 + (p.side.includes('left') ? slide : p.side.includes('right') ? -slide : 0);
      const ty = p.y + p.height / 2 + (p.side.startsWith('top') ? slide : p.side.startsWith('bottom') ? -slide : 0);
      const text = plan.settings.markers[p.id].label!;
      ctx.globalAlpha = a;
      ctx.strokeStyle = palette.labelHalo;
      ctx.lineWidth = unit * 0.55;
      ctx.strokeText(text, tx, ty);
      ctx.fillStyle = palette.labelText;
      ctx.fillText(text, tx, ty);
    }
    ctx.restore();
  };

  return {
    drawPlane,
    drawOverlay,
    assets: countryId ? { ready: () => hasCountryAtlas(detail), load: () => loadCountryAtlas(detail) } : undefined,
  };
}

/**
 * The region's title, centred at the top of the safe area on a panel with a colour chip of the
 * region; it shrinks to fit one line. Returns the rectangle it covers.
 */
function drawTitle(
  ctx: CanvasRenderingContext2D,
  text: string,
  band: Rect,
  shown: number,
  unit: number,
  palette: ReturnType<typeof paletteFor>,
  highlight: string,
): Rect {
  let size = unit * 4.2;
  const maxText = band.width - unit * 9;
  ctx.font = `700 ${size.toFixed(1)}px "DejaVu Sans", sans-serif`;
  const measured = ctx.measureText(text).width;
  if (measured > maxText) {
    size = Math.max(unit * 2.4, (size * maxText) / measured);
    ctx.font = `700 ${size.toFixed(1)}px "DejaVu Sans", sans-serif`;
  }
  const textWidth = Math.min(maxText, ctx.measureText(text).width);
  const chip = unit * 1.5;
  const padX = unit * 2.2;
  const height = size * 1.9;
  const width = padX * 2 + chip + unit * 1.4 + textWidth;
  const x = band.x + (band.width - width) / 2;
  const y = band.y + (band.height - height) / 2 - (1 - shown) * unit * 1.5;
  ctx.globalAlpha = shown;
  ctx.fillStyle = palette.panel;
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, height / 2);
  ctx.fill();
  ctx.fillStyle = highlight;
  ctx.beginPath();
  ctx.arc(x + padX + chip / 2, y + height / 2, chip / 2, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = palette.panelText;
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x + padX + chip + unit * 1.4, y + height / 2 + size * 0.04, maxText);
  ctx.globalAlpha = 1;
  return { x, y, width, height };
}

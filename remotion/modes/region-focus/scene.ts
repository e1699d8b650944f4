/**
 * region_focus: the camera flies in to a region and holds on it. As it arrives the region is
 * filled and outlined and the rest of the world dimmed; then the markers appear with their labels,
 * and the region's title at the top of the safe area.
 */
import { applyProjection } from '../../lib/globe/globe-camera';
import { keepWorldInFrame } from '../../lib/camera/camera';
import { STYLES, type PropsOf } from '../../../src/modules/contract';
import { countryAtlas, countryDetailFor, countryPath, hasCountryAtlas, loadCountryAtlas } from '../../lib/map/country-atlas';
import { geoPath, type GeoProjection } from 'd3-geo';
import { boxFeature, countryFeature, countryGeometry, projectCountry } from '../../lib/geo/countries';
import { latitudeOf } from '../../lib/geo/mercator';
import { clamp01, smootherstep } from '../../lib/time/easing';
import { cameraAt, screenProjector, worldToScreen } from '../../lib/scene/frame-drawing';
import { type LabelRequest, placeLabels, pointInside, type Rect } from '../../lib/layout/labels';
import { measureCssFont } from '../../lib/layout/measure-text';
import { copiesOf, fillBeyondWorld, planeView, setWorldTransform } from '../../lib/drawing/plane-drawing';
import { detailForZoom } from '../../lib/map/raster-plan';
import type { Box } from '../../lib/geo/route-geometry';
import { sizeUnit } from '../../lib/layout/safe-area';
import { lineScale, type ModeLayer, rastersFor, routeLook, type Scene, sceneWithLayer, viewportOf } from '../../lib/scene/scene';
import { paletteFor } from '../../lib/map/styles';
import { drawTextLabels, labelFont, labelFontPx, type TextLabel } from '../../lib/layout/text-label';
import { planRegionFocus, type RegionFocusPlan } from './plan';

/** `#rrggbb` → `rgba(r, g, b, alpha)`. */
export function withAlpha(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

export function buildRegionFocusScene(props: PropsOf<'region_focus'>): Scene {
  const plan = planRegionFocus(props);
  const viewport = viewportOf(props);
  const track = keepWorldInFrame(
    applyProjection(plan.track, props.projection, viewport, plan.regionBox ? plan.regionBox.maxX - plan.regionBox.minX : 1, null),
    viewport,
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

  const markerRadius = unit * 0.95;

  /** The markers showing on a frame: how far each has faded in, and where it is. */
  const markersShowing = (frame: number) => {
    const camera = cameraAt(scene, frame);
    const toScreen = screenProjector(scene, camera);
    return plan.markers
      .map((p, i) => ({ i, t: clamp01((frame - plan.markerAt[i]) / Math.max(1, plan.markerFade)), at: toScreen(p.x, p.y) }))
      .filter((m) => m.t > 0 && !m.at.hidden);
  };

  const marks: ModeLayer['marks'] = (frame) => ({
    routes: [],
    markers: markersShowing(frame).map((m) => {
      // The soft disc round the dot, as drawn.
      const reach = markerRadius * (0.4 + 0.6 * smootherstep(m.t * 1.4)) * 2;
      const label = plan.settings.markers[m.i].label;
      return {
        id: `marker ${m.i}${label ? ` (${label})` : ''}`,
        x: m.at.x - reach,
        y: m.at.y - reach,
        width: 2 * reach,
        height: 2 * reach,
        opacity: smootherstep(m.t),
      };
    }),
  });

  /** The region's title on its panel, once it shows; null before. */
  const titleAt = (frame: number): TextLabel | null => {
    if (!plan.settings.label || !plan.labelRect) return null;
    const shown = smootherstep((frame - (plan.revealFrom + (plan.revealTo - plan.revealFrom) * 0.4)) / (fps * 0.5));
    return shown > 0 ? regionTitle(plan.settings.label, plan.labelRect, shown, unit, palette) : null;
  };

  const layout: ModeLayer['layout'] = (frame, obstacles) => {
    const title = titleAt(frame);
    const avoid: Rect[] = [...obstacles, ...(title?.plate ? [title.plate] : [])];
    const visible = markersShowing(frame);
    const markerRects = visible.map((m) => ({
      x: m.at.x - markerRadius,
      y: m.at.y - markerRadius,
      width: 2 * markerRadius,
      height: 2 * markerRadius,
    }));
    const px = labelFontPx(2.5, unit);
    const font = labelFont(px, 600);
    const requests: LabelRequest[] = [];
    for (const m of visible) {
      const text = plan.settings.markers[m.i].label;
      if (!text) continue;
      requests.push({
        id: m.i,
        anchor: m.at,
        width: measureCssFont(text, font) + unit * 1.2,
        height: px * 1.35,
        priority: -m.i,
        gap: markerRadius + unit * 0.5,
      });
    }
    const safe = scene.viewport.insets;
    const bounds = {
      x: safe.left,
      y: safe.top,
      width: props.width - safe.left - safe.right,
      height: props.height - safe.top - safe.bottom,
    };
    // One label at a time, each avoiding the other markers (its own is kept clear by the gap).
    const placeAvoiding = (obstacles: Rect[]) => {
      const placed: ReturnType<typeof placeLabels> = [];
      for (const request of requests) {
        const others = markerRects.filter((_, k) => visible[k].i !== request.id);
        placed.push(...placeLabels([request], bounds, [...obstacles, ...others, ...placed]));
      }
      return placed;
    };
    const placed = placeAvoiding(avoid);
    const labels: TextLabel[] = placed.map((p) => {
      const m = visible.find((v) => v.i === p.id)!;
      const opacity = smootherstep(m.t);
      const slide = (1 - opacity) * unit * 0.8;
      const dx = p.side.includes('left') ? slide : p.side.includes('right') ? -slide : 0;
      const dy = p.side.startsWith('top') ? slide : p.side.startsWith('bottom') ? -slide : 0;
      const text = plan.settings.markers[p.id].label!;
      return {
        id: `marker ${p.id} (${text})`,
        text,
        font,
        fontPx: px,
        x: p.x + dx,
        y: p.y + dy,
        width: p.width,
        height: p.height,
        textX: p.x + unit * 0.6 + dx,
        textY: p.y + p.height / 2 + dy,
        align: 'left',
        color: palette.labelText,
        backing: { kind: 'halo', color: palette.labelHalo },
        haloWidth: unit * 0.55,
        plate: null,
        opacity,
      };
    });
    // Left out for what is over the map: labels of markers in the safe area that would have had room without it.
    const crowdedOut = requests.filter((r) => !placed.some((p) => p.id === r.id) && pointInside(r.anchor, bounds));
    const roomWithout = crowdedOut.length ? placeAvoiding([]) : [];
    const omitted = crowdedOut
      .filter((r) => roomWithout.some((p) => p.id === r.id))
      .map((r) => `marker ${r.id} (${plan.settings.markers[r.id].label})`);
    return {
      ...marks(frame),
      labels: title ? [title, ...labels] : labels,
      panels: title?.plate ? [{ kind: 'panel', id: title.id, ...title.plate, opacity: title.opacity }] : [],
      omitted,
    };
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

    const { labels } = layout(frame, obstacles);
    // The region's title is the one label on a plate.
    const title = labels.find((l) => l.plate) ?? null;
    if (title) drawRegionTitle(ctx, title, highlight, unit);

    // Markers, then their labels.
    for (const m of markersShowing(frame)) {
      const a = smootherstep(m.t);
      const r = markerRadius * (0.4 + 0.6 * smootherstep(m.t * 1.4));
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
    drawTextLabels(
      ctx,
      labels.filter((l) => l !== title),
    );
    ctx.restore();
  };

  return {
    drawPlane,
    marks,
    layout,
    drawOverlay,
    assets: countryId ? { ready: () => hasCountryAtlas(detail), load: () => loadCountryAtlas(detail) } : undefined,
  };
}

/**
 * The region's title, centred at the top of the safe area on a panel with a colour chip of the
 * region; it shrinks to fit one line (to a floor, then it is cut).
 */
function regionTitle(text: string, band: Rect, shown: number, unit: number, palette: ReturnType<typeof paletteFor>): TextLabel {
  const maxText = band.width - unit * 9;
  let size = labelFontPx(4.2, unit);
  const measured = measureCssFont(text, labelFont(size, 700));
  if (measured > maxText) size = Math.max(labelFontPx(2.4, unit), Math.floor(((size * maxText) / measured) * 10) / 10);
  const font = labelFont(size, 700);
  const textWidth = Math.min(maxText, measureCssFont(text, font));
  const chip = unit * 1.5;
  const padX = unit * 2.2;
  const height = size * 1.9;
  const width = padX * 2 + chip + unit * 1.4 + textWidth;
  const x = band.x + (band.width - width) / 2;
  const y = band.y + (band.height - height) / 2 - (1 - shown) * unit * 1.5;
  const textX = x + padX + chip + unit * 1.4;
  return {
    id: `region title (${text})`,
    text,
    font,
    fontPx: size,
    x: textX,
    y: y + (height - size * 1.2) / 2,
    width: textWidth,
    height: size * 1.2,
    textX,
    textY: y + height / 2 + size * 0.04,
    align: 'left',
    color: palette.panelText,
    backing: { kind: 'plate', color: palette.panel },
    haloWidth: 0,
    plate: { x, y, width, height, radius: height / 2, edge: null },
    opacity: shown,
  };
}

/** Draws the region's title: its panel, the region's colour chip, the text (cut to the panel). */
function drawRegionTitle(ctx: CanvasRenderingContext2D, title: TextLabel, highlight: string, unit: number): void {
  const plate = title.plate!;
  const chip = unit * 1.5;
  ctx.globalAlpha = title.opacity;
  ctx.fillStyle = title.backing.color;
  ctx.beginPath();
  ctx.roundRect(plate.x, plate.y, plate.width, plate.height, plate.radius);
  ctx.fill();
  ctx.fillStyle = highlight;
  ctx.beginPath();
  ctx.arc(plate.x + unit * 2.2 + chip / 2, plate.y + plate.height / 2, chip / 2, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = title.color;
  ctx.font = title.font;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(title.text, title.textX, title.textY, title.width);
  ctx.globalAlpha = 1;
}

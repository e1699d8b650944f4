/**
 * The maths of the Earth's imagery and relief (contract §21), on plain pixel arrays so that it runs
 * (and is tested) outside the browser: relief shading from the elevation map, the imagery re-cut
 * into the flat map's Web-Mercator rows, and the orthographic globe sampled pixel by pixel.
 *
 * Textures are equirectangular, as NASA ships them: column 0 at 180° W, row 0 at 90° N. Pixels are
 * RGBA bytes read as one little-endian 32-bit word (0xAABBGGRR), as a canvas's ImageData holds them.
 */
import { latitudeOf } from '../geo/mercator';

export interface Texture {
  width: number;
  height: number;
  pixels: Uint32Array;
}

const EARTH_RADIUS_M = 6_371_000;
/** The elevation map's grey levels span sea level to Everest. */
const METRES_PER_LEVEL = 8848 / 255;
/**
 * Vertical exaggeration at `exaggeration: 1`. The map has a pixel every ~20 km, over which even the
 * Himalaya rise only a few hundred metres: true slopes would shade nothing at the scale a video shows.
 */
const BASE_Z_FACTOR = 28;
/** The sun of a relief map: from the north-west, 45° high. */
const LIGHT_AZIMUTH = (315 * Math.PI) / 180;
const LIGHT_ALTITUDE = (45 * Math.PI) / 180;

/**
 * Relief shading of an elevation map (grey levels, one byte per pixel): per pixel how much more (up
 * to 1) or less (down to −1) light its slope catches than flat ground does. The sea and plains are 0.
 */
export function reliefShade(elevation: Uint8Array | Uint8ClampedArray, width: number, height: number, exaggeration: number): Float32Array {
  const smooth = boxBlur(boxBlur(Float32Array.from(elevation), width, height), width, height);
  const shade = new Float32Array(width * height);
  if (exaggeration <= 0) return shade;
  const k = BASE_Z_FACTOR * exaggeration * METRES_PER_LEVEL;
  // Towards the light: its east and south components (x grows east, rows grow south).
  const lx = Math.cos(LIGHT_ALTITUDE) * Math.sin(LIGHT_AZIMUTH);
  const ly = -Math.cos(LIGHT_ALTITUDE) * Math.cos(LIGHT_AZIMUTH);
  const lz = Math.sin(LIGHT_ALTITUDE);
  const dy = (Math.PI * EARTH_RADIUS_M) / height;
  for (let y = 0; y < height; y++) {
    const lat = 90 - ((y + 0.5) / height) * 180;
    const dx = Math.max(0.05, Math.cos((lat * Math.PI) / 180)) * ((2 * Math.PI * EARTH_RADIUS_M) / width);
    const up = Math.max(0, y - 1) * width;
    const down = Math.min(height - 1, y + 1) * width;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const west = x === 0 ? width - 1 : x - 1;
      const east = x === width - 1 ? 0 : x + 1;
      const dzdx = (k * (smooth[row + east] - smooth[row + west])) / (2 * dx);
      const dzdy = (k * (smooth[down + x] - smooth[up + x])) / (2 * dy);
      const lit = (-dzdx * lx - dzdy * ly + lz) / Math.sqrt(dzdx * dzdx + dzdy * dzdy + 1);
      shade[row + x] = Math.max(-1, Math.min(1, (lit - lz) / lz));
    }
  }
  return shade;
}

/** A 3×3 box blur (wrapping east–west): the 8-bit elevation's steps would otherwise shade as terraces. */
function boxBlur(values: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(values.length);
  for (let y = 0; y < height; y++) {
    const rows = [Math.max(0, y - 1), y, Math.min(height - 1, y + 1)].map((r) => r * width);
    for (let x = 0; x < width; x++) {
      const west = x === 0 ? width - 1 : x - 1;
      const east = x === width - 1 ? 0 : x + 1;
      let sum = 0;
      for (const r of rows) sum += values[r + west] + values[r + x] + values[r + east];
      out[y * width + x] = sum / 9;
    }
  }
  return out;
}

/** The shade at a texture pixel of another size (bilinear, wrapping east–west). */
function shadeAt(shade: Float32Array, width: number, height: number, u: number, v: number): number {
  const x = u * width - 0.5;
  const y = Math.max(0, Math.min(height - 1.001, v * height - 0.5));
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const xa = ((x0 % width) + width) % width;
  const xb = (xa + 1) % width;
  const top = shade[y0 * width + xa] * (1 - fx) + shade[y0 * width + xb] * fx;
  const bottom = shade[(y0 + 1) * width + xa] * (1 - fx) + shade[(y0 + 1) * width + xb] * fx;
  return top * (1 - fy) + bottom * fy;
}

/** Imagery with relief: each pixel brightened on slopes facing the light and darkened on the others. */
export function shadeImagery(imagery: Texture, shade: Float32Array, shadeWidth: number, shadeHeight: number): Texture {
  const { width, height } = imagery;
  const pixels = new Uint32Array(width * height);
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) / height;
    for (let x = 0; x < width; x++) {
      const s = shadeAt(shade, shadeWidth, shadeHeight, (x + 0.5) / width, v);
      const i = y * width + x;
      const p = imagery.pixels[i];
      if (s === 0) {
        pixels[i] = p;
        continue;
      }
      const f = s < 0 ? 1 + 0.75 * s : 1 + 0.45 * s;
      const r = Math.min(255, (p & 255) * f);
      const g = Math.min(255, ((p >>> 8) & 255) * f);
      const b = Math.min(255, ((p >>> 16) & 255) * f);
      pixels[i] = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
    }
  }
  return { width, height, pixels };
}

/**
 * Relief as a layer to lay over a style's flat land: black where slopes turn from the light, white
 * where they face it, transparent on flat ground and at sea.
 */
export function reliefOverlay(shade: Float32Array, width: number, height: number, strength: { shadow: number; light: number }): Texture {
  const pixels = new Uint32Array(width * height);
  for (let i = 0; i < pixels.length; i++) {
    const s = shade[i];
    if (s < 0) pixels[i] = (Math.round(Math.min(1, -s * strength.shadow) * 255) << 24) >>> 0;
    else if (s > 0) pixels[i] = ((Math.round(Math.min(1, s * strength.light) * 255) << 24) | 0xffffff) >>> 0;
  }
  return { width, height, pixels };
}

/**
 * The flat map's picture of a texture: a square in Web-Mercator rows (the world's width and its
 * height to ±85.05°), same columns. Each output row takes the texture row at its latitude.
 */
export function mercatorTexture(texture: Texture, size = texture.width): Texture {
  const pixels = new Uint32Array(size * size);
  const scaleX = texture.width / size;
  for (let y = 0; y < size; y++) {
    const lat = latitudeOf((y + 0.5) / size - 0.5);
    const row = Math.min(texture.height - 1, Math.floor(((90 - lat) / 180) * texture.height)) * texture.width;
    if (scaleX === 1) {
      pixels.set(texture.pixels.subarray(row, row + texture.width), y * size);
    } else {
      for (let x = 0; x < size; x++) pixels[y * size + x] = texture.pixels[row + Math.floor(x * scaleX)];
    }
  }
  return { width: size, height: size, pixels };
}

/** Half the size (2×2 averages): the texture a small globe samples without shimmering. */
export function halfTexture(texture: Texture): Texture {
  const width = texture.width >> 1;
  const height = texture.height >> 1;
  const pixels = new Uint32Array(width * height);
  const src = texture.pixels;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = src[2 * y * texture.width + 2 * x];
      const b = src[2 * y * texture.width + 2 * x + 1];
      const c = src[(2 * y + 1) * texture.width + 2 * x];
      const d = src[(2 * y + 1) * texture.width + 2 * x + 1];
      let word = 0;
      for (let shift = 0; shift < 32; shift += 8) {
        const channel = (((a >>> shift) & 255) + ((b >>> shift) & 255) + ((c >>> shift) & 255) + ((d >>> shift) & 255) + 2) >> 2;
        word |= channel << shift;
      }
      pixels[y * width + x] = word >>> 0;
    }
  }
  return { width, height, pixels };
}

/** Where the globe's picture goes: the canvas rectangle it covers, and how many canvas pixels one sample spans. */
export interface GlobeSampling {
  /** The globe's centre and radius in canvas pixels. */
  originX: number;
  originY: number;
  radius: number;
  /** Longitude (degrees) and latitude (radians) at the centre. */
  lng0: number;
  phi0: number;
  /** The canvas rectangle sampled (whole pixels), and canvas pixels per sample. */
  left: number;
  top: number;
  width: number;
  height: number;
  step: number;
}

/**
 * Which texel each sample shows, for a globe of a given size and tilt towards the poles, whatever its
 * longitude: `rows` holds the texel row's start (−1: outside the disc, not sampled), `columns` the
 * column east of the centre's, in 1/256 texel. A globe that only turns (the corridor reveal's
 * opening, a world choropleth) reuses one lookup for every frame and pays only for the copy.
 */
export interface GlobeLookup {
  key: string;
  textureWidth: number;
  outWidth: number;
  outHeight: number;
  rows: Int32Array;
  columns: Int32Array;
}

/** The lookup's identity: everything but the longitude. */
export function globeLookupKey(texture: Pick<Texture, 'width' | 'height'>, s: GlobeSampling): string {
  return [texture.width, texture.height, s.originX, s.originY, s.radius, s.phi0, s.left, s.top, s.width, s.height, s.step].join(',');
}

/**
 * The orthographic projection inverted, sample by sample (ceil(width/step) × ceil(height/step)).
 * Beyond the rim a sample repeats the rim's nearest point, so that a clip to the disc drawn
 * afterwards antialiases its edge against the imagery.
 */
export function buildGlobeLookup(
  texture: Pick<Texture, 'width' | 'height'>,
  s: GlobeSampling,
  reuse?: GlobeLookup,
  /** Every other sample of a row from its neighbours, where the projection is smooth (false: each one exactly). */
  interpolate = true,
): GlobeLookup {
  const outWidth = Math.ceil(s.width / s.step);
  const outHeight = Math.ceil(s.height / s.step);
  const size = outWidth * outHeight;
  const rows = reuse && reuse.rows.length >= size ? reuse.rows : new Int32Array(size);
  const columns = reuse && reuse.columns.length >= size ? reuse.columns : new Int32Array(size);
  const { width: tw, height: th } = texture;
  const sinPhi0 = Math.sin(s.phi0);
  const cosPhi0 = Math.cos(s.phi0);
  const uScale = (tw / (2 * Math.PI)) * 256;
  const vScale = th / Math.PI;
  const inverseRadius = 1 / s.radius;
  let row = 0;
  let y = 0;
  // The last exact sample's texel row (fractional) and column (1/256 texel, east of the centre).
  let lastV = 0;
  let lastColumn = 0;
  /** Sample i of the current row, exactly; true where it lies well inside the disc (the projection smooth there). */
  const exact = (i: number): boolean => {
    let x = (s.left + (i + 0.5) * s.step - s.originX) * inverseRadius;
    let yy = y;
    const rr = x * x + yy * yy;
    let z = 0;
    if (rr < 1) z = Math.sqrt(1 - rr);
    else {
      const k = 1 / Math.sqrt(rr);
      x *= k;
      yy *= k;
    }
    let sinPhi = yy * cosPhi0 + z * sinPhi0;
    sinPhi = sinPhi > 1 ? 1 : sinPhi < -1 ? -1 : sinPhi;
    const phi = fastAtan2(sinPhi, Math.sqrt(1 - sinPhi * sinPhi));
    lastV = (Math.PI / 2 - phi) * vScale;
    lastColumn = fastAtan2(x, z * cosPhi0 - yy * sinPhi0) * uScale;
    const v = lastV | 0;
    rows[row + i] = (v >= th ? th - 1 : v) * tw;
    columns[row + i] = Math.round(lastColumn);
    // Near the rim the projection bends fast, and near a pole the columns swing: no interpolating there.
    return rr < 0.8 && sinPhi * sinPhi < 0.9;
  };
  for (let j = 0; j < outHeight; j++) {
    y = (s.originY - (s.top + (j + 0.5) * s.step)) * inverseRadius; // up
    row = j * outWidth;
    // Only the row's run across the disc, and two samples beyond each end (for the clip's
    // antialiasing): the rest is outside the disc the caller clips to.
    const halfChord = y * y < 1 ? Math.sqrt(1 - y * y) * s.radius : 0;
    const first = Math.max(0, Math.floor((s.originX - halfChord - s.left) / s.step) - 2);
    const last = Math.min(outWidth - 1, Math.ceil((s.originX + halfChord - s.left) / s.step) + 2);
    rows.fill(-1, row, row + outWidth);
    if (first > last) continue;
    if (!interpolate) {
      for (let i = first; i <= last; i++) exact(i);
      continue;
    }
    // Every other sample exactly; the one between two smooth ones is their mean (the costly atan2s are most of a
    // lookup's time, and a frame whose globe zooms or moves builds a new lookup).
    let i = first;
    let smoothA = exact(i);
    let vA = lastV;
    let columnA = lastColumn;
    while (i + 2 <= last) {
      const smoothB = exact(i + 2);
      const vB = lastV;
      const columnB = lastColumn;
      if (smoothA && smoothB && Math.abs(columnB - columnA) < uScale * 0.25) {
        const v = ((vA + vB) / 2) | 0;
        rows[row + i + 1] = (v >= th ? th - 1 : v) * tw;
        columns[row + i + 1] = Math.round((columnA + columnB) / 2);
      } else {
        exact(i + 1);
      }
      i += 2;
      smoothA = smoothB;
      vA = vB;
      columnA = columnB;
    }
    if (i + 1 <= last) exact(i + 1);
  }
  return { key: globeLookupKey(texture, s), textureWidth: tw, outWidth, outHeight, rows, columns };
}

/** The texels a lookup picks for a globe centred on longitude `lng0` (degrees), into `out`. */
export function applyGlobeLookup(texture: Texture, lookup: GlobeLookup, lng0: number, out: Uint32Array): void {
  const { rows, columns } = lookup;
  const pixels = texture.pixels;
  const width = texture.width;
  // The centre's column in 1/256 texel, one turn further east so that every sum stays positive.
  const turn = width * 256;
  const offset = Math.round(((((lng0 + 180) / 360) % 1) + 1) * turn) + turn;
  const size = lookup.outWidth * lookup.outHeight;
  for (let i = 0; i < size; i++) {
    const row = rows[i];
    if (row >= 0) out[i] = pixels[row + (((columns[i] + offset) >> 8) % width)];
  }
}

/** The orthographic globe's picture of a texture (buildGlobeLookup, then applyGlobeLookup). */
export function sampleGlobe(texture: Texture, s: GlobeSampling, out: Uint32Array): void {
  applyGlobeLookup(texture, buildGlobeLookup(texture, s), s.lng0, out);
}

/**
 * atan2 to within 1e-5 rad (a minimax polynomial for atan on [0, 1]): a twentieth of a texel, at a
 * fraction of Math.atan2's cost, which the globe pays twice per pixel per frame.
 */
export function fastAtan2(y: number, x: number): number {
  const ax = x < 0 ? -x : x;
  const ay = y < 0 ? -y : y;
  if (ax === 0 && ay === 0) return 0;
  const swap = ay > ax;
  const t = swap ? ax / ay : ay / ax;
  const t2 = t * t;
  let r = t * (0.99997726 + t2 * (-0.33262347 + t2 * (0.19354346 + t2 * (-0.11643287 + t2 * (0.05265332 + t2 * -0.0117212)))));
  if (swap) r = Math.PI / 2 - r;
  if (x < 0) r = Math.PI - r;
  return y < 0 ? -r : r;
}

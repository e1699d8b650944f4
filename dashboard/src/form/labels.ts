/**
 * What a person reads for the values of the request's enumerated fields whose value is not its own label. The
 * values themselves come from the SDK (`TRANSPORTS`, `UNITS`, … generated from the API's document); a value the
 * API adds fails the type check here until it has its words.
 */
import type { AspectRatio, CameraMode, Projection, Transport, Units } from '../api/types';

export const TRANSPORT_LABELS: Record<Transport, string> = {
  plane: 'Plane',
  ship: 'Ship',
  car: 'Car',
  truck: 'Truck',
  train: 'Train',
  walk: 'On foot',
  none: 'No vehicle',
};

export const UNIT_LABELS: Record<Units, string> = {
  km: 'Kilometres',
  mi: 'Miles',
};

/** "9:16 (vertical)", "1:1 (square)", else the ratio itself. */
export function aspectRatioLabel(ratio: AspectRatio): string {
  return ratio === '9:16' ? `${ratio} (vertical)` : ratio === '1:1' ? `${ratio} (square)` : ratio;
}

export const CAMERA_MODE_LABELS: Record<CameraMode, string> = {
  follow: 'Moves',
  static: 'Never moves',
};

export const PROJECTION_LABELS: Record<Projection, string> = {
  auto: 'Auto',
  flat: 'Flat map',
  globe: 'Globe',
};

/** The relief's exaggeration as the slider shows it: `1.5×`, with `flat` at 0 and `as it is` at 1. */
export function terrainExaggerationLabel(exaggeration: number): string {
  const times = `${exaggeration}×`;
  if (exaggeration === 0) return `${times} (flat)`;
  if (exaggeration === 1) return `${times} (as it is)`;
  return times;
}

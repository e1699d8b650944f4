/**
 * `camera.intensity` (contract §14): how far the camera zooms and how fast it moves. Every mode's
 * camera reads the same factors, so "bold" means the same thing in a route and in a region fly-in.
 */
import type { CameraIntensity } from '../../../src/modules/contract';

export interface IntensityFactors {
  /** Multiplies the zoom a shot adds beyond fitting its subject (0 = just fit it). */
  zoomIn: number;
  /** Multiplies the length of camera moves (handovers, fly-ins): above 1 is slower and gentler. */
  moveTime: number;
  /** Multiplies how closely the camera follows a moving subject (capped at 1 where used). */
  follow: number;
}

export const INTENSITY_FACTORS: Record<CameraIntensity, IntensityFactors> = {
  soft: { zoomIn: 0.55, moveTime: 1.35, follow: 0.8 },
  balanced: { zoomIn: 1, moveTime: 1, follow: 1 },
  bold: { zoomIn: 1.5, moveTime: 0.75, follow: 1.1 },
  // Beyond bold (contract §19): closer still and quicker, the camera all but on the vehicle.
  strong: { zoomIn: 2.1, moveTime: 0.6, follow: 1.2 },
};

/** Factors of a request's intensity; jobs stored before §14 have none and read as balanced. */
export function intensityFactors(intensity: CameraIntensity | undefined | null): IntensityFactors {
  return INTENSITY_FACTORS[intensity ?? 'balanced'] ?? INTENSITY_FACTORS.balanced;
}

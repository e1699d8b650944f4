/** Pieces of a render body the modes share, as the parse reads them (see `./render-body.ts`). */
import type { Transport } from '../routing';
import type { Emphasis, TextOverlayPosition, TextOverlayStyle } from './render-request';

/** A point given by coordinates or by a place name (both coordinates, or `place`, are present). */
export interface PointInput {
  lat?: number;
  lng?: number;
  label?: string;
  place?: string;
}

export interface WaypointInput extends PointInput {
  transport?: Transport;
  dwell?: number;
  emphasis?: Emphasis;
  camera_zoom_override?: number;
  camera_hold_seconds?: number;
}

export interface TextOverlayInput {
  text: string;
  start: number;
  end: number;
  position?: TextOverlayPosition;
  style?: TextOverlayStyle;
}

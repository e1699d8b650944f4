/** Where the HUD panel sits and how big it is (shared by the HUD and the label placement). */
import { type HudPosition, type MapAnimationProps, modeDefinition } from '../../../src/modules/contract';
import type { Rect } from './labels';
import { safeInsets, sizeUnit } from './safe-area';

/** The HUD panel in the corner its `position` asks for; null when the video has none. */
export function hudRect(props: Pick<MapAnimationProps, 'hud' | 'width' | 'height' | 'mode'>): Rect | null {
  return props.hud ? hudRectAt(props, props.hud.position) : null;
}

/** The HUD panel in a corner of the safe area; null when the video has none. */
export function hudRectAt(props: Pick<MapAnimationProps, 'hud' | 'width' | 'height' | 'mode'>, position: HudPosition): Rect | null {
  // The HUD follows one vehicle along one route: only the modes that take one draw it.
  if (!modeDefinition(props.mode).takes.hud) return null;
  if (!props.hud || (!props.hud.distance && !props.hud.progress_bar)) return null;
  const unit = sizeUnit(props.width, props.height);
  const insets = safeInsets(props.width, props.height);
  const width = Math.round(unit * 34);
  const height = Math.round(unit * ((props.hud.distance ? 8.6 : 0) + (props.hud.progress_bar ? 3.2 : 0) + 2.4));
  const left = position.endsWith('left');
  const top = position.startsWith('top');
  return {
    x: left ? insets.left : props.width - insets.right - width,
    y: top ? insets.top : props.height - insets.bottom - height,
    width,
    height,
  };
}

/** The corners in order of preference from the one asked for: along the same edge, then up or down the same side, then across. */
export function cornersFrom(wanted: HudPosition): HudPosition[] {
  const [vertical, horizontal] = wanted.split('-') as ['top' | 'bottom', 'left' | 'right'];
  const otherVertical = vertical === 'top' ? 'bottom' : 'top';
  const otherHorizontal = horizontal === 'left' ? 'right' : 'left';
  return [wanted, `${vertical}-${otherHorizontal}`, `${otherVertical}-${horizontal}`, `${otherVertical}-${otherHorizontal}`];
}

/** "12,345 km" / "7,671 mi" with a fixed thousands separator (no locale dependence). */
export function formatDistance(km: number, units: 'km' | 'mi'): string {
  const value = Math.round(units === 'mi' ? km * 0.621371 : km);
  return `${String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ${units}`;
}

/** Where the HUD panel sits and how big it is (shared by the HUD and the label placement). */
import { type MapAnimationProps, modeDefinition } from '../../src/modules/rendering/contract';
import type { Rect } from './labels';
import { safeInsets, sizeUnit } from './safe-area';

export function hudRect(props: Pick<MapAnimationProps, 'hud' | 'width' | 'height' | 'mode'>): Rect | null {
  // The HUD follows one vehicle along one route: only the modes that take one draw it.
  if (!modeDefinition(props.mode).takes.hud) return null;
  if (!props.hud || (!props.hud.distance && !props.hud.progress_bar)) return null;
  const unit = sizeUnit(props.width, props.height);
  const insets = safeInsets(props.width, props.height);
  const width = Math.round(unit * 34);
  const height = Math.round(unit * ((props.hud.distance ? 8.6 : 0) + (props.hud.progress_bar ? 3.2 : 0) + 2.4));
  const left = props.hud.position.endsWith('left');
  const top = props.hud.position.startsWith('top');
  return {
    x: left ? insets.left : props.width - insets.right - width,
    y: top ? insets.top : props.height - insets.bottom - height,
    width,
    height,
  };
}

/** "12,345 km" / "7,671 mi" with a fixed thousands separator (no locale dependence). */
export function formatDistance(km: number, units: 'km' | 'mi'): string {
  const value = Math.round(units === 'mi' ? km * 0.621371 : km);
  return `${String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ${units}`;
}

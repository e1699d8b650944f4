import type { MapAnimationProps } from '../../../src/modules/rendering/contract';
import type { Scene } from '../../lib/scene';

/** region_focus: not drawn yet. */
export function buildRegionFocusScene(props: MapAnimationProps): Scene {
  throw new Error(`region_focus is not drawn yet (${props.width}x${props.height})`);
}

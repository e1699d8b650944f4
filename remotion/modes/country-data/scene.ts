import type { MapAnimationProps } from '../../../src/modules/rendering/contract';
import type { Scene } from '../../lib/scene';

/** country_data: not drawn yet. */
export function buildCountryDataScene(props: MapAnimationProps): Scene {
  throw new Error(`country_data is not drawn yet (${props.width}x${props.height})`);
}

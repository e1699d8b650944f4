import type { MapAnimationProps } from '../../../src/modules/rendering/contract';
import type { Scene } from '../../lib/scene';

/** multi_route: not drawn yet. */
export function buildMultiRouteScene(props: MapAnimationProps): Scene {
  throw new Error(`multi_route is not drawn yet (${props.width}x${props.height})`);
}

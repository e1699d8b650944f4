/**
 * The bench's bundle entry (bench/bench-bundle.ts builds it): the production bundle's compositions and in-page
 * renderer (remotion/index.ts does the same with MapAnimation alone), plus Blank, Remotion's per-frame floor. The
 * benches render with the service's own renderers on this bundle, so they measure the production page.
 */
import { registerRoot } from 'remotion';
import { MAP_ANIMATION_COMPOSITION_ID } from '../../src/modules/contract';
import { MapAnimation } from '../../remotion/compositions/MapAnimation';
import { installInPageRenderer } from '../../remotion/in-page/render-in-page';
import { Blank } from './Blank';
import { BLANK_COMPOSITION_ID } from './ids';
import { BenchRoot } from './BenchRoot';

registerRoot(BenchRoot);
installInPageRenderer({ [MAP_ANIMATION_COMPOSITION_ID]: MapAnimation, [BLANK_COMPOSITION_ID]: Blank });

import { PhaseTimer } from '../../../common/util/phase-timer';
import { RenderedVideo, Renderer, RenderVideoInput } from '../renderer';

/**
 * The renderer's call, its phases recorded in `timer` by the renderer itself; one that reports none
 * (a stand-in renderer) gets the whole call as one `render` phase.
 */
export async function renderWithPhases(
  renderer: Renderer,
  timer: PhaseTimer,
  input: Omit<RenderVideoInput, 'timer'>,
): Promise<RenderedVideo> {
  const before = new Set(timer.names());
  const started = performance.now();
  try {
    return await renderer.render({ ...input, timer });
  } finally {
    if (timer.names().every((name) => before.has(name))) timer.record('render', performance.now() - started);
  }
}

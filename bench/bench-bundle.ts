/**
 * The benches' Remotion bundle: bench/remotion/index.ts (the production compositions and in-page renderer, plus Blank)
 * built into bench/out/remotion-bundle at the start of each bench run, so a bench never measures a stale bundle. The
 * production bundle (remotion-bundle/, `npm run build:remotion`) has no Blank.
 */
import * as path from 'node:path';
import { buildRemotionBundle } from '../src/modules/rendering/renderer';
import { outDir } from './timed-render';

export { BLANK_COMPOSITION_ID } from './remotion/ids';

let built: Promise<string> | null = null;

export function ensureBenchBundle(): Promise<string> {
  built ??= buildRemotionBundle(path.join(outDir, 'remotion-bundle'), undefined, path.join(__dirname, 'remotion', 'index.ts'));
  return built;
}

/**
 * A mode, a camera story or a style is defined once, in its registry (`render-modes.ts` and `modes/`, `camera.ts`'s
 * CAMERA_STORIES, `render-request.ts`'s STYLES), and everything else asks the registry what it does. Code that
 * branches on one by name (`mode === 'region_focus'`, `preset !== 'static_overview'`, `style === 'satellite'`) is
 * invisible to the compiler when the next mode, story or style is added: this test names every such place.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RENDER_MODES } from '../../contract';
import { STORY_CAMERA_PRESETS } from '../../contract';
import { STYLE_IDS } from '../../contract';

const ROOT = join(__dirname, '..', '..', '..', '..');
/** Where behaviour lives: the service, the compositions, the dashboard, the SDK and the CLI (their tests aside). */
const SCANNED = ['src', 'remotion', 'dashboard/src', 'packages/sdk/src', 'packages/cli/src'];
/** The registries themselves, where the names are defined. */
const REGISTRIES = new Set([
  'src/modules/contract/render-modes.ts',
  'src/modules/contract/camera.ts',
  'src/modules/contract/render-request.ts',
]);
const SKIPPED = /(\.spec\.tsx?|\.test\.tsx?)$|\/(fixtures|generated|node_modules)\//;

/**
 * The names no code outside a registry compares with. Style ids that are also ordinary words of other vocabularies
 * (`standard`, `dark`, `minimal`: an emphasis, a theme) are left out: a comparison with them says nothing sure.
 */
const NAMES = [...RENDER_MODES, ...STORY_CAMERA_PRESETS, ...STYLE_IDS.filter((id) => !['standard', 'dark', 'minimal'].includes(id))];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) ? [path] : [];
  });
}

/** `x === 'name'`, `'name' !== x`, `case 'name':` and `x ?? 'name'`: a decision or a default made by name. */
function branchesOnName(source: string, names: readonly string[]): string[] {
  const quoted = names.map((name) => name.replace(/[-]/g, '\\-')).join('|');
  const pattern = new RegExp(`(?:[!=]==\\s*'(${quoted})'|'(${quoted})'\\s*[!=]==|case\\s+'(${quoted})'\\s*:|\\?\\?\\s*'(${quoted})')`, 'g');
  return [...source.matchAll(pattern)].map((match) => match[0]);
}

describe('registry names in code', () => {
  it('finds a branch on a name, and not the name as a value or a type', () => {
    expect(branchesOnName(`if (mode === 'region_focus') x(); const y = z ?? 'multi_route';`, NAMES)).toEqual([
      "=== 'region_focus'",
      "?? 'multi_route'",
    ]);
    expect(branchesOnName(`switch (s) { case 'satellite': }`, NAMES)).toEqual(["case 'satellite':"]);
    expect(branchesOnName(`const m: PropsOf<'route_animation'> = { style: 'satellite' };`, NAMES)).toEqual([]);
  });

  it('no code outside the registries decides by a mode’s, a camera story’s or a style’s name', () => {
    const stray = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .map((path) => relative(ROOT, path))
      .filter((path) => !REGISTRIES.has(path) && !SKIPPED.test(path))
      .flatMap((path) => branchesOnName(readFileSync(join(ROOT, path), 'utf8'), NAMES).map((found) => `${path}: ${found}`));
    expect(stray).toEqual([]);
  });
});

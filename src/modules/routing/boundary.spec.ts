import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
const ROUTING = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('routing module boundary', () => {
  it('is imported from outside src/modules/routing through its index only (and by test/ through its test seam)', () => {
    const offenders: string[] = [];
    for (const folder of ['src', 'test', 'bench', 'scripts', 'remotion']) {
      for (const file of sourceFiles(join(ROOT, folder))) {
        if (file.startsWith(ROUTING + '/')) continue;
        for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']*)'/g)) {
          const target = resolve(dirname(file), specifier);
          const seam = folder === 'test' && target === join(ROUTING, 'testing');
          if (target.startsWith(ROUTING + '/') && target !== join(ROUTING, 'index') && !seam)
            offenders.push(`${relative(ROOT, file)} → ${specifier}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});

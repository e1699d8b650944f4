import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { withoutFaviconRequest } from './remotion-bundle';

describe('withoutFaviconRequest', () => {
  it("replaces the page's favicon link with an empty inline icon and leaves the rest alone", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
    const page =
      '<head><link id="__remotion_favicon" rel="icon" type="image/png" href="./favicon.ico" /><script src="./bundle.js"></script></head>';
    fs.writeFileSync(path.join(dir, 'index.html'), page);
    withoutFaviconRequest(dir);
    expect(fs.readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe(
      '<head><link id="__remotion_favicon" rel="icon" type="image/png" href="data:," /><script src="./bundle.js"></script></head>',
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

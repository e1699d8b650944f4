import * as fs from 'node:fs';
import * as path from 'node:path';
import type { MapAnimationProps } from '../../contract';
import { IN_PAGE_ORIGIN, REMOTION_USAGE_ORIGIN } from '../../contract';
import { inPageRenderRequest, pageRequestVerdict } from './in-page-renderer';

const props = {
  mode: 'route_animation',
  width: 1920,
  height: 1080,
  fps: 30,
  durationInFrames: 120,
  style: 'streets',
  terrain: { enabled: false, exaggeration: 0 },
} as unknown as MapAnimationProps;

describe('the in-page renderer and Remotion’s licence', () => {
  it('answers its own origin, and refuses everything else when no key is set (Remotion’s usage report too)', () => {
    for (const key of [null, '']) {
      expect(pageRequestVerdict(new URL(`${IN_PAGE_ORIGIN}/index.html`), key)).toBe('own');
      expect(pageRequestVerdict(new URL(`${REMOTION_USAGE_ORIGIN}/api/track/register-usage-point`), key)).toBe('refuse');
      expect(pageRequestVerdict(new URL('https://tiles.example.com/1/2/3.png'), key)).toBe('refuse');
    }
  });

  it('with a key, lets exactly Remotion’s usage origin through and still refuses every other', () => {
    const key = 'rm_pub_test';
    expect(pageRequestVerdict(new URL(`${REMOTION_USAGE_ORIGIN}/api/track/register-usage-point`), key)).toBe('pass');
    expect(pageRequestVerdict(new URL(`${IN_PAGE_ORIGIN}/__mapr/video.mp4`), key)).toBe('own');
    for (const other of [
      'http://www.remotion.pro/api/track/register-usage-point', // not https
      'https://remotion.pro/api/track/register-usage-point', // another host
      'https://www.remotion.pro.example.com/api/track',
      'https://www.remotion.pro:8443/api/track',
      'https://remotion.dev/license',
      'https://tiles.example.com/1/2/3.png',
    ]) {
      expect(pageRequestVerdict(new URL(other), key)).toBe('refuse');
    }
  });

  it('is the host @remotion/licensing reports to (the installed version)', () => {
    const source = fs.readFileSync(path.join(process.cwd(), 'node_modules/@remotion/licensing/dist/register-usage-event.js'), 'utf8');
    expect(source).toContain(`exports.HOST = '${REMOTION_USAGE_ORIGIN}'`);
  });

  it('gives the page the key, or null without one', () => {
    expect(inPageRenderRequest(props, { licenseKey: 'rm_pub_test', thumbnail: true })).toMatchObject({
      licenseKey: 'rm_pub_test',
      thumbnailUrl: `${IN_PAGE_ORIGIN}/__mapr/thumbnail.jpg`,
    });
    expect(inPageRenderRequest(props, { thumbnail: false })).toMatchObject({ licenseKey: null, thumbnailUrl: null });
  });
});

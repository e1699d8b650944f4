import type { MapAnimationProps } from '../../contract';

// Remotion itself is replaced: the test reads what the renderer asks of it.
const renderMedia = jest.fn(async (_options: Record<string, unknown>) => ({}));
const renderStill = jest.fn(async (_options: Record<string, unknown>) => ({ buffer: Buffer.from('jpeg') }));
const remotion = { renderMedia, renderStill, makeCancelSignal: () => ({ cancelSignal: () => undefined, cancel: () => undefined }) };
jest.mock('./remotion-browser', () => ({
  loadRemotion: async () => remotion,
  loadedRemotion: () => remotion,
  RemotionBrowser: class {
    launches = 1;
    run = <T>(fn: () => Promise<T>) => fn();
    ensure = async () => ({});
    discard = async () => undefined;
    openTabs = async () => 0;
    stop = async () => undefined;
    cleanTemp = () => undefined;
  },
}));
jest.mock('./video-output', () => ({
  readBack: async () => ({ duration_seconds: 4, width: 1280, height: 720, file_size_bytes: 1 }),
  removeQuietly: () => undefined,
}));

import { RemotionRenderer } from './remotion-renderer';

const props = { mode: 'route_animation', width: 1280, height: 720, fps: 30, durationInFrames: 120 } as unknown as MapAnimationProps;

describe('the screenshot renderer and Remotion’s licence', () => {
  beforeEach(() => {
    renderMedia.mockClear();
    renderStill.mockClear();
  });

  it('passes the key to renderMedia and to a still, not to the thumbnail of a video already reported', async () => {
    const renderer = new RemotionRenderer({ bundleDir: '/bundle', tempDir: '/tmp/mapr-licence-spec', licenseKey: 'rm_pub_test' });
    await renderer.render({ props, videoPath: '/tmp/mapr-licence-spec/v.mp4', thumbnailPath: '/tmp/mapr-licence-spec/none/t.jpg' });
    expect(renderMedia.mock.calls[0][0].licenseKey).toBe('rm_pub_test');
    // The encoder wrote no thumbnail (renderMedia is a stand-in): a still of the last frame makes it, unreported.
    expect(renderStill.mock.calls[0][0].licenseKey).toBeNull();
    await renderer.renderStill({ props, frame: 0 });
    expect(renderStill.mock.calls[1][0].licenseKey).toBe('rm_pub_test');
  });

  it('passes none without a key', async () => {
    const renderer = new RemotionRenderer({ bundleDir: '/bundle', tempDir: '/tmp/mapr-licence-spec' });
    await renderer.render({ props, videoPath: '/tmp/mapr-licence-spec/v.mp4' });
    await renderer.renderStill({ props, frame: 0 });
    expect(renderMedia.mock.calls[0][0].licenseKey).toBeNull();
    expect(renderStill.mock.calls[0][0].licenseKey).toBeNull();
  });
});

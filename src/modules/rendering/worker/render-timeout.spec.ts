import { renderTimeoutMs } from './render-timeout';

describe('renderTimeoutMs', () => {
  it('is RENDER_TIMEOUT_SECONDS for 1080p and smaller frames, whatever the aspect ratio', () => {
    expect(renderTimeoutMs(600, { width: 1920, height: 1080 })).toBe(600_000);
    expect(renderTimeoutMs(600, { width: 1080, height: 1920 })).toBe(600_000);
    expect(renderTimeoutMs(600, { width: 1280, height: 720 })).toBe(600_000);
    expect(renderTimeoutMs(5, { width: 720, height: 720 })).toBe(5_000);
  });

  it('grows with the pixels of larger frames: 4k gets four times the limit', () => {
    expect(renderTimeoutMs(600, { width: 3840, height: 2160 })).toBe(2_400_000);
    expect(renderTimeoutMs(600, { width: 2160, height: 2700 })).toBe(Math.round(600 * ((2160 * 2700) / (1920 * 1080)) * 1000));
  });
});

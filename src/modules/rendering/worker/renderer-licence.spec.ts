import { loadConfiguration } from '../../../config';
import { slotRendererOptions } from './renderer.provider';

describe('worker renderers and Remotion’s licence', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/mapr-renderer-licence-spec' };

  it('gives REMOTION_LICENSE_KEY to both renderers of a slot', () => {
    const options = slotRendererOptions(loadConfiguration({ ...base, REMOTION_LICENSE_KEY: 'rm_pub_test' }), 0);
    expect(options.screenshots.licenseKey).toBe('rm_pub_test');
    expect(options.inPage.licenseKey).toBe('rm_pub_test');
    expect(options.screenshots.tempDir).not.toBe(options.inPage.tempDir);
  });

  it('gives them no key without one', () => {
    const options = slotRendererOptions(loadConfiguration(base), 1);
    expect(options.screenshots.licenseKey).toBeNull();
    expect(options.inPage.licenseKey).toBeNull();
  });
});

import { loadConfiguration } from './configuration';

describe('Remotion licence configuration (REMOTION_LICENSE_KEY, contract §23)', () => {
  const base = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    DATA_DIR: '/tmp/mapr-config-spec',
    SMTP_URL: 'smtp://mail.example:587',
  };

  it('has no key unless one is set (an empty value is none)', () => {
    expect(loadConfiguration(base).rendering.remotionLicenseKey).toBeNull();
    expect(loadConfiguration({ ...base, REMOTION_LICENSE_KEY: '' }).rendering.remotionLicenseKey).toBeNull();
  });

  it('reads the key as given', () => {
    expect(loadConfiguration({ ...base, REMOTION_LICENSE_KEY: 'rm_pub_0123456789abcdef' }).rendering.remotionLicenseKey).toBe(
      'rm_pub_0123456789abcdef',
    );
  });

  it('refuses a key with spaces or over 200 characters, without echoing it', () => {
    const attempt = (key: string) => () => loadConfiguration({ ...base, REMOTION_LICENSE_KEY: key });
    expect(attempt('rm_pub_0123 456')).toThrow(/REMOTION_LICENSE_KEY must be 1 to 200 characters without spaces/);
    expect(attempt('k'.repeat(201))).toThrow(/REMOTION_LICENSE_KEY/);
    expect(attempt('rm_pub_0123 456')).not.toThrow(/rm_pub_0123/);
  });
});

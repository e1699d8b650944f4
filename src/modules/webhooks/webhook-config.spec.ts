import { loadConfiguration } from '../../config';

describe('webhook configuration', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    DATA_DIR: '/tmp/mapr-config-spec',
    SMTP_URL: 'smtp://mail.example:587',
  };

  it('uses the contract’s 30 s deadline and unscaled retries by default', () => {
    expect(loadConfiguration(production).webhooks).toEqual({
      allowPrivateTargets: false,
      retryTimeScale: 1,
      timeoutMs: 30_000,
      lockSeconds: 30,
    });
  });

  it('refuses the test-only knobs in production', () => {
    expect(() => loadConfiguration({ ...production, WEBHOOK_RETRY_TIME_SCALE: '600' })).toThrow(/WEBHOOK_RETRY_TIME_SCALE/);
    expect(() => loadConfiguration({ ...production, WEBHOOK_TIMEOUT_MS: '500' })).toThrow(/WEBHOOK_TIMEOUT_MS/);
  });

  it('lets test suites shorten them', () => {
    const config = loadConfiguration({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(40),
      DATA_DIR: '/tmp/mapr-config-spec',
      WEBHOOK_RETRY_TIME_SCALE: '600',
      WEBHOOK_TIMEOUT_MS: '500',
    });
    expect(config.webhooks).toMatchObject({ retryTimeScale: 600, timeoutMs: 500 });
  });
});

import { redactUrl } from './logging.module';

describe('redactUrl', () => {
  it('hides verification tokens in logged URLs', () => {
    expect(redactUrl('/v1/auth/verify-email?token=eyJhbGciOi.abc.def')).toBe('/v1/auth/verify-email?token=[REDACTED]');
  });

  it('keeps other query parameters', () => {
    expect(redactUrl('/v1/renders?status=complete&limit=5')).toBe('/v1/renders?status=complete&limit=5');
  });
});

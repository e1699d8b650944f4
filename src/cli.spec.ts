import { parseLimitFlags } from './cli';

describe('operator CLI limit flags', () => {
  it('parses a custom plan', () => {
    expect(parseLimitFlags(['--renders-per-month', '1000', '--requests-per-minute', '6000', '--resolutions', '720p,1080p'])).toEqual({
      renders_per_month: 1000,
      requests_per_minute: 6000,
      resolutions: ['720p', '1080p'],
    });
  });

  it('returns null without flags (the tier’s own limits)', () => {
    expect(parseLimitFlags([])).toBeNull();
  });

  it('rejects unknown flags and non-numbers', () => {
    expect(() => parseLimitFlags(['--speed', '3'])).toThrow(/Unknown/);
    expect(() => parseLimitFlags(['--concurrent-jobs', 'many'])).toThrow(/whole number/);
  });
});

import { MAX_AUTOMATIC_ATTEMPTS, retryDelayMs } from './retry-schedule';

describe('webhook retry schedule', () => {
  it('retries four times, at +30 s, +2 min, +10 min and +1 h after each failure, then gives up', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n))).toEqual([30_000, 120_000, 600_000, 3_600_000, undefined]);
    expect(MAX_AUTOMATIC_ATTEMPTS).toBe(5);
  });

  it('divides every delay by the test time scale', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 600))).toEqual([50, 200, 1000, 6000, undefined]);
  });

  it('refuses nonsense input rather than scheduling at a wrong time', () => {
    expect(() => retryDelayMs(0)).toThrow(RangeError);
    expect(() => retryDelayMs(1, 0)).toThrow(RangeError);
  });
});

import { concurrencyRetryAfterSeconds } from './concurrency-retry';

describe('concurrencyRetryAfterSeconds', () => {
  const now = new Date('2026-11-23T10:00:00.000Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('is when the job expected to end first should end: start + estimate, or now + estimate while queued', () => {
    expect(concurrencyRetryAfterSeconds([{ startedAt: ago(10), estimatedDurationSeconds: 70 }], now)).toBe(60);
    expect(concurrencyRetryAfterSeconds([{ startedAt: null, estimatedDurationSeconds: 45 }], now)).toBe(45);
    expect(
      concurrencyRetryAfterSeconds(
        [
          { startedAt: ago(5), estimatedDurationSeconds: 200 },
          { startedAt: ago(100), estimatedDurationSeconds: 130 },
          { startedAt: null, estimatedDurationSeconds: 90 },
        ],
        now,
      ),
    ).toBe(30);
  });

  it('stays within 5 s and 5 minutes: an overdue job, a very long one, none found', () => {
    expect(concurrencyRetryAfterSeconds([{ startedAt: ago(600), estimatedDurationSeconds: 60 }], now)).toBe(5);
    expect(concurrencyRetryAfterSeconds([{ startedAt: null, estimatedDurationSeconds: 3600 }], now)).toBe(300);
    expect(concurrencyRetryAfterSeconds([], now)).toBe(5);
  });

  it('rounds up, so a client never comes back a moment too early', () => {
    expect(concurrencyRetryAfterSeconds([{ startedAt: new Date(now.getTime() - 500), estimatedDurationSeconds: 20 }], now)).toBe(20);
  });
});

import { billingPeriod } from './time';

describe('billingPeriod', () => {
  it('is the UTC calendar month, ending at the first instant of the next month', () => {
    const p = billingPeriod(new Date('2026-11-30T23:59:59.999Z'));
    expect(p.start.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(p.key).toBe('2026-11');
  });

  it('rolls over the year in December', () => {
    const p = billingPeriod(new Date('2026-12-15T10:00:00Z'));
    expect(p.end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('uses UTC, not local time, at a month boundary', () => {
    expect(billingPeriod(new Date('2026-12-01T00:00:00.000Z')).key).toBe('2026-12');
  });
});

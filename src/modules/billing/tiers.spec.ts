import { effectiveLimits, previewDurationReach, smallestTierAllowing, TIERS } from './tiers';

describe('tiers', () => {
  it('names the smallest self-serve tier above the current one that allows something, or none', () => {
    expect(smallestTierAllowing('free', (l) => l.max_duration_seconds >= 15)).toBe('creator');
    expect(smallestTierAllowing('free', (l) => l.max_duration_seconds >= 45)).toBe('studio');
    expect(smallestTierAllowing('free', (l) => l.resolutions.includes('4k'))).toBe('creator');
    // Never the current tier or a smaller one, and nothing lifts Studio's limits (Enterprise is arranged, not chosen).
    expect(smallestTierAllowing('creator', (l) => l.renders_per_month > 10)).toBe('studio');
    expect(smallestTierAllowing('studio', () => true)).toBeNull();
    expect(smallestTierAllowing('enterprise', () => true)).toBeNull();
    expect(smallestTierAllowing('free', (l) => l.max_duration_seconds >= 46)).toBeNull();
  });

  it('previews up to the largest plan’s duration, or the account’s own where it goes further', () => {
    expect(previewDurationReach('free', TIERS.free.limits)).toEqual({ tier: 'studio', maxDurationSeconds: 45 });
    expect(previewDurationReach('studio', TIERS.studio.limits)).toEqual({ tier: 'studio', maxDurationSeconds: 45 });
    expect(previewDurationReach('enterprise', effectiveLimits('enterprise', { max_duration_seconds: 90 }))).toEqual({
      tier: 'enterprise',
      maxDurationSeconds: 90,
    });
  });
});

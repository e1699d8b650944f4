/** The output sizes a tier can allow (the names rendering's contract uses for its resolutions). */
export const TIER_RESOLUTIONS = ['720p', '1080p', '4k'] as const;
export type TierResolution = (typeof TIER_RESOLUTIONS)[number];

export interface TierLimits {
  renders_per_month: number;
  max_duration_seconds: number;
  resolutions: TierResolution[];
  requests_per_minute: number;
  concurrent_jobs: number;
  /** Preview stills (`POST /v1/render/preview/still`) drawn per minute; each account has one in flight at most. */
  preview_stills_per_minute: number;
  /** Sandbox renders (`mapr_test_` keys) accepted per UTC day: free, but each one is a real render. */
  sandbox_renders_per_day: number;
  /** Jobs queued or processing at once, batches' jobs included (concurrent_jobs bounds single renders only). */
  queued_jobs: number;
}

export const TIER_IDS = ['free', 'creator', 'studio', 'enterprise'] as const;
export type TierId = (typeof TIER_IDS)[number];

const STUDIO_LIMITS: TierLimits = {
  renders_per_month: 150,
  max_duration_seconds: 45,
  resolutions: ['720p', '1080p', '4k'],
  requests_per_minute: 60,
  concurrent_jobs: 5,
  preview_stills_per_minute: 30,
  sandbox_renders_per_day: 500,
  queued_jobs: 500,
};

/**
 * The tier table of the interface spec ("Limits"). `enterprise` is a custom plan: it starts from
 * Studio's limits and takes per-account overrides (set with the operator CLI).
 */
export const TIERS: Record<TierId, { name: string; limits: TierLimits }> = {
  free: {
    name: 'Free',
    limits: {
      renders_per_month: 5,
      max_duration_seconds: 10,
      resolutions: ['720p'],
      requests_per_minute: 10,
      concurrent_jobs: 1,
      preview_stills_per_minute: 4,
      sandbox_renders_per_day: 25,
      queued_jobs: 50,
    },
  },
  creator: {
    name: 'Creator',
    limits: {
      renders_per_month: 50,
      max_duration_seconds: 15,
      resolutions: ['720p', '1080p', '4k'],
      requests_per_minute: 30,
      concurrent_jobs: 3,
      preview_stills_per_minute: 12,
      sandbox_renders_per_day: 100,
      queued_jobs: 150,
    },
  },
  studio: { name: 'Studio', limits: STUDIO_LIMITS },
  enterprise: { name: 'Enterprise', limits: STUDIO_LIMITS },
};

export function effectiveLimits(tier: TierId, overrides?: Partial<TierLimits> | null): TierLimits {
  return { ...TIERS[tier].limits, ...(overrides ?? {}) };
}

/** The plans a user can move to on their own, smallest first (Enterprise is arranged with the operator). */
export const SELF_SERVE_TIERS = ['free', 'creator', 'studio'] as const satisfies readonly TierId[];

/**
 * The smallest self-serve tier above `current` whose limits `allow` something (contract §15's `lifted_by`), or null
 * when none does. Above Studio (Enterprise) there is none.
 */
export function smallestTierAllowing(current: TierId, allow: (limits: TierLimits) => boolean): TierId | null {
  const above = SELF_SERVE_TIERS.slice(SELF_SERVE_TIERS.indexOf(current as (typeof SELF_SERVE_TIERS)[number]) + 1);
  return (current === 'enterprise' ? [] : above).find((tier) => allow(TIERS[tier].limits)) ?? null;
}

/**
 * The longest video a preview shows (contract §15): the longest any self-serve tier renders, or the account's own
 * maximum where it goes further (an Enterprise override), with the tier that renders it. Every resolution a tier
 * renders is previewed too: the largest tier has them all.
 */
export function previewDurationReach(tier: TierId, own: TierLimits): { tier: TierId; maxDurationSeconds: number } {
  const longest = SELF_SERVE_TIERS.reduce<TierId>(
    (best, t) => (TIERS[t].limits.max_duration_seconds > TIERS[best].limits.max_duration_seconds ? t : best),
    'free',
  );
  const widest = TIERS[longest].limits.max_duration_seconds;
  return own.max_duration_seconds >= widest
    ? { tier, maxDurationSeconds: own.max_duration_seconds }
    : { tier: longest, maxDurationSeconds: widest };
}

import { describe, expect, it } from '@jest/globals';
import { MaprError } from '@mapr/sdk';
import type { Limits, Plan } from '../api/types';
import { errorProblems, FormIssues, planProblems, previewMaxDuration, refusalProblems } from './plan-check';

// The plans as GET /v1/account lists them (the interface's tier table).
const limits = (max_duration_seconds: number, resolutions: Limits['resolutions'], renders_per_month: number): Limits => ({
  renders_per_month,
  max_duration_seconds,
  resolutions,
  requests_per_minute: 10,
  concurrent_jobs: 1,
  preview_stills_per_minute: 4,
  sandbox_renders_per_day: 25,
  queued_jobs: 50,
});
const plans: Plan[] = [
  { tier: 'free', name: 'Free', limits: limits(10, ['720p'], 5) },
  { tier: 'creator', name: 'Creator', limits: limits(15, ['720p', '1080p', '4k'], 50) },
  { tier: 'studio', name: 'Studio', limits: limits(45, ['720p', '1080p', '4k'], 150) },
];
const free = { tier: 'free' as const, limits: plans[0]!.limits, plans };
const studio = { tier: 'studio' as const, limits: plans[2]!.limits, plans };

describe('plan checks before a render is sent', () => {
  it('names a duration over the plan and the smallest plan that renders it', () => {
    expect(planProblems({ duration: '10', resolution: '720p' }, free)).toEqual([]);
    const [problem] = planProblems({ duration: '15', resolution: '720p' }, free);
    expect(problem).toMatchObject({ field: 'duration', liftedBy: { tier: 'creator' } });
    expect(problem!.message).toBe('15 s is longer than your Free plan renders (up to 10 s); the Creator plan renders up to 15 s.');
    expect(planProblems({ duration: '45', resolution: '720p' }, free)[0]!.liftedBy?.tier).toBe('studio');
  });

  it('names a resolution the plan lacks, and leaves what the service words itself (a duration that is no number) to it', () => {
    expect(planProblems({ duration: '5', resolution: '4k' }, free)).toEqual([
      { field: 'resolution', message: '4k is not on your Free plan (720p); the Creator plan renders it.', liftedBy: plans[1] },
    ]);
    expect(planProblems({ duration: 'ten', resolution: '720p' }, free)).toEqual([]);
    expect(planProblems({ duration: '45', resolution: '4k' }, studio)).toEqual([]);
  });

  it('previews up to the largest plan', () => {
    expect(previewMaxDuration(free)).toBe(45);
  });

  it('turns a preview’s render_refusals and an API error into problems with the plan that lifts them', () => {
    expect(
      refusalProblems(
        [
          {
            error_code: 'FEATURE_NOT_AVAILABLE',
            field: 'resolution',
            message: '4k is not available on the free tier.',
            lifted_by: 'creator',
          },
        ],
        plans,
      ),
    ).toEqual([{ field: 'resolution', message: '4k is not available on the free tier.', liftedBy: plans[1] }]);
    const tooLong = new MaprError(
      400,
      {
        error: 'Validation failed',
        error_code: 'VALIDATION_ERROR',
        message: 'Validation failed',
        request_id: 'req_1',
        issues: [
          { field: 'duration', code: 'DURATION_EXCEEDS_TIER_LIMIT', message: 'duration 30 s exceeds the free tier maximum of 10 s' },
        ],
      },
      new Headers(),
    );
    expect(errorProblems(tooLong, free, { duration: '30', resolution: '720p' })).toEqual([
      { field: 'duration', message: 'duration 30 s exceeds the free tier maximum of 10 s', liftedBy: plans[2] },
    ]);
    const own = new FormIssues('stop', [{ field: 'duration', message: 'too long' }]);
    expect(errorProblems(own, free, { duration: '30', resolution: '720p' })).toEqual(own.problems);
    expect(own.issues).toEqual([{ field: 'duration', message: 'too long' }]);
  });
});

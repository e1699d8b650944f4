import { MaprError } from '@mapr/sdk';
import type { Account, Plan, RenderRefusal, Resolution, Tier } from '../api/types';
import { FieldIssues } from '../components/Field';

/**
 * One reason a render or preview is refused, as the composer shows it: the field it is about (the API's name, as
 * `duration` or `waypoints[1].place`), a sentence, and the plan that lifts it when a plan does.
 */
export interface Problem {
  field?: string;
  message: string;
  liftedBy?: Plan;
}

/** The account fields the checks read: its tier, its limits and the self-serve plans. */
export type PlanSource = Pick<Account, 'tier' | 'limits' | 'plans'>;

/** Where a person reads the plans and how to change theirs: the Overview page's plan section. */
export const PLANS_HREF = '/#plan';

function planNamed(plans: readonly Plan[], tier: Tier | null | undefined): Plan | undefined {
  return tier ? plans.find((plan) => plan.tier === tier) : undefined;
}

/** The account's plan name for sentences ("Free"); an Enterprise account is not among the self-serve plans. */
export function planName(account: PlanSource): string {
  return planNamed(account.plans, account.tier)?.name ?? account.tier.charAt(0).toUpperCase() + account.tier.slice(1);
}

/** The smallest plan above the account's whose limits `allow` something (the service's `lifted_by`, computed here). */
function smallestPlanAbove(account: PlanSource, allow: (plan: Plan) => boolean): Plan | undefined {
  const index = account.plans.findIndex((plan) => plan.tier === account.tier);
  if (index < 0) return undefined; // Enterprise: its limits are its own.
  return account.plans.slice(index + 1).find(allow);
}

/** The longest video a preview plays (contract §15): the largest plan's, or the account's own where it is longer. */
export function previewMaxDuration(account: PlanSource): number {
  return Math.max(account.limits.max_duration_seconds, ...account.plans.map((plan) => plan.limits.max_duration_seconds));
}

/** The smallest plan that renders a resolution, for marking it in the form ("1080p · Creator plan"). */
export function planWithResolution(account: PlanSource, resolution: Resolution): Plan | undefined {
  return account.plans.find((plan) => plan.limits.resolutions.includes(resolution));
}

/**
 * What the account's plan refuses of a render before anything is sent: a duration over its maximum and a resolution it
 * lacks, the service's own checks (contract §6) on the limits `GET /v1/account` gave. A duration that is not a whole
 * number is left to the service, which names the problem itself.
 */
export function planProblems(form: { duration: string; resolution: Resolution }, account: PlanSource): Problem[] {
  const problems: Problem[] = [];
  const mine = planName(account);
  const { limits } = account;
  const seconds = Number(form.duration);
  if (form.duration.trim() !== '' && Number.isInteger(seconds) && seconds > limits.max_duration_seconds) {
    const liftedBy = smallestPlanAbove(account, (plan) => plan.limits.max_duration_seconds >= seconds);
    problems.push({
      field: 'duration',
      message:
        `${seconds} s is longer than your ${mine} plan renders (up to ${limits.max_duration_seconds} s)` +
        (liftedBy ? `; the ${liftedBy.name} plan renders up to ${liftedBy.limits.max_duration_seconds} s.` : '.'),
      ...(liftedBy ? { liftedBy } : {}),
    });
  }
  if (!limits.resolutions.includes(form.resolution)) {
    const liftedBy = smallestPlanAbove(account, (plan) => plan.limits.resolutions.includes(form.resolution));
    problems.push({
      field: 'resolution',
      message:
        `${form.resolution} is not on your ${mine} plan (${limits.resolutions.join(', ')})` +
        (liftedBy ? `; the ${liftedBy.name} plan renders it.` : '.'),
      ...(liftedBy ? { liftedBy } : {}),
    });
  }
  return problems;
}

/** A preview's `render_refusals` as problems, with the plan each names. */
export function refusalProblems(refusals: readonly RenderRefusal[], plans: readonly Plan[]): Problem[] {
  return refusals.map((refusal) => {
    const liftedBy = planNamed(plans, refusal.lifted_by);
    return { ...(refusal.field ? { field: refusal.field } : {}), message: refusal.message, ...(liftedBy ? { liftedBy } : {}) };
  });
}

/**
 * An error as problems: each field the API named, or the error's own message when it names none. A duration over the
 * plan or a resolution it lacks gets the plan that lifts it, from what the form asked for.
 */
export function errorProblems(
  error: unknown,
  account: PlanSource | undefined,
  asked: { duration: string; resolution: Resolution },
): Problem[] {
  if (error instanceof FormIssues) return error.problems;
  if (!(error instanceof MaprError)) return [{ message: error instanceof Error ? error.message : String(error) }];
  const planLifting = (field: 'duration' | 'resolution') =>
    account ? planProblems(asked, account).find((problem) => problem.field === field)?.liftedBy : undefined;
  if (error.issues.length > 0) {
    return error.issues.map((issue) => {
      const liftedBy = issue.code === 'DURATION_EXCEEDS_TIER_LIMIT' ? planLifting('duration') : undefined;
      return { field: issue.field, message: issue.message, ...(liftedBy ? { liftedBy } : {}) };
    });
  }
  if (error.error_code === 'FEATURE_NOT_AVAILABLE') {
    const liftedBy = planLifting('resolution');
    return [{ field: 'resolution', message: error.message, ...(liftedBy ? { liftedBy } : {}) }];
  }
  return [{ message: error.message }];
}

/** The form's own refusal before anything is sent: its problems, the fields' messages among them. */
export class FormIssues extends FieldIssues {
  constructor(
    message: string,
    readonly problems: Problem[],
  ) {
    super(
      message,
      problems.flatMap((problem) => (problem.field ? [{ field: problem.field, message: problem.message }] : [])),
    );
  }
}

import { newId } from '../../../common/util/ids';
import { billingPeriod } from '../../../common/util/time';
import type { Principal } from '../../auth';
import type { NormalizedRenderRequest } from '../../contract';
import { RenderJob } from '../entities/render-job.entity';
import { estimateRenderSeconds } from '../request/render-request.parser';

/** The row of a job just accepted (single or in a batch): queued, not yet routed, with a new id. */
export function newQueuedJob(
  principal: Principal,
  request: NormalizedRenderRequest,
  createdAt: Date,
  batchId: string | null = null,
): RenderJob {
  return Object.assign(new RenderJob(), {
    id: newId('job'),
    accountId: principal.accountId,
    status: 'queued',
    sandbox: principal.sandbox,
    usesQuota: !principal.sandbox,
    billingPeriod: billingPeriod(createdAt).key,
    request,
    batchId,
    // A batch's jobs report through the batch's one webhook.
    webhookUrl: batchId ? null : (request.webhook_url ?? null),
    progress: 0,
    estimatedDurationSeconds: estimateRenderSeconds(request),
    route: null,
    attempts: 0,
    createdAt,
  } satisfies Partial<RenderJob>);
}

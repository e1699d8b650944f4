import type { WebhookEventDoc } from '../../../common/openapi/document-conventions';
import { BatchCompleteEvent } from '../batches/dto/batch-responses.dto';
import { RenderCompleteEvent, RenderFailedEvent } from '../dto/webhook-events.dto';

/** The webhooks this module sends (docs/webhooks.md), for the OpenAPI document's `webhooks`. */
export const RENDERING_WEBHOOK_EVENTS: WebhookEventDoc[] = [
  {
    event: 'render.complete',
    operationId: 'onRenderComplete',
    summary: 'A render finished',
    description: 'Sent to the job’s `webhook_url` when a single render (not one of a batch) finished.',
    payload: RenderCompleteEvent,
  },
  {
    event: 'render.failed',
    operationId: 'onRenderFailed',
    summary: 'A render failed',
    description: 'Sent to the job’s `webhook_url` when a single render (not one of a batch) failed; `error` is the failure code.',
    payload: RenderFailedEvent,
  },
  {
    event: 'batch.complete',
    operationId: 'onBatchComplete',
    summary: 'Every job of a batch ended',
    description: 'Sent once to the batch’s `webhook_url` when its last job ended (complete, failed or cancelled), listing every job.',
    payload: BatchCompleteEvent,
  },
];

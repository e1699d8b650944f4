import { CommonErrors } from './common/errors';
import type { ApiDocumentParts } from './common/openapi/document-conventions';
import { HTTP_ERRORS } from './http-errors';
import { BillingErrorExamples } from './modules/billing';
import { RENDERING_WEBHOOK_EVENTS } from './modules/rendering';
import { WEBHOOK_RECEIVER_DOC } from './modules/webhooks';

/**
 * What the OpenAPI document says beyond the controllers (src/common/openapi/swagger.ts): the error
 * table, one line per tag, the webhooks and the shared error examples. Here at the composition root
 * because it speaks for every module.
 */
export const API_DOCUMENT: ApiDocumentParts = {
  errors: HTTP_ERRORS,
  tags: [
    { name: 'Auth', description: 'Accounts: register, verify the e-mail address, log in for an access token.' },
    { name: 'API keys', description: 'Create, list and revoke the API keys that servers authenticate with (access token only).' },
    { name: 'Account and usage', description: 'The account, its plan’s limits and the renders used this billing period.' },
    {
      name: 'Renders',
      description: 'Create, preview, follow, list and cancel render jobs; their routes, the map styles and place search.',
    },
    { name: 'Batches', description: 'Many renders in one request, followed together, with one webhook at the end.' },
    { name: 'Templates', description: 'Saved render settings merged under the requests that name them.' },
    { name: 'Webhooks', description: 'The signing secret, the delivery log and redelivery; the events themselves are under `webhooks`.' },
  ],
  webhooks: { events: RENDERING_WEBHOOK_EVENTS, receiver: WEBHOOK_RECEIVER_DOC },
  rateLimitedExample: BillingErrorExamples.rateLimitExceeded,
  payloadTooLargeExample: { summary: 'A body over 1 MiB', error: CommonErrors.payloadTooLarge() },
  unsupportedMediaTypeExample: { summary: 'A form or text body', error: CommonErrors.unsupportedMediaType() },
  internalErrorExample: { summary: 'An unexpected failure', error: CommonErrors.internal() },
  serviceUnavailableExample: { summary: 'The render queue is away', error: CommonErrors.serviceUnavailable('The render queue') },
};

import type { HeaderDoc, WebhookReceiverDoc } from '../../common/openapi/document-conventions';
import { WEBHOOK_EVENTS } from './entities/webhook-delivery.entity';
import { WEBHOOK_HEADERS } from './signing';

/**
 * What every webhook delivery carries and what the receiver is expected to answer, as the OpenAPI
 * document's `webhooks` describe it (docs/webhooks.md tells the same to people).
 */
const HEADERS: HeaderDoc[] = [
  {
    name: WEBHOOK_HEADERS.event,
    required: true,
    description: 'The event name, as `event` in the body.',
    schema: { type: 'string', enum: [...WEBHOOK_EVENTS], example: 'render.complete' },
  },
  {
    name: WEBHOOK_HEADERS.delivery,
    required: true,
    description:
      'The delivery id, the same on every retry. No signature covers this header: deduplicate on `webhook-id` (the same id) ' +
      'after checking `webhook-signature`, which signs it.',
    schema: { type: 'string', example: 'dlv_3Jd8sK2mQ7vX1pL9nR4tY6wZ' },
  },
  {
    name: WEBHOOK_HEADERS.timestamp,
    required: true,
    description: 'Unix seconds when this attempt was signed (each retry is signed afresh).',
    schema: { type: 'string', pattern: '^[0-9]+$', example: '1795341631' },
  },
  {
    name: WEBHOOK_HEADERS.signature,
    required: true,
    description: '`sha256=` and the lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the whole secret string (`whsec_…`).',
    schema: {
      type: 'string',
      pattern: '^sha256=[0-9a-f]{64}$',
      example: 'sha256=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
    },
  },
  {
    name: WEBHOOK_HEADERS.signatureV2,
    required: true,
    description:
      '`t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<body>">`; a second `v1=` while a rotated-out secret still signs. ' +
      'Reject a `t` more than 5 minutes from now (replays).',
    schema: {
      type: 'string',
      pattern: '^t=[0-9]+(,v1=[0-9a-f]{64})+$',
      example: 't=1795341631,v1=9f4c2b1e0a8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b',
    },
  },
  {
    name: 'webhook-id',
    required: false,
    description:
      'Standard Webhooks: the message id (the delivery id, as `X-Service-Delivery`), signed by `webhook-signature`: deduplicate on it.',
    schema: { type: 'string', example: 'dlv_3Jd8sK2mQ7vX1pL9nR4tY6wZ' },
  },
  {
    name: 'webhook-timestamp',
    required: false,
    description: 'Standard Webhooks: Unix seconds when this attempt was signed.',
    schema: { type: 'string', pattern: '^[0-9]+$', example: '1795341631' },
  },
  {
    name: 'webhook-signature',
    required: false,
    description:
      'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, keyed with the base64-decoded part ' +
      'of the secret after `whsec_`; space-separated entries while a rotated-out secret still signs. Verifies with the standardwebhooks libraries.',
    schema: { type: 'string', example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=' },
  },
];

export const WEBHOOK_RECEIVER_DOC: WebhookReceiverDoc = {
  headers: HEADERS,
  responses: {
    '200': {
      description:
        'Any 2xx within 30 seconds acknowledges the delivery (the body is ignored). Anything else, a redirect or a timeout is a failed ' +
        'attempt, retried after 30 s, 2 min, 10 min and 1 h.',
    },
    '410': { description: 'Gone: stops the retries at once (the delivery becomes `failed`).' },
  },
};

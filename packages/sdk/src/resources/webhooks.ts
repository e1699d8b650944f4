import { unwrap, type ApiContext, type RequestOptions } from '../http';
import type { ListDeliveriesQuery, SigningSecret, WebhookDelivery } from '../types';
import { verifyWebhook, type HeadersLike, type VerifyOptions } from '../webhooks';
import type { WebhookEvent } from '../types';

/** The account's webhook signing secret, the delivery log, and signature verification. */
export class Webhooks {
  constructor(private readonly api: ApiContext) {}

  /** `GET /v1/webhooks/secret` (access token only: API keys cannot read the secret). */
  async secret(): Promise<SigningSecret> {
    return unwrap(this.api.http.GET('/v1/webhooks/secret'));
  }

  /** `POST /v1/webhooks/secret/rotate`: a new secret; the previous one keeps signing too for 24 hours. */
  async rotateSecret(): Promise<SigningSecret> {
    return unwrap(this.api.http.POST('/v1/webhooks/secret/rotate'));
  }

  /** `GET /v1/webhooks/deliveries?job_id=|batch_id=`: deliveries, newest first, with every attempt. */
  async deliveries(query: ListDeliveriesQuery = {}, options: RequestOptions = {}): Promise<WebhookDelivery[]> {
    return (await unwrap(this.api.http.GET('/v1/webhooks/deliveries', { params: { query }, signal: options.signal }))).deliveries;
  }

  /** `POST /v1/webhooks/deliveries/{id}/redeliver`: one more attempt now, outside the retry schedule. */
  async redeliver(deliveryId: string): Promise<WebhookDelivery> {
    return unwrap(this.api.http.POST('/v1/webhooks/deliveries/{id}/redeliver', { params: { path: { id: deliveryId } } }));
  }

  /** Verifies a delivery (see `verifyWebhook`) and answers its typed event. */
  verify(
    rawBody: string | Uint8Array | ArrayBuffer,
    headers: HeadersLike,
    secret: string | readonly string[],
    options?: VerifyOptions,
  ): Promise<WebhookEvent> {
    return verifyWebhook<WebhookEvent>(rawBody, headers, secret, options);
  }
}

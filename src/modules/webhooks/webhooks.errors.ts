import { ValidationFailed } from '../../common/errors';

/** Why the webhook URL policy (ssrf/) refused a URL: the issue code of the validation error. */
export const WEBHOOK_URL_REJECTION_REASONS = [
  'invalid_url',
  'url_too_long',
  'scheme_not_allowed',
  'credentials_in_url',
  /** localhost, single-label names and special-use local domains (.local, .internal, .home.arpa…). */
  'local_hostname',
  /** Cloud instance-metadata names and addresses; refused even when private targets are allowed. */
  'metadata_endpoint',
  /** The host is, or resolves to, an address outside the public unicast internet. */
  'private_address',
  'unresolvable_host',
] as const;
export type WebhookUrlRejectionReason = (typeof WEBHOOK_URL_REJECTION_REASONS)[number];

export interface WebhookUrlRejection {
  reason: WebhookUrlRejectionReason;
  /** A sentence safe to show to the API caller (it never contains resolved addresses). */
  message: string;
  /** For address rejections: the range that matched, e.g. 'loopback', 'linkLocal', 'uniqueLocal'. */
  range?: string;
  /** For address rejections: the offending address, for logs only. */
  address?: string;
}

/** Webhooks refuse with one code: a refused `webhook_url` is a validation error (contract §8). */
export type WebhooksErrorCode = WebhookUrlRejectedError['code'];

/**
 * A refused webhook URL as the contract's validation error: VALIDATION_ERROR with one issue on
 * `webhook_url` whose code is the rejection reason.
 */
export class WebhookUrlRejectedError extends ValidationFailed {
  constructor(
    readonly rejection: WebhookUrlRejection,
    field = 'webhook_url',
  ) {
    super([{ field, code: rejection.reason, message: rejection.message }]);
  }
}

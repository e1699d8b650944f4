import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';
import { assertPublicWebhookUrl, checkWebhookUrlSyntax } from './ssrf';
import { WebhookUrlRejectedError } from './webhooks.errors';

/**
 * Decides whether a caller-supplied webhook URL is acceptable at submission: http(s) only, and a
 * host that is not, and does not resolve to, a private, loopback, link-local or metadata address.
 * The same policy runs again at every connection (DNS rebinding).
 */
@Injectable()
export class WebhookTargetPolicy {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Checks the URL's form only (http or https, a host, no credentials, at most 2048 characters, no metadata host
   * name): no DNS, and private or local targets pass. For a preview (contract §15), which sends nothing; a render
   * of the same body runs `assertAcceptable`. Throws a 400 VALIDATION_ERROR naming `field`.
   */
  assertWellFormed(url: string, field: string): void {
    const syntax = checkWebhookUrlSyntax(url, { allowPrivate: true });
    if (!syntax.ok) throw new WebhookUrlRejectedError(syntax.rejection, field);
  }

  /** Throws a 400 VALIDATION_ERROR naming `field` when the URL is refused. */
  async assertAcceptable(url: string, field: string): Promise<void> {
    const options = { allowPrivate: this.config.webhooks.allowPrivateTargets };
    const syntax = checkWebhookUrlSyntax(url, options);
    if (!syntax.ok) throw new WebhookUrlRejectedError(syntax.rejection, field);
    try {
      await assertPublicWebhookUrl(url, options);
    } catch (err) {
      if (err instanceof WebhookUrlRejectedError) throw new WebhookUrlRejectedError(err.rejection, field);
      throw err;
    }
  }
}

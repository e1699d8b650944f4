import { Module } from '@nestjs/common';
import { WebhookTargetPolicy } from './webhook-target-policy.service';

/** Webhook URL policy (SSRF guard); signing, delivery and the delivery log build on it. */
@Module({
  providers: [WebhookTargetPolicy],
  exports: [WebhookTargetPolicy],
})
export class WebhooksModule {}

export {
  checkWebhookUrlSyntax,
  resolveWebhookTarget,
  assertPublicWebhookUrl,
  recheckResolvedTarget,
  checkAddress,
  MAX_WEBHOOK_URL_LENGTH,
  type WebhookUrlPolicyOptions,
  type WebhookUrlSyntaxCheck,
  type WebhookHost,
  type ResolvedTarget,
  type CheckedAddress,
  type HostResolver,
  type ResolveWebhookTargetOptions,
  type WebhookTargetResolution,
} from './webhook-url-policy';
export { classifyIpAddress, type AddressClassification } from './address-classification';

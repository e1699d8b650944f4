/**
 * The API's bodies as the dashboard reads and sends them: the SDK's names for the types it generates from
 * docs/openapi.json, so a change of the API shows here as a compile error, not as a page that breaks.
 * Render request bodies are built by compose/render-form.ts; form state stays with its forms.
 */
export type {
  Account,
  AcceptedRender,
  ApiKey,
  Batch,
  BatchPage,
  CreatedApiKey,
  CreateRenderRequest,
  Place,
  Render,
  RenderPage,
  RenderPreview,
  RenderRoute,
  RenderStatus,
  SigningSecret,
  Style,
  Template,
  TemplateSettings,
  TemplateSummary,
  Usage,
  WebhookDelivery,
} from '@mapr/sdk';

/**
 * The API's bodies as the dashboard reads and sends them: the SDK's names for the types it generates from
 * docs/openapi.json, so a change of the API shows here as a compile error, not as a page that breaks.
 * Render request bodies are built by compose/render-form.ts; form state stays with its forms.
 */
export type {
  Account,
  AcceptedRender,
  ApiKey,
  AspectRatio,
  Batch,
  BatchPage,
  CameraIntensity,
  CameraPreset,
  CreatedApiKey,
  CreateRenderRequest,
  HudPosition,
  Limits,
  Place,
  Render,
  RenderMode,
  RenderPage,
  RenderPreview,
  RenderRoute,
  RenderStatus,
  Resolution,
  SigningSecret,
  Style,
  Template,
  TemplateSettings,
  TemplateSummary,
  TextOverlayPosition,
  TextOverlayStyle,
  Transport,
  Units,
  Usage,
  WebhookDelivery,
} from '@mapr/sdk';

export { Mapr, type MaprOptions } from './client';
export { MaprError, MaprConnectionError, RenderFailedError, type ErrorBody, type ErrorCode, type ValidationIssue } from './errors';
export {
  verifyWebhook,
  WebhookVerificationError,
  type HeadersLike,
  type VerifyOptions,
  type VerificationFailure,
  type WebhookScheme,
} from './webhooks';
export type { RetryPolicy } from './transport';
export type { RequestOptions } from './http';
export type { CreateOptions, WaitOptions, ListRendersOptions } from './resources/renders';
export type { BatchWaitOptions } from './resources/batches';
export type { StreamOptions } from './resources/events';
export type * from './types';
export {
  ASPECT_RATIOS,
  CAMERA_EASES,
  CAMERA_INTENSITIES,
  CAMERA_MODES,
  CAMERA_PRESETS,
  FRAME_RATES,
  HUD_POSITIONS,
  PROJECTIONS,
  RENDER_MODES,
  RENDER_STATUSES,
  RESOLUTIONS,
  TEXT_OVERLAY_POSITIONS,
  TEXT_OVERLAY_STYLES,
  TRANSPORTS,
  UNITS,
} from './enums';
export type { paths, components, operations } from './generated/openapi';

/**
 * Readable names for the request and response bodies of the API, all taken from the generated
 * OpenAPI types (src/generated/openapi.ts), so they change when the document changes.
 */
import type { components, operations } from './generated/openapi';

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON request body of an operation, by its `operationId`. */
export type RequestBody<Op extends keyof operations> = JsonContent<NonNullable<operations[Op]['requestBody']>>;
/** The JSON response body of an operation for one status code. */
export type ResponseBody<Op extends keyof operations, Status extends keyof operations[Op]['responses']> = JsonContent<
  operations[Op]['responses'][Status]
>;
/** The query parameters of an operation. */
export type QueryOf<Op extends keyof operations> = operations[Op]['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;

export type CreateRenderRequest = RequestBody<'createRender'>;
export type AcceptedRender = ResponseBody<'createRender', 202>;
export type Render = ResponseBody<'getRender', 200>;
export type RenderStatus = Render['status'];
export type RenderPage = ResponseBody<'listRenders', 200>;
export type ListRendersQuery = QueryOf<'listRenders'>;
export type RenderRoute = ResponseBody<'getRenderRoute', 200>;
/** One leg of a `RenderRoute` (a GeoJSON LineString feature) and what it connects. */
export type RouteFeature = RenderRoute['features'][number];
/** Why a job failed (`error` of a failed job): a routing, rendering or storage failure. */
export type RenderFailureCode = NonNullable<Render['error']>;
export type RenderPreview = ResponseBody<'previewRender', 200>;
/** What `POST /v1/render` would refuse of a previewed body (`render_refusals`), with the plan that lifts it. */
export type RenderRefusal = RenderPreview['render_refusals'][number];
/** A `place` the service resolved by name for a preview, and the place it took ("Atlantis, Western Cape, South Africa"). */
export type ResolvedPlace = RenderPreview['resolved_places'][number];

/** The render request's enumerated fields, by readable name (`enums.ts` lists the values of each). */
type RenderSchemas = components['schemas'];
/** What a render shows (`mode`). */
export type RenderMode = NonNullable<RenderSchemas['CreateRenderDto']['mode']>;
/** A leg's vehicle (`transport`, and each waypoint's). */
export type Transport = NonNullable<RenderSchemas['CreateRenderDto']['transport']>;
export type Resolution = NonNullable<RenderSchemas['CreateRenderDto']['resolution']>;
export type AspectRatio = NonNullable<RenderSchemas['CreateRenderDto']['aspect_ratio']>;
export type Fps = NonNullable<RenderSchemas['CreateRenderDto']['fps']>;
/** Distances in the HUD and labels (`units`). */
export type Units = NonNullable<RenderSchemas['CreateRenderDto']['units']>;
/** How the map is drawn (`projection`): flat, a globe, or `auto`. */
export type Projection = NonNullable<RenderSchemas['CreateRenderDto']['projection']>;
/** Relief shading under the land (`terrain`): `enabled` (default false) and `exaggeration` (0 to 3, default 1). */
export type Terrain = NonNullable<RenderSchemas['CreateRenderDto']['terrain']>;
export type CameraPreset = NonNullable<RenderSchemas['CameraDto']['preset']>;
export type CameraIntensity = NonNullable<RenderSchemas['CameraDto']['intensity']>;
export type CameraMode = NonNullable<RenderSchemas['CameraDto']['mode']>;
export type CameraEase = NonNullable<RenderSchemas['CameraDto']['ease']>;
export type HudPosition = NonNullable<RenderSchemas['HudDto']['position']>;
export type TextOverlayPosition = NonNullable<RenderSchemas['TextOverlayDto']['position']>;
export type TextOverlayStyle = NonNullable<RenderSchemas['TextOverlayDto']['style']>;

export type CreateBatchRequest = RequestBody<'createBatch'>;
export type AcceptedBatch = ResponseBody<'createBatch', 202>;
export type Batch = ResponseBody<'getBatch', 200>;
export type BatchPage = ResponseBody<'listBatches', 200>;
export type BatchSummary = BatchPage['data'][number];
/** One job of a batch as `GET /v1/batch/{batch_id}` lists it. */
export type BatchJob = Batch['jobs'][number];

export type CreateTemplateRequest = RequestBody<'createTemplate'>;
export type UpdateTemplateRequest = RequestBody<'updateTemplate'>;
export type Template = ResponseBody<'getTemplate', 200>;
export type TemplateSummary = ResponseBody<'listTemplates', 200>['templates'][number];
/** What a template holds: every field of a render request but the per-job ones, none of them required. */
export type TemplateSettings = Template['settings'];

export type Usage = ResponseBody<'getUsage', 200>;
export type Account = ResponseBody<'getAccount', 200>;
export type Tier = Account['tier'];
/** The tier's limits (`Account['limits']`). */
export type Limits = Account['limits'];
/** A self-serve plan with its limits (`Account['plans']`, smallest first). */
export type Plan = Account['plans'][number];
export type CreateApiKeyRequest = RequestBody<'createApiKey'>;
export type CreatedApiKey = ResponseBody<'createApiKey', 201>;
export type ApiKey = ResponseBody<'listApiKeys', 200>['api_keys'][number];

export type SigningSecret = ResponseBody<'getWebhookSecret', 200>;
export type WebhookDelivery = ResponseBody<'listWebhookDeliveries', 200>['deliveries'][number];
export type WebhookDeliveryAttempt = WebhookDelivery['attempts'][number];
export type ListDeliveriesQuery = QueryOf<'listWebhookDeliveries'>;

export type Style = ResponseBody<'listStyles', 200>['styles'][number];
export type Place = ResponseBody<'searchPlaces', 200>['places'][number];

export type LogInRequest = RequestBody<'logIn'>;
export type LogInResponse = ResponseBody<'logIn', 200>;
export type RegisterRequest = RequestBody<'register'>;
export type RegisterResponse = ResponseBody<'register', 201>;
export type ResendVerificationResponse = ResponseBody<'resendVerificationEmail', 200>;
export type ForgotPasswordResponse = ResponseBody<'requestPasswordReset', 202>;
export type ResetPasswordResponse = ResponseBody<'resetPassword', 200>;

export type RenderCompleteEvent = components['schemas']['RenderCompleteEvent'];
export type RenderFailedEvent = components['schemas']['RenderFailedEvent'];
export type BatchCompleteEvent = components['schemas']['BatchCompleteEvent'];
/** What a webhook delivery's body holds; `event` tells which. */
export type WebhookEvent = RenderCompleteEvent | RenderFailedEvent | BatchCompleteEvent;

type EventRecord = ResponseBody<'listEvents', 200>['data'][number];
/** One of the account's events from `GET /v1/events`: the webhook body and the headers to forward it with. */
export type AccountEvent = Omit<EventRecord, 'payload'> & { payload: WebhookEvent };
export type EventPage = { data: AccountEvent[]; next_after: string | null };
export type ListEventsQuery = QueryOf<'listEvents'>;

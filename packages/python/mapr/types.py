"""Readable names for the API's request and response bodies, all taken from the generated types (``_openapi.py``),
so they change when docs/openapi.json does. The same names as the TypeScript SDK's."""

from __future__ import annotations

from typing import TypedDict, get_args

from . import _openapi as api
from .webhooks import WebhookEvent

CreateRenderRequest = api.CreateRenderRequest
AcceptedRender = api.CreateRenderResponse
Render = api.GetRenderResponse
RenderStatus = api.JobRecordDtoStatus
RenderPage = api.ListRendersResponse
ListRendersQuery = api.ListRendersQuery
RenderRoute = api.GetRenderRouteResponse
RouteFeature = api.RouteFeatureDto
#: Why a job failed (``error`` of a failed job): a routing, rendering or storage failure.
RenderFailureCode = api.JobRecordDtoError
RenderPreview = api.PreviewRenderResponse
RenderRefusal = api.RenderRefusalDto
ResolvedPlace = api.ResolvedPlaceDto

RenderMode = api.CreateRenderDtoMode
Transport = api.CreateRenderDtoTransport
Resolution = api.CreateRenderDtoResolution
AspectRatio = api.CreateRenderDtoAspectRatio
Fps = api.CreateRenderDtoFps
Units = api.CreateRenderDtoUnits
Projection = api.CreateRenderDtoProjection
Terrain = api.TerrainDto
CameraPreset = api.CameraDtoPreset
CameraIntensity = api.CameraDtoIntensity
CameraMode = api.CameraDtoMode
CameraEase = api.CameraDtoEase
HudPosition = api.HudDtoPosition
TextOverlayPosition = api.TextOverlayDtoPosition
TextOverlayStyle = api.TextOverlayDtoStyle

CreateBatchRequest = api.CreateBatchRequest
AcceptedBatch = api.CreateBatchResponse
Batch = api.GetBatchResponse
BatchPage = api.ListBatchesResponse
BatchSummary = api.BatchDto
BatchJob = api.BatchJobEntryDto

CreateTemplateRequest = api.CreateTemplateRequest
UpdateTemplateRequest = api.UpdateTemplateRequest
Template = api.GetTemplateResponse
TemplateSummary = api.TemplateSummaryDto
TemplateSettings = api.TemplateSettingsDto

Usage = api.GetUsageResponse
Account = api.GetAccountResponse
Tier = api.AccountDtoTier
Limits = api.LimitsDto
Plan = api.PlanDto
CreateApiKeyRequest = api.CreateApiKeyRequest
CreatedApiKey = api.CreateApiKeyResponse
ApiKey = api.ApiKeyDto

SigningSecret = api.GetWebhookSecretResponse
WebhookDelivery = api.DeliveryDto
WebhookDeliveryAttempt = api.DeliveryAttemptDto
ListDeliveriesQuery = api.ListWebhookDeliveriesQuery

Style = api.StyleDto
Place = api.PlaceDto

LogInRequest = api.LogInRequest
LogInResponse = api.LogInResponse
RegisterRequest = api.RegisterRequest
RegisterResponse = api.RegisterResponse
ResendVerificationResponse = api.ResendVerificationEmailResponse
ForgotPasswordResponse = api.RequestPasswordResetResponse
ResetPasswordResponse = api.ResetPasswordResponse

RenderCompleteEvent = api.RenderCompleteEvent
RenderFailedEvent = api.RenderFailedEvent
BatchCompleteEvent = api.BatchCompleteEvent
ErrorBody = api.ErrorResponseDto
ErrorCode = api.ErrorResponseDtoErrorCode
ValidationIssue = api.ValidationIssueDto
ListEventsQuery = api.ListEventsQuery


class AccountEvent(TypedDict):
    """One of the account's events from ``GET /v1/events``: the webhook body, and the headers to forward it with."""

    id: str
    event: api.EventDtoEvent
    created_at: str
    delivery_id: str | None
    job_id: str | None
    batch_id: str | None
    sandbox: bool
    signed_with: api.EventDtoSignedWith
    payload: WebhookEvent
    body: str
    #: The X-Service-* and Standard Webhooks headers, signed at the time of the answer.
    headers: dict[str, str]


class EventPage(TypedDict):
    data: list[AccountEvent]
    next_after: str | None


# The values the API allows in the enumerated fields of a render, in the order the API documents them.
RENDER_MODES: tuple[RenderMode, ...] = get_args(RenderMode)
TRANSPORTS: tuple[Transport, ...] = get_args(Transport)
RESOLUTIONS: tuple[Resolution, ...] = get_args(Resolution)
ASPECT_RATIOS: tuple[AspectRatio, ...] = get_args(AspectRatio)
FRAME_RATES: tuple[Fps, ...] = get_args(Fps)
UNITS: tuple[Units, ...] = get_args(Units)
PROJECTIONS: tuple[Projection, ...] = get_args(Projection)
CAMERA_PRESETS: tuple[CameraPreset, ...] = get_args(CameraPreset)
CAMERA_INTENSITIES: tuple[CameraIntensity, ...] = get_args(CameraIntensity)
CAMERA_MODES: tuple[CameraMode, ...] = get_args(CameraMode)
CAMERA_EASES: tuple[CameraEase, ...] = get_args(CameraEase)
HUD_POSITIONS: tuple[HudPosition, ...] = get_args(HudPosition)
TEXT_OVERLAY_POSITIONS: tuple[TextOverlayPosition, ...] = get_args(TextOverlayPosition)
TEXT_OVERLAY_STYLES: tuple[TextOverlayStyle, ...] = get_args(TextOverlayStyle)
RENDER_STATUSES: tuple[RenderStatus, ...] = get_args(RenderStatus)

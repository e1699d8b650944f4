"""Types of the mapr API (version 1), generated from docs/openapi.json by tools/generate_types.py.

Do not edit: run ``python3 packages/python/tools/generate_types.py`` after ``npm run openapi``.
"""

from typing import Any, Literal, NotRequired, TypedDict


ErrorResponseDtoErrorCode = Literal["VALIDATION_ERROR", "INVALID_JSON", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE", "NOT_FOUND", "SERVICE_UNAVAILABLE", "INTERNAL_ERROR", "AUTHENTICATION_REQUIRED", "INVALID_TOKEN", "INVALID_API_KEY", "INVALID_CREDENTIALS", "ACCESS_TOKEN_REQUIRED", "EMAIL_NOT_VERIFIED", "EMAIL_ALREADY_REGISTERED", "EMAIL_ALREADY_VERIFIED", "INVALID_VERIFICATION_TOKEN", "INVALID_RESET_TOKEN", "TOO_MANY_ATTEMPTS", "REAUTHENTICATION_REQUIRED", "RATE_LIMIT_EXCEEDED", "RENDER_LIMIT_EXCEEDED", "CONCURRENT_JOB_LIMIT", "QUEUED_JOB_LIMIT", "SANDBOX_LIMIT_EXCEEDED", "FEATURE_NOT_AVAILABLE", "PREVIEW_STILL_IN_PROGRESS", "PREVIEW_STILL_BUSY", "PREVIEW_STILL_LIMIT_EXCEEDED", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_IN_USE", "JOB_NOT_CANCELLABLE", "ROUTE_NOT_READY", "FILE_EXPIRED", "RANGE_NOT_SATISFIABLE", "PRECONDITION_FAILED", "TEMPLATE_LIMIT_REACHED", "TEMPLATE_READ_ONLY", "MARITIME_ROUTE_ERROR", "ROAD_ROUTE_ERROR", "ROUTE_TOO_COMPLEX", "RENDER_TIMEOUT", "RENDER_FAILED", "STORAGE_ERROR"]
CreateApiKeyDtoMode = Literal["live", "test"]
CreatedApiKeyDtoMode = Literal["live", "test"]
ApiKeyDtoMode = Literal["live", "test"]
LimitsDtoResolutions = Literal["720p", "1080p", "4k"]
PlanDtoTier = Literal["free", "creator", "studio", "enterprise"]
AccountDtoTier = Literal["free", "creator", "studio", "enterprise"]
MultiRouteDestinationDtoTransport = Literal["plane", "ship", "car", "truck", "train", "walk", "none"]
MultiRouteDtoLabelCollision = Literal["none", "auto-offset"]
RegionFocusDtoFrom = Literal["world", "continent"]
CountryDataDtoPalette = Literal["sequential", "diverging"]
CountryDataDtoReveal = Literal["all", "ranked"]
WaypointDtoTransport = Literal["plane", "ship", "car", "truck", "train", "walk", "none"]
WaypointDtoEmphasis = Literal["standard", "waypoint", "chokepoint"]
RouteOptionsDtoMode = Literal["manual", "sea", "road"]
RouteOptionsDtoAvoid = Literal["suez", "panama", "bosporus", "malacca", "gibraltar", "hormuz", "bab-el-mandeb", "cape-horn"]
TextOverlayDtoPosition = Literal["top", "center", "bottom", "top-left", "top-right", "bottom-left", "bottom-right"]
TextOverlayDtoStyle = Literal["caption", "headline", "lower-third"]
RouteStyleDtoLine = Literal["solid", "dashed", "dotted", "glow"]
CameraDtoPreset = Literal["auto", "follow", "overview", "cinematic", "global_corridor_reveal", "chokepoint_tension", "long_reroute_burden", "tension_build", "canal_bottleneck", "chokepoint_focus", "static_overview"]
CameraDtoIntensity = Literal["soft", "balanced", "bold", "strong"]
CameraDtoMode = Literal["follow", "static"]
CameraDtoEase = Literal["linear", "sine-in-out", "quad-in-out", "cubic-in-out", "quart-in-out", "expo-in-out"]
HudDtoPosition = Literal["top-left", "top-right", "bottom-left", "bottom-right"]
CreateRenderDtoMode = Literal["route_animation", "multi_route", "region_focus", "country_data"]
CreateRenderDtoTransport = Literal["plane", "ship", "car", "truck", "train", "walk", "none"]
CreateRenderDtoResolution = Literal["720p", "1080p", "4k"]
CreateRenderDtoAspectRatio = Literal["16:9", "9:16", "1:1", "4:5"]
CreateRenderDtoFps = Literal[24, 30, 60]
CreateRenderDtoProjection = Literal["auto", "flat", "globe"]
CreateRenderDtoHud1 = Literal[False]
CreateRenderDtoUnits = Literal["km", "mi"]
AcceptedRenderDtoStatus = Literal["queued"]
LineStringDtoType = Literal["LineString"]
RouteFeaturePropertiesDtoTransport = Literal["plane", "ship", "car", "truck", "train", "walk", "none"]
RouteFeaturePropertiesDtoMode = Literal["great-circle", "sea", "road"]
RouteFeatureDtoType = Literal["Feature"]
RouteGeoJsonDtoType = Literal["FeatureCollection"]
RenderRefusalDtoErrorCode = Literal["VALIDATION_ERROR", "EMAIL_NOT_VERIFIED", "FEATURE_NOT_AVAILABLE", "RENDER_LIMIT_EXCEEDED", "SANDBOX_LIMIT_EXCEEDED"]
RenderRefusalDtoLiftedBy = Literal["free", "creator", "studio", "enterprise"]
JobRecordDtoStatus = Literal["queued", "processing", "complete", "failed", "cancelled"]
JobRecordDtoError = Literal["MARITIME_ROUTE_ERROR", "ROAD_ROUTE_ERROR", "RENDER_TIMEOUT", "RENDER_FAILED", "STORAGE_ERROR"]
AcceptedBatchJobDtoStatus = Literal["queued"]
BatchJobEntryDtoStatus = Literal["queued", "processing", "complete", "failed", "cancelled"]
BatchJobEntryDtoError = Literal["MARITIME_ROUTE_ERROR", "ROAD_ROUTE_ERROR", "RENDER_TIMEOUT", "RENDER_FAILED", "STORAGE_ERROR"]
BatchDtoStatus = Literal["processing", "complete"]
TemplateSettingsDtoMode = Literal["route_animation", "multi_route", "region_focus", "country_data"]
TemplateSettingsDtoTransport = Literal["plane", "ship", "car", "truck", "train", "walk", "none"]
TemplateSettingsDtoResolution = Literal["720p", "1080p", "4k"]
TemplateSettingsDtoAspectRatio = Literal["16:9", "9:16", "1:1", "4:5"]
TemplateSettingsDtoFps = Literal[24, 30, 60]
TemplateSettingsDtoProjection = Literal["auto", "flat", "globe"]
TemplateSettingsDtoHud1 = Literal[False]
TemplateSettingsDtoUnits = Literal["km", "mi"]
DeliveryAttemptDtoTrigger = Literal["automatic", "manual"]
DeliveryAttemptDtoOutcome = Literal["delivered", "failed", "gone"]
DeliveryAttemptDtoErrorKind = Literal["timeout", "connection_refused", "dns", "ssrf_blocked", "redirect", "http_error", "tls", "network"]
DeliveryDtoEvent = Literal["render.complete", "render.failed", "batch.complete"]
DeliveryDtoStatus = Literal["pending", "delivered", "failed"]
EventDtoEvent = Literal["render.complete", "render.failed", "batch.complete"]
EventDtoSignedWith = Literal["listen_secret", "webhook_secret"]
RenderCompleteEventEvent = Literal["render.complete"]
RenderCompleteEventStatus = Literal["complete"]
RenderFailedEventEvent = Literal["render.failed"]
RenderFailedEventStatus = Literal["failed"]
RenderFailedEventError = Literal["MARITIME_ROUTE_ERROR", "ROAD_ROUTE_ERROR", "RENDER_TIMEOUT", "RENDER_FAILED", "STORAGE_ERROR"]
BatchCompleteEventEvent = Literal["batch.complete"]
ListRendersQueryStatus = Literal["queued", "processing", "complete", "failed", "cancelled"]


class RegisterDto(TypedDict):
    #: E-mail address; used to log in. Case-insensitive.
    email: str
    #: Never returned.
    password: str
    #: Display name: one line (no line breaks or other control characters).
    name: str


class RegisteredUserDto(TypedDict):
    id: str
    email: str
    name: str
    #: False until the link in the verification e-mail is opened.
    emailVerified: bool


class RegisterResponseDto(TypedDict):
    user: RegisteredUserDto
    message: str


class ValidationIssueDto(TypedDict):
    #: Path of the offending field.
    field: str
    #: Stable issue code.
    code: str
    message: str


class ErrorResponseDto(TypedDict):
    #: Short title.
    error: str
    #: Stable UPPER_SNAKE code.
    error_code: ErrorResponseDtoErrorCode
    #: A sentence for people.
    message: str
    #: Id of this request, also in the X-Request-Id header.
    request_id: str
    #: VALIDATION_ERROR only: every invalid field, up to 50 (then the first 50, and `issues_truncated`).
    issues: NotRequired[list[ValidationIssueDto]]
    #: VALIDATION_ERROR only, and only when more than 50 fields were invalid: `issues` lists the first 50.
    issues_truncated: NotRequired[bool]
    #: RATE_LIMIT_EXCEEDED, TOO_MANY_ATTEMPTS and PREVIEW_STILL_LIMIT_EXCEEDED: seconds until a retry can succeed (also the Retry-After header).
    retry_after_seconds: NotRequired[int]
    #: RENDER_LIMIT_EXCEEDED only.
    renders_used: NotRequired[int]
    #: RENDER_LIMIT_EXCEEDED only.
    renders_limit: NotRequired[int]
    #: RENDER_LIMIT_EXCEEDED only: when the monthly quota resets (ISO 8601 UTC).
    reset_at: NotRequired[str]
    #: CONCURRENT_JOB_LIMIT only.
    active_jobs: NotRequired[int]
    #: CONCURRENT_JOB_LIMIT and PREVIEW_STILL_LIMIT_EXCEEDED.
    limit: NotRequired[int]
    #: FEATURE_NOT_AVAILABLE and duration validation errors.
    tier: NotRequired[str]
    #: Validation error for a duration over the tier maximum.
    max_duration_seconds: NotRequired[int]


class LoginDto(TypedDict):
    email: str
    password: str


class UserSummaryDto(TypedDict):
    id: str
    email: str
    name: str


class LoginResponseDto(TypedDict):
    #: JWT access token; expires after 24 hours.
    accessToken: str
    user: UserSummaryDto


class ForgotPasswordDto(TypedDict):
    #: The account’s e-mail address. Case-insensitive.
    email: str


class ForgotPasswordResponseDto(TypedDict):
    #: The same whether or not the address has an account.
    message: str
    #: Lifetime of the reset link in hours.
    expires_in_hours: int


class ResetPasswordDto(TypedDict):
    #: The token from the e-mailed link (after `#token=` in `/reset-password#token=…`).
    token: str
    #: Never returned.
    password: str


class ResetPasswordResponseDto(TypedDict):
    message: str


class ResendVerificationResponseDto(TypedDict):
    message: str
    #: Lifetime of the verification link in hours.
    expires_in_hours: int


class VerifyEmailResponseDto(TypedDict):
    message: str
    emailVerified: bool


class CreateApiKeyDto(TypedDict):
    name: str
    #: `test` keys create watermarked sandbox renders that use no quota.
    mode: CreateApiKeyDtoMode
    #: The account’s password, required when the session is more than an hour old (else 403 REAUTHENTICATION_REQUIRED): a stolen token cannot mint a perma...
    password: NotRequired[str]


class CreatedApiKeyDto(TypedDict):
    id: str
    name: str
    mode: CreatedApiKeyDtoMode
    #: The full key. Shown only in this response: store it now.
    key: str
    prefix: str
    last4: str
    created_at: str


class ApiKeyDto(TypedDict):
    id: str
    name: str
    mode: ApiKeyDtoMode
    prefix: str
    #: Last four characters, to recognise the key.
    last4: str
    created_at: str
    last_used_at: str | None
    revoked_at: str | None


class ApiKeyListDto(TypedDict):
    api_keys: list[ApiKeyDto]


class UsageDto(TypedDict):
    #: Renders used in the current billing period (failed and cancelled jobs give theirs back).
    renders_used: int
    #: Monthly render quota of the plan.
    renders_limit: int
    renders_remaining: int
    #: Billing periods are UTC calendar months.
    period_start: str
    #: First instant of the next period; the quota resets then.
    period_end: str


class LimitsDto(TypedDict):
    renders_per_month: int
    max_duration_seconds: int
    resolutions: list[LimitsDtoResolutions]
    requests_per_minute: int
    concurrent_jobs: int
    #: Preview stills (POST /v1/render/preview/still) per minute; one at a time per account.
    preview_stills_per_minute: int
    #: Sandbox renders (mapr_test_ keys) accepted per UTC day.
    sandbox_renders_per_day: int
    #: Jobs queued or processing at once, batches’ jobs included.
    queued_jobs: int


class PlanDto(TypedDict):
    tier: PlanDtoTier
    name: str
    limits: LimitsDto


class AccountDto(TypedDict):
    id: str
    email: str
    name: str
    emailVerified: bool
    tier: AccountDtoTier
    limits: LimitsDto
    #: The self-serve plans, smallest first, with their limits: what moving to another plan would change. Plans are changed by the service’s operator; Ent...
    plans: list[PlanDto]
    created_at: str


class MapPointDto(TypedDict):
    #: Latitude in degrees. Required with lng unless `place` is given.
    lat: NotRequired[float]
    #: Longitude in degrees. Required with lat unless `place` is given.
    lng: NotRequired[float]
    #: Text shown beside the marker (plain text); defaults to the place’s name. An empty string shows none.
    label: NotRequired[str]
    #: A city name resolved offline instead of lat/lng; unknown names are a validation error listing the closest matches.
    place: NotRequired[str]


class LabelOffsetDto(TypedDict):
    #: Pixels to the right of the marker (at 1080p; scaled with the frame).
    x: float
    #: Pixels below the marker (at 1080p; negative is above).
    y: float


class MultiRouteDestinationDto(TypedDict):
    #: Latitude in degrees. Required with lng unless `place` is given.
    lat: NotRequired[float]
    #: Longitude in degrees. Required with lat unless `place` is given.
    lng: NotRequired[float]
    #: Text shown beside the marker (plain text); defaults to the place’s name. An empty string shows none.
    label: NotRequired[str]
    #: A city name resolved offline instead of lat/lng; unknown names are a validation error listing the closest matches.
    place: NotRequired[str]
    #: A short figure shown under the label ("35 days", "$2.5M").
    data_label: NotRequired[str]
    #: This route’s colour, `#rrggbb`; default: `route_style.color` when set, else one palette colour per route.
    color: NotRequired[str]
    #: How this destination is reached from the origin, routed like a leg; defaults to the request’s `transport`.
    transport: NotRequired[MultiRouteDestinationDtoTransport]
    #: Where the label sits relative to its marker; default: placed automatically.
    label_offset: NotRequired[LabelOffsetDto]


class MultiRouteDto(TypedDict):
    #: Where every route starts.
    origin: MapPointDto
    #: The destinations, each drawn as its own route from the origin.
    routes: list[MultiRouteDestinationDto]
    #: Show every route faintly from the start, then draw each one. Default: `true`.
    show_all_routes_at_start: NotRequired[bool]
    #: Labels appear as their route arrives (false: shown from the start). Default: `true`.
    animate_labels: NotRequired[bool]
    #: Second of the video at which the first route starts drawing; must leave the routes at least 0.5 s before the end. Default: `0`.
    routes_start_at: NotRequired[float]
    #: Seconds from the first route’s start to the last route’s end; `routes_start_at + routes_duration` must not pass the video’s end. Default: the rest...
    routes_duration: NotRequired[float]
    #: Seconds between the starts of consecutive routes; the last route must still have at least 0.5 s to draw. Default: `0`.
    stagger: NotRequired[float]
    #: `auto-offset` moves labels that would overlap; `none` leaves them where they are. Default: `"auto-offset"`.
    label_collision: NotRequired[MultiRouteDtoLabelCollision]
    #: Zoom of the opening shot (1 = whole world); default: chosen by the camera.
    start_zoom: NotRequired[float]
    #: Zoom of the closing shot (1 = whole world); default: chosen by the camera.
    end_zoom: NotRequired[float]


RegionFocusDto = TypedDict(
    "RegionFocusDto",
    {
        #: The region to fly in to: a country as ISO 3166-1 alpha-2 or alpha-3 code or English name ("PT", "PRT", "Portugal"), or a bbox [west, south, east, n...
        "region": str | list[float],
        #: Text shown on the region; defaults to the country’s name (none for a bbox). An empty string shows none.
        "label": NotRequired[str],
        #: Fill and outline colour of the region, `#rrggbb`; default: the style’s.
        "highlight_color": NotRequired[str],
        #: Where the camera starts before flying in. Default: `"world"`.
        "from": NotRequired[RegionFocusDtoFrom],
        #: Places marked inside the region.
        "markers": NotRequired[list[MapPointDto]],
    },
)


class CountryValueDto(TypedDict):
    #: ISO 3166-1 alpha-2 or alpha-3 code, or English name; each country once.
    country: str
    #: The figure that colours the country.
    value: float


class ChoroplethLegendDto(TypedDict):
    title: NotRequired[str]
    #: Unit shown after the legend’s figures.
    unit: NotRequired[str]


class CountryDataDto(TypedDict):
    #: One figure per country. Unknown countries are a validation error naming each one.
    values: list[CountryValueDto]
    #: A legend with the colour scale; default: none.
    legend: NotRequired[ChoroplethLegendDto]
    #: `sequential` (low → high) or `diverging` (below and above a middle). Default: `"sequential"`.
    palette: NotRequired[CountryDataDtoPalette]
    #: `ranked` fills the countries in order of value; `all` fills them together. Default: `"ranked"`.
    reveal: NotRequired[CountryDataDtoReveal]
    #: What the camera frames: "world", a country (code or name) or a bbox [west, south, east, north]. Default: `"world"`.
    region: NotRequired[str | list[float]]


class WaypointDto(TypedDict):
    #: Latitude in degrees. Required with lng unless `place` is given.
    lat: NotRequired[float]
    #: Longitude in degrees. Required with lat unless `place` is given.
    lng: NotRequired[float]
    #: Text shown beside the marker (rendered as plain text).
    label: NotRequired[str]
    #: A city name resolved offline instead of lat/lng; unknown names are a validation error listing the closest matches.
    place: NotRequired[str]
    #: Mode of the leg that leaves this waypoint; defaults to the request’s `transport`.
    transport: NotRequired[WaypointDtoTransport]
    #: Seconds the camera pauses at this waypoint.
    dwell: NotRequired[float]
    emphasis: NotRequired[WaypointDtoEmphasis]
    #: Zoom (1 = whole world) while the vehicle passes this waypoint.
    camera_zoom_override: NotRequired[float]
    #: Seconds the camera holds on this waypoint, after its dwell. Counts within the duration: all dwells and holds together may take at most half the video.
    camera_hold_seconds: NotRequired[float]


class RouteOptionsDto(TypedDict):
    #: Overrides the routing of every leg: `manual` (great-circle arcs), `sea` (maritime network) or `road`.
    mode: NotRequired[RouteOptionsDtoMode]
    #: Chokepoints sea routes must not pass.
    avoid: NotRequired[list[RouteOptionsDtoAvoid]]


class TextOverlayDto(TypedDict):
    #: Shown as plain text (never markup).
    text: str
    #: Second of the video at which it fades in.
    start: float
    #: Second at which it has faded out: later than `start`, not past the video’s duration.
    end: float
    #: Where it sits, always inside the safe area of the aspect ratio; overlays showing at once never cover each other nor the HUD. Default: `"bottom"`.
    position: NotRequired[TextOverlayDtoPosition]
    #: How it looks: `caption` (a line of text), `headline` (large) or `lower-third` (a band across the lower part, as on television). Default: `"caption"`.
    style: NotRequired[TextOverlayDtoStyle]


class TerrainDto(TypedDict):
    #: Shade the land with its relief (hills and mountains), under any style. Default: `false`.
    enabled: NotRequired[bool]
    #: How steep the relief looks: 0 flat, 1 as it is, 3 three times as steep. Default: `1`.
    exaggeration: NotRequired[float]


class RouteStyleDto(TypedDict):
    #: Route colour, `#rrggbb`.
    color: NotRequired[str]
    #: Line width in pixels at 1080p (scaled for other sizes).
    width: NotRequired[float]
    opacity: NotRequired[float]
    line: NotRequired[RouteStyleDtoLine]


class CameraDto(TypedDict):
    #: How the camera tells the route. `auto`: Opens on the whole route, follows each leg at a comfortable zoom, closes on the whole route. `follow`: Stay...
    preset: NotRequired[CameraDtoPreset]
    #: Zoom of the opening shot (1 = whole world).
    start_zoom: NotRequired[float]
    #: Camera tilt in degrees (0 = straight down).
    tilt: NotRequired[float]
    #: How far the camera zooms and how fast it moves; `strong` goes beyond `bold`. Default: `"balanced"`.
    intensity: NotRequired[CameraDtoIntensity]
    #: `follow`: the camera moves with the story. `static`: one frame that holds the whole route, no movement at all. Default: `"follow"`.
    mode: NotRequired[CameraDtoMode]
    #: Zoom while the vehicle passes a waypoint (1 = whole world); a waypoint's own `camera_zoom_override` wins.
    waypoint_zoom: NotRequired[float]
    #: The curve of every camera move (handovers between shots, punch-ins). Default: `"cubic-in-out"`.
    ease: NotRequired[CameraDtoEase]
    #: Where the opening shot looks: a waypoint's label (or place) or its 0-based index. route_animation only.
    start_focus_waypoint: NotRequired[str | int]
    #: Seconds the opening shot holds before the camera moves (counted within the opening).
    focus_hold_seconds: NotRequired[float]
    #: Extra zoom at the opening: multiplies the opening shot's scale (1 = none, 2 = twice as close). Default: `1`.
    opening_zoom_boost: NotRequired[float]
    #: Zoom multiplier at each chokepoint the camera punches in on (a chokepoint story's own when unset).
    chokepoint_punch_in: NotRequired[float]


class HudDto(TypedDict):
    #: Show the distance travelled.
    distance: NotRequired[bool]
    progress_bar: NotRequired[bool]
    position: NotRequired[HudDtoPosition]


class TitleDto(TypedDict):
    text: str
    subtitle: NotRequired[str]


class CreateRenderDto(TypedDict):
    #: What the video shows: `route_animation` (waypoints travelled in order), `multi_route` (routes fanning out from one origin), `region_focus` (the cam...
    mode: NotRequired[CreateRenderDtoMode]
    #: Required when mode is `multi_route`; refused in the other modes.
    multi_route: NotRequired[MultiRouteDto]
    #: Required when mode is `region_focus`; refused in the other modes.
    region_focus: NotRequired[RegionFocusDto]
    #: Required when mode is `country_data`; refused in the other modes.
    country_data: NotRequired[CountryDataDto]
    #: Ordered waypoints, each with lat+lng or a place name. Required in route_animation (the default mode), refused in the others.
    waypoints: NotRequired[list[WaypointDto]]
    #: Default mode of every leg (multi_route: of every route). Refused in region_focus and country_data, which have no route. Default: `"plane"`.
    transport: NotRequired[CreateRenderDtoTransport]
    #: How legs (multi_route: routes) are routed. Refused in region_focus and country_data, which have no route.
    route: NotRequired[RouteOptionsDto]
    #: Video length in seconds; default min(12, tier maximum). Above the tier maximum: VALIDATION_ERROR.
    duration: NotRequired[int]
    #: Free: 720p only; Creator and Studio: all. Default: `"720p"`.
    resolution: NotRequired[CreateRenderDtoResolution]
    #: 720p 9:16 is 720x1280, 1:1 is 720x720, 4:5 is 720x900. Default: `"16:9"`.
    aspect_ratio: NotRequired[CreateRenderDtoAspectRatio]
    #: Frames per second. Default: `30`.
    fps: NotRequired[CreateRenderDtoFps]
    #: A style id from GET /v1/styles. Default: `"standard"`.
    style: NotRequired[str]
    #: How the map is drawn, in every mode. `auto`: The globe where it tells the story better (a long route opens on it; wide content that one side of the...
    projection: NotRequired[CreateRenderDtoProjection]
    #: Shades the land with its hills and mountains, under any map style; exaggeration makes the relief look steeper (0 flat, 1 as it is, 3 three times as...
    terrain: NotRequired[TerrainDto]
    #: Look of the route line. multi_route: of every route, its colour the default of routes that set none. Refused in region_focus and country_data.
    route_style: NotRequired[RouteStyleDto]
    camera: NotRequired[CameraDto]
    #: `false` (default) or the HUD to overlay. It follows the one vehicle of route_animation: refused in the other modes.
    hud: NotRequired[CreateRenderDtoHud1 | HudDto]
    #: Intro card; rendered as inert text.
    title: NotRequired[TitleDto]
    #: Lines of text shown for a while, fading in and out, in any mode.
    text_overlays: NotRequired[list[TextOverlayDto]]
    #: Default: `"km"`.
    units: NotRequired[CreateRenderDtoUnits]
    #: Receives render.complete or render.failed. Must be public http(s).
    webhook_url: NotRequired[str]
    #: A saved template whose fields are merged under this request’s. Unknown or another account’s → VALIDATION_ERROR (issue code unknown_template).
    template_id: NotRequired[str]


class AcceptedRenderDto(TypedDict):
    job_id: str
    status: AcceptedRenderDtoStatus
    #: Rough render time in seconds once a worker starts it.
    estimated_duration_seconds: int
    #: Poll this for the job record.
    status_url: str
    created_at: str
    #: True for jobs created with a mapr_test_ key.
    sandbox: bool


class PreviewCompositionDto(TypedDict):
    #: The Remotion composition of `remotion/` that renders `props`.
    id: str
    width: int
    height: int
    fps: int
    #: Frames of the video: duration × fps.
    duration_in_frames: int


class LineStringDto(TypedDict):
    type: LineStringDtoType
    #: Positions [longitude, latitude] in order. Longitudes are continuous across the antimeridian (they may pass ±180).
    coordinates: list[list[float]]


RouteFeaturePropertiesDto = TypedDict(
    "RouteFeaturePropertiesDto",
    {
        #: Index of the leg (multi_route: of the route), from 0.
        "leg": int,
        #: multi_route only: the index in `multi_route.routes` of the destination this feature reaches from the origin.
        "route": NotRequired[int],
        "from": str,
        "to": str,
        "transport": RouteFeaturePropertiesDtoTransport,
        #: How it was routed.
        "mode": RouteFeaturePropertiesDtoMode,
        #: Length of this leg in kilometres.
        "distance_km": float,
    },
)


class RouteFeatureDto(TypedDict):
    type: RouteFeatureDtoType
    #: The routed path of the leg (multi_route: of the route).
    geometry: LineStringDto
    properties: RouteFeaturePropertiesDto


class RouteGeoJsonDto(TypedDict):
    type: RouteGeoJsonDtoType
    distance_km: float
    features: list[RouteFeatureDto]


class RenderRefusalDto(TypedDict):
    #: The `error_code` POST /v1/render answers: VALIDATION_ERROR (a duration over the plan’s maximum, issue code DURATION_EXCEEDS_TIER_LIMIT), EMAIL_NOT_...
    error_code: RenderRefusalDtoErrorCode
    #: The sentence the render answers (for VALIDATION_ERROR, its issue’s).
    message: str
    #: The body field it is about, when it is about one: `duration`, `resolution`.
    field: NotRequired[str]
    #: VALIDATION_ERROR only: the issue’s code.
    issue_code: NotRequired[str]
    #: The smallest plan that lifts it (free, creator, studio); null when no plan does (verify the e-mail, wait for the next period).
    lifted_by: RenderRefusalDtoLiftedBy | None


class ResolvedPlaceDto(TypedDict):
    #: The place’s own name, as GeoNames spells it (accents kept).
    name: str
    #: GeoNames’ name of the first-level region the place lies in (a state, province, district…: "Ohio" for Lisbon, US; "Lisbon" for Lisbon, PT, whose dis...
    admin1: str | None
    #: ISO 3166-1 alpha-2 code of the country.
    country: str
    #: The country’s common English name ("United States", "Portugal"), as `region_focus` and `country_data` name countries.
    country_name: str
    #: "Name, Region, Country", for a list or a field: "Lisbon, Ohio, United States". The region is left out when it only repeats the place’s or the count...
    display_name: str
    lat: float
    lng: float
    #: The field that named it, as validation issues name fields: `waypoints[i].place`, or a mode’s (`multi_route.routes[2].place`, `region_focus.markers[...
    field: str
    #: The waypoint’s 0-based index when the field is a waypoint’s; null for a mode’s points.
    waypoint_index: int | None
    #: The name as sent.
    query: str


class RenderPreviewDto(TypedDict):
    composition: PreviewCompositionDto
    #: The composition’s input props, exactly as a job of this body renders them (routed geometry included). Render them with the composition in a browser...
    props: dict[str, Any]
    #: The routed legs (or routes) as GeoJSON, as `GET /v1/render/{job_id}/route` returns them.
    route: RouteGeoJsonDto
    #: Whether POST /v1/render of this body would pass the plan’s checks now: duration, resolution, verified e-mail and the month’s quota (a test key: its...
    render_allowed: bool
    #: What POST /v1/render would refuse, in the order it checks; empty when `render_allowed`.
    render_refusals: list[RenderRefusalDto]
    #: Every `place` the service resolved by name (those sent without lat and lng), in the order the body names them: which place it took, so that a perso...
    resolved_places: list[ResolvedPlaceDto]


class JobRecordDto(TypedDict):
    job_id: str
    status: JobRecordDtoStatus
    #: Fraction done, 0 to 1 (1 when complete).
    progress: float
    created_at: str
    started_at: str | None
    #: complete only
    video_url: NotRequired[str]
    #: complete only
    thumbnail_url: NotRequired[str]
    #: complete only: the video’s length in seconds
    duration_seconds: NotRequired[int]
    #: complete only
    resolution: NotRequired[str]
    #: complete only
    file_size_bytes: NotRequired[int]
    #: complete only; the files are deleted after it
    expires_at: NotRequired[str]
    #: complete only
    completed_at: NotRequired[str]
    #: failed only
    error: NotRequired[JobRecordDtoError]
    #: failed only
    message: NotRequired[str]
    #: failed only
    failed_at: NotRequired[str]
    cancelled_at: str | None
    #: Rough render time in seconds once a worker starts it.
    estimated_duration_seconds: int
    batch_id: str | None
    sandbox: bool
    #: The normalised render parameters (every default filled in, places resolved to coordinates).
    request: dict[str, Any]
    #: What the camera did differently from what was asked, once the route is planned (empty until then, and when nothing is to say): a chokepoint story o...
    camera_notes: list[str]
    status_url: str


class JobListDto(TypedDict):
    #: Newest first.
    data: list[JobRecordDto]
    #: Pass as `cursor` for the next page; null on the last page.
    next_cursor: str | None


class StyleDto(TypedDict):
    id: str
    name: str
    description: str
    dark: bool
    #: A JPEG still (1280x720) of a sample route in this style, rendered by the service. The URL changes when the picture does, so it may be cached for lo...
    preview_url: str | None


class StyleListDto(TypedDict):
    styles: list[StyleDto]


class PlaceDto(TypedDict):
    #: The place’s own name, as GeoNames spells it (accents kept).
    name: str
    #: GeoNames’ name of the first-level region the place lies in (a state, province, district…: "Ohio" for Lisbon, US; "Lisbon" for Lisbon, PT, whose dis...
    admin1: str | None
    #: ISO 3166-1 alpha-2 code of the country.
    country: str
    #: The country’s common English name ("United States", "Portugal"), as `region_focus` and `country_data` name countries.
    country_name: str
    #: "Name, Region, Country", for a list or a field: "Lisbon, Ohio, United States". The region is left out when it only repeats the place’s or the count...
    display_name: str
    lat: float
    lng: float
    population: int


class PlaceListDto(TypedDict):
    places: list[PlaceDto]


class CreateBatchDto(TypedDict):
    #: Render requests, each validated like POST /v1/render (issues are named `jobs[i].field`). A per-job webhook_url is refused: the batch has one.
    jobs: list[CreateRenderDto]
    #: Receives one batch.complete when the last job ends. Must be public http(s).
    webhook_url: NotRequired[str]


class AcceptedBatchJobDto(TypedDict):
    job_id: str
    status: AcceptedBatchJobDtoStatus


class AcceptedBatchDto(TypedDict):
    batch_id: str
    #: In the order submitted.
    jobs: list[AcceptedBatchJobDto]
    total: int
    status_url: str


class BatchJobEntryDto(TypedDict):
    job_id: str
    status: BatchJobEntryDtoStatus
    #: complete only
    video_url: NotRequired[str]
    #: failed only
    error: NotRequired[BatchJobEntryDtoError]
    #: failed only
    message: NotRequired[str]


class BatchDto(TypedDict):
    batch_id: str
    #: complete once every job has ended (complete, failed or cancelled).
    status: BatchDtoStatus
    #: In the order submitted.
    jobs: list[BatchJobEntryDto]
    completed: int
    failed: int
    processing: int
    #: Waiting for a worker, or for a free concurrent slot of the plan.
    queued: int
    total: int
    created_at: str
    #: When the last job ended; null before.
    completed_at: str | None


class BatchListDto(TypedDict):
    #: Newest first; each batch as GET /v1/batch/{batch_id} gives it.
    data: list[BatchDto]
    #: Pass as `cursor` for the next page; null on the last page.
    next_cursor: str | None


class TemplateSettingsDto(TypedDict):
    #: What the video shows: `route_animation` (waypoints travelled in order), `multi_route` (routes fanning out from one origin), `region_focus` (the cam...
    mode: NotRequired[TemplateSettingsDtoMode]
    #: Required when mode is `multi_route`; refused in the other modes.
    multi_route: NotRequired[MultiRouteDto]
    #: Required when mode is `region_focus`; refused in the other modes.
    region_focus: NotRequired[RegionFocusDto]
    #: Required when mode is `country_data`; refused in the other modes.
    country_data: NotRequired[CountryDataDto]
    #: Ordered waypoints, each with lat+lng or a place name. Required in route_animation (the default mode), refused in the others.
    waypoints: NotRequired[list[WaypointDto]]
    #: Default mode of every leg (multi_route: of every route). Refused in region_focus and country_data, which have no route. Default: `"plane"`.
    transport: NotRequired[TemplateSettingsDtoTransport]
    #: How legs (multi_route: routes) are routed. Refused in region_focus and country_data, which have no route.
    route: NotRequired[RouteOptionsDto]
    #: Video length in seconds; default min(12, tier maximum). Above the tier maximum: VALIDATION_ERROR.
    duration: NotRequired[int]
    #: Free: 720p only; Creator and Studio: all. Default: `"720p"`.
    resolution: NotRequired[TemplateSettingsDtoResolution]
    #: 720p 9:16 is 720x1280, 1:1 is 720x720, 4:5 is 720x900. Default: `"16:9"`.
    aspect_ratio: NotRequired[TemplateSettingsDtoAspectRatio]
    #: Frames per second. Default: `30`.
    fps: NotRequired[TemplateSettingsDtoFps]
    #: A style id from GET /v1/styles. Default: `"standard"`.
    style: NotRequired[str]
    #: How the map is drawn, in every mode. `auto`: The globe where it tells the story better (a long route opens on it; wide content that one side of the...
    projection: NotRequired[TemplateSettingsDtoProjection]
    #: Shades the land with its hills and mountains, under any map style; exaggeration makes the relief look steeper (0 flat, 1 as it is, 3 three times as...
    terrain: NotRequired[TerrainDto]
    #: Look of the route line. multi_route: of every route, its colour the default of routes that set none. Refused in region_focus and country_data.
    route_style: NotRequired[RouteStyleDto]
    camera: NotRequired[CameraDto]
    #: `false` (default) or the HUD to overlay. It follows the one vehicle of route_animation: refused in the other modes.
    hud: NotRequired[TemplateSettingsDtoHud1 | HudDto]
    #: Intro card; rendered as inert text.
    title: NotRequired[TitleDto]
    #: Lines of text shown for a while, fading in and out, in any mode.
    text_overlays: NotRequired[list[TextOverlayDto]]
    #: Default: `"km"`.
    units: NotRequired[TemplateSettingsDtoUnits]


class CreateTemplateDto(TypedDict):
    name: str
    description: NotRequired[str]
    #: Render fields (as in POST /v1/render) merged under every request that names this template; the request’s own fields win, objects merge key by key,...
    settings: TemplateSettingsDto


class TemplateDto(TypedDict):
    id: str
    name: str
    description: str | None
    #: The render fields, as saved.
    settings: TemplateSettingsDto
    created_at: str
    updated_at: str
    #: A starter template of the service: the same for everyone, read-only.
    builtin: bool


class TemplateSummaryDto(TypedDict):
    id: str
    name: str
    description: str | None
    created_at: str
    updated_at: str
    #: A starter template of the service: the same for everyone, read-only.
    builtin: bool
    #: The map style its settings name (its picture is that style’s `preview_url` in GET /v1/styles); null: the default.
    style: str | None


class TemplateListDto(TypedDict):
    #: The account’s own templates, newest first, then the built-in ones.
    templates: list[TemplateSummaryDto]


class UpdateTemplateDto(TypedDict):
    name: NotRequired[str]
    description: NotRequired[str | None]
    #: Render fields (as in POST /v1/render) merged under every request that names this template; the request’s own fields win, objects merge key by key,...
    settings: NotRequired[TemplateSettingsDto]


class SigningSecretDto(TypedDict):
    #: Keys the HMAC-SHA256 of every webhook of live work: the whole string for X-Service-Signature(-V2), the base64-decoded part after whsec_ for webhook...
    secret: str
    #: Signs the webhooks of sandbox work (jobs and batches of mapr_test_ keys) the same way; never the webhooks of live work. Rotated with `secret`.
    sandbox_secret: str
    #: When this secret was created (first use or last rotation).
    created_at: str
    #: Until then the secrets before the last rotation still sign, each for its mode, as a second v1= entry of X-Service-Signature-V2; null when none.
    previous_secret_expires_at: str | None


class DeliveryAttemptDto(TypedDict):
    attempt: int
    #: manual = POST …/redeliver
    trigger: DeliveryAttemptDtoTrigger
    outcome: DeliveryAttemptDtoOutcome
    #: The receiver’s status, when it answered.
    status_code: int | None
    error_kind: DeliveryAttemptDtoErrorKind | None
    error_message: str | None
    latency_ms: int
    #: Start of the response body.
    response_excerpt: str | None
    at: str


class DeliveryDto(TypedDict):
    #: Also the X-Service-Delivery header, the same on every attempt.
    id: str
    event: DeliveryDtoEvent
    job_id: str | None
    batch_id: str | None
    #: True for the delivery of sandbox work (a `mapr_test_` key’s job or batch).
    sandbox: bool
    url: str
    #: pending while attempts remain; failed after the fourth retry or a 410.
    status: DeliveryDtoStatus
    attempt_count: int
    #: Next automatic retry (pending only).
    next_attempt_at: str | None
    created_at: str
    delivered_at: str | None
    attempts: list[DeliveryAttemptDto]


class DeliveryListDto(TypedDict):
    #: Newest first, at most 100.
    deliveries: list[DeliveryDto]


class ListenSecretDto(TypedDict):
    #: Signs the events an API key of this mode reads from `GET /v1/events` (what `mapr webhooks listen` forwards). Not the webhook signing secret: real d...
    secret: str
    #: True for the sandbox listen secret (read with a `mapr_test_` key).
    sandbox: bool


EventHeadersDto = TypedDict(
    "EventHeadersDto",
    {
        "X-Service-Event": str,
        #: The delivery id when the event was sent by webhook, else the event id.
        "X-Service-Delivery": str,
        "X-Service-Timestamp": str,
        "X-Service-Signature": str,
        "X-Service-Signature-V2": str,
    },
)


class EventDto(TypedDict):
    id: str
    event: EventDtoEvent
    created_at: str
    #: The webhook delivery that sent it; null when the job or batch had no webhook_url.
    delivery_id: str | None
    job_id: str | None
    batch_id: str | None
    #: True for an event of sandbox work (a `mapr_test_` key’s job or batch).
    sandbox: bool
    #: Which secret signed `headers`, of the event’s mode (`sandbox`): the listen secret (`GET /v1/events/listen-secret`) when an API key reads, the webho...
    signed_with: EventDtoSignedWith
    #: The webhook payload (`body`, parsed).
    payload: dict[str, Any]
    #: The exact request body a webhook of this event carries (and carried): forward these bytes unchanged.
    body: str
    #: The headers a webhook of this event would carry if sent now, signed at read time with the secret `signed_with` names. POST `body` with them and `Co...
    headers: EventHeadersDto


class EventListDto(TypedDict):
    #: Oldest first.
    data: list[EventDto]
    #: Pass as `after` next time: the last event returned, else the `after` you sent; null when the account has no event.
    next_after: str | None


class RenderCompleteEvent(TypedDict):
    event: RenderCompleteEventEvent
    job_id: str
    status: RenderCompleteEventStatus
    #: The MP4 (an absolute URL).
    video_url: str
    #: A JPEG still.
    thumbnail_url: str
    #: The video’s length in seconds.
    duration_seconds: int
    #: Width x height in pixels.
    resolution: str
    file_size_bytes: int
    #: ISO 8601 UTC; the files are deleted after it.
    expires_at: str
    #: ISO 8601 UTC.
    created_at: str
    #: ISO 8601 UTC.
    completed_at: str
    #: True for sandbox work (a job or batch of a `mapr_test_` key): signed with the sandbox secret.
    sandbox: bool


class RenderFailedEvent(TypedDict):
    event: RenderFailedEventEvent
    job_id: str
    status: RenderFailedEventStatus
    #: Why the render failed.
    error: RenderFailedEventError
    #: A sentence for people.
    message: str
    #: ISO 8601 UTC.
    created_at: str
    #: ISO 8601 UTC.
    failed_at: str
    #: True for sandbox work (a job or batch of a `mapr_test_` key): signed with the sandbox secret.
    sandbox: bool


class BatchCompleteEvent(TypedDict):
    event: BatchCompleteEventEvent
    batch_id: str
    #: Every job in the order submitted: `video_url` when complete, `error` and `message` when failed.
    jobs: list[BatchJobEntryDto]
    completed: int
    failed: int
    #: Jobs in the batch (the cancelled ones are neither completed nor failed).
    total: int
    #: True for sandbox work (a job or batch of a `mapr_test_` key): signed with the sandbox secret.
    sandbox: bool


#: The JSON body of ``POST /v1/auth/register``.
RegisterRequest = RegisterDto


#: The JSON answer (201) of ``POST /v1/auth/register``.
RegisterResponse = RegisterResponseDto


#: The JSON body of ``POST /v1/auth/login``.
LogInRequest = LoginDto


#: The JSON answer (200) of ``POST /v1/auth/login``.
LogInResponse = LoginResponseDto


#: The JSON body of ``POST /v1/auth/forgot-password``.
RequestPasswordResetRequest = ForgotPasswordDto


#: The JSON answer (202) of ``POST /v1/auth/forgot-password``.
RequestPasswordResetResponse = ForgotPasswordResponseDto


#: The JSON body of ``POST /v1/auth/reset-password``.
ResetPasswordRequest = ResetPasswordDto


#: The JSON answer (200) of ``POST /v1/auth/reset-password``.
ResetPasswordResponse = ResetPasswordResponseDto


#: The JSON answer (200) of ``POST /v1/auth/resend-verification``.
ResendVerificationEmailResponse = ResendVerificationResponseDto


#: The JSON answer (200) of ``GET /v1/auth/verify-email``.
VerifyEmailResponse = VerifyEmailResponseDto


class VerifyEmailQuery(TypedDict):
    """The query parameters of ``GET /v1/auth/verify-email``."""
    #: The token from the verification link.
    token: str


#: The JSON body of ``POST /v1/api-keys``.
CreateApiKeyRequest = CreateApiKeyDto


#: The JSON answer (201) of ``POST /v1/api-keys``.
CreateApiKeyResponse = CreatedApiKeyDto


#: The JSON answer (200) of ``GET /v1/api-keys``.
ListApiKeysResponse = ApiKeyListDto


#: The JSON answer (200) of ``GET /v1/api-keys/{id}``.
GetApiKeyResponse = ApiKeyDto


#: The JSON answer (200) of ``GET /v1/usage``.
GetUsageResponse = UsageDto


#: The JSON answer (200) of ``GET /v1/account``.
GetAccountResponse = AccountDto


#: The JSON body of ``POST /v1/render``.
CreateRenderRequest = CreateRenderDto


#: The JSON answer (202) of ``POST /v1/render``.
CreateRenderResponse = AcceptedRenderDto


#: The JSON body of ``POST /v1/render/preview``.
PreviewRenderRequest = CreateRenderDto


#: The JSON answer (200) of ``POST /v1/render/preview``.
PreviewRenderResponse = RenderPreviewDto


#: The JSON body of ``POST /v1/render/preview/still``.
PreviewRenderStillRequest = CreateRenderDto


class PreviewRenderStillQuery(TypedDict):
    """The query parameters of ``POST /v1/render/preview/still``."""
    #: The frame to draw, from 0 to duration_in_frames − 1 (duration × fps); a frame past the end is refused with issue code too_big. Unset: the last fram...
    frame: NotRequired[int]


#: The JSON answer (200) of ``GET /v1/render/{job_id}``.
GetRenderResponse = JobRecordDto


class GetRenderQuery(TypedDict):
    """The query parameters of ``GET /v1/render/{job_id}``."""
    #: Seconds to hold the answer while the job’s status stays what it is when the request arrives: answered as soon as it changes (queued → processing, o...
    wait: NotRequired[float]


#: The JSON answer (200) of ``DELETE /v1/render/{job_id}``.
CancelRenderResponse = JobRecordDto


#: The JSON answer (200) of ``GET /v1/status/{job_id}``.
GetRenderStatusResponse = JobRecordDto


class GetRenderStatusQuery(TypedDict):
    """The query parameters of ``GET /v1/status/{job_id}``."""
    #: Seconds to hold the answer while the job’s status stays what it is when the request arrives: answered as soon as it changes (queued → processing, o...
    wait: NotRequired[float]


#: The JSON answer (200) of ``GET /v1/renders``.
ListRendersResponse = JobListDto


class ListRendersQuery(TypedDict):
    """The query parameters of ``GET /v1/renders``."""
    limit: NotRequired[int]
    #: next_cursor of the previous page.
    cursor: NotRequired[str]
    status: NotRequired[ListRendersQueryStatus]


#: The JSON answer (200) of ``GET /v1/render/{job_id}/route``.
GetRenderRouteResponse = RouteGeoJsonDto


#: The JSON answer (200) of ``GET /v1/styles``.
ListStylesResponse = StyleListDto


#: The JSON answer (200) of ``GET /v1/places``.
SearchPlacesResponse = PlaceListDto


class SearchPlacesQuery(TypedDict):
    """The query parameters of ``GET /v1/places``."""
    #: What the user typed. "Name, CC" narrows to a country by ISO code; "Name, Region, Country" as `display_name` reads it ("Lisbon, Ohio, United States"...
    q: str
    limit: NotRequired[int]


#: The JSON body of ``POST /v1/render/batch``.
CreateBatchRequest = CreateBatchDto


#: The JSON answer (202) of ``POST /v1/render/batch``.
CreateBatchResponse = AcceptedBatchDto


#: The JSON answer (200) of ``GET /v1/batch/{batch_id}``.
GetBatchResponse = BatchDto


class GetBatchQuery(TypedDict):
    """The query parameters of ``GET /v1/batch/{batch_id}``."""
    #: Seconds to hold the answer while every job of the batch keeps the status it has when the request arrives: answered as soon as one of them starts or...
    wait: NotRequired[float]


#: The JSON answer (200) of ``GET /v1/batches``.
ListBatchesResponse = BatchListDto


class ListBatchesQuery(TypedDict):
    """The query parameters of ``GET /v1/batches``."""
    limit: NotRequired[int]
    #: next_cursor of the previous page.
    cursor: NotRequired[str]


#: The JSON body of ``POST /v1/templates``.
CreateTemplateRequest = CreateTemplateDto


#: The JSON answer (201) of ``POST /v1/templates``.
CreateTemplateResponse = TemplateDto


#: The JSON answer (200) of ``GET /v1/templates``.
ListTemplatesResponse = TemplateListDto


#: The JSON answer (200) of ``GET /v1/templates/{id}``.
GetTemplateResponse = TemplateDto


#: The JSON body of ``PUT /v1/templates/{id}``.
UpdateTemplateRequest = UpdateTemplateDto


#: The JSON answer (200) of ``PUT /v1/templates/{id}``.
UpdateTemplateResponse = TemplateDto


#: The JSON answer (200) of ``GET /v1/webhooks/secret``.
GetWebhookSecretResponse = SigningSecretDto


#: The JSON answer (200) of ``POST /v1/webhooks/secret/rotate``.
RotateWebhookSecretResponse = SigningSecretDto


#: The JSON answer (200) of ``GET /v1/webhooks/deliveries``.
ListWebhookDeliveriesResponse = DeliveryListDto


class ListWebhookDeliveriesQuery(TypedDict):
    """The query parameters of ``GET /v1/webhooks/deliveries``."""
    job_id: NotRequired[str]
    batch_id: NotRequired[str]


#: The JSON answer (202) of ``POST /v1/webhooks/deliveries/{id}/redeliver``.
RedeliverWebhookResponse = DeliveryDto


#: The JSON answer (200) of ``GET /v1/events/listen-secret``.
GetListenSecretResponse = ListenSecretDto


#: The JSON answer (200) of ``GET /v1/events``.
ListEventsResponse = EventListDto


class ListEventsQuery(TypedDict):
    """The query parameters of ``GET /v1/events``."""
    #: The last event id you have (a previous answer’s `next_after`): answers with the events recorded after it, waiting up to `timeout` seconds for one w...
    after: NotRequired[str]
    limit: NotRequired[float]
    #: With `after`: how long to wait for an event, in seconds; 0 answers at once.
    timeout: NotRequired[float]

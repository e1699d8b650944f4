"""mapr: the Python client of the mapr API (standard library only, Python 3.11+).

    from mapr import Mapr
    mapr = Mapr(api_key="mapr_live_…", base_url="https://mapr.example.com")
"""

from .client import CreatedRender, Mapr, new_idempotency_key
from .errors import MaprConnectionError, MaprError, RenderFailedError
from .transport import Request, Response, RetryPolicy, Send, urllib_send
from .types import (
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
)
from .webhooks import HeadersLike, Scheme, VerificationFailure, WebhookEvent, WebhookVerificationError, verify_webhook

__version__ = "0.1.0"

__all__ = [
    "ASPECT_RATIOS",
    "CAMERA_EASES",
    "CAMERA_INTENSITIES",
    "CAMERA_MODES",
    "CAMERA_PRESETS",
    "FRAME_RATES",
    "HUD_POSITIONS",
    "PROJECTIONS",
    "RENDER_MODES",
    "RENDER_STATUSES",
    "RESOLUTIONS",
    "TEXT_OVERLAY_POSITIONS",
    "TEXT_OVERLAY_STYLES",
    "TRANSPORTS",
    "UNITS",
    "CreatedRender",
    "HeadersLike",
    "Mapr",
    "MaprConnectionError",
    "MaprError",
    "RenderFailedError",
    "Request",
    "Response",
    "RetryPolicy",
    "Scheme",
    "Send",
    "VerificationFailure",
    "WebhookEvent",
    "WebhookVerificationError",
    "new_idempotency_key",
    "urllib_send",
    "verify_webhook",
]

"""verify_webhook with the sandbox secret beside the live one: sandbox work verifies with the sandbox secret only, and
what the sandbox secret signs is accepted only as sandbox work. Deliveries are signed here as mapr signs them."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import Any

import pytest

from mapr import WebhookVerificationError, verify_webhook

LIVE = "whsec_" + base64.b64encode(bytes([1] * 32)).decode("ascii")
SANDBOX = "whsec_" + base64.b64encode(bytes([2] * 32)).decode("ascii")
NOW = 1774519200


def signed(payload: object, secret: str, delivery_id: str = "dlv_1") -> tuple[bytes, dict[str, str]]:
    """The body and the three signatures, as a delivery carries them."""
    body = json.dumps(payload, separators=(",", ":")).encode("utf-8")
    v2 = hmac.new(secret.encode(), f"{NOW}.".encode() + body, hashlib.sha256).hexdigest()
    key = base64.b64decode(secret[len("whsec_") :])
    standard = hmac.new(key, f"{delivery_id}.{NOW}.".encode() + body, hashlib.sha256).digest()
    return body, {
        "X-Service-Signature": "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest(),
        "X-Service-Signature-V2": f"t={NOW},v1={v2}",
        "webhook-id": delivery_id,
        "webhook-timestamp": str(NOW),
        "webhook-signature": "v1," + base64.b64encode(standard).decode("ascii"),
    }


def outcome(body: bytes, headers: dict[str, str], **options: Any) -> str:
    try:
        event = verify_webhook(body, headers, LIVE, now=NOW, **options)
    except WebhookVerificationError as error:
        return error.reason
    return f"accepted sandbox={event.get('sandbox')}"


SCHEMES: list[dict[str, Any]] = [
    {},
    {"scheme": "standard_webhooks"},
    {"scheme": "body_only", "allow_replayable_body_only_signature": True},
]


@pytest.mark.parametrize("scheme", SCHEMES, ids=["v2", "standard_webhooks", "body_only"])
def test_live_work_verifies_with_the_live_secret_and_sandbox_work_with_the_sandbox_one(scheme: dict[str, Any]) -> None:
    live = signed({"event": "render.complete", "job_id": "job_1", "sandbox": False}, LIVE)
    sandbox = signed({"event": "render.complete", "job_id": "job_2", "sandbox": True}, SANDBOX)
    assert outcome(*live, **scheme) == "accepted sandbox=False"
    assert outcome(*live, sandbox_secret=SANDBOX, **scheme) == "accepted sandbox=False"
    # Without the sandbox secret a receiver refuses sandbox work: a test key cannot reach it.
    assert outcome(*sandbox, **scheme) == "signature_mismatch"
    assert outcome(*sandbox, sandbox_secret=SANDBOX, **scheme) == "accepted sandbox=True"
    assert outcome(*sandbox, sandbox_secret=["whsec_" + "A" * 43 + "=", SANDBOX], **scheme) == "accepted sandbox=True"


@pytest.mark.parametrize("scheme", SCHEMES, ids=["v2", "standard_webhooks", "body_only"])
def test_what_the_sandbox_secret_signs_never_passes_for_live_work(scheme: dict[str, Any]) -> None:
    for forged in [{"event": "render.complete", "sandbox": False}, {"event": "render.complete"}, [], "x", None]:
        assert outcome(*signed(forged, SANDBOX), sandbox_secret=SANDBOX, **scheme) == "signature_mismatch"


def test_a_changed_delivery_id_fails_the_signature_that_covers_it() -> None:
    body, headers = signed({"event": "render.complete", "sandbox": False}, LIVE, delivery_id="dlv_1")
    replayed = dict(headers, **{"webhook-id": "dlv_2", "X-Service-Delivery": "dlv_2"})
    assert outcome(body, replayed, scheme="standard_webhooks") == "signature_mismatch"
    # The V2 signature does not cover it: dedupe on webhook-id only after scheme="standard_webhooks".
    assert outcome(body, replayed) == "accepted sandbox=False"

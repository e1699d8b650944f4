"""verify_webhook on malformed and hostile input: whatever a sender puts in the headers or the body, the only
exception is WebhookVerificationError (a receiver catches that one and answers 401)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import random
from typing import Any

import pytest

from mapr import WebhookVerificationError, verify_webhook

SECRET = "whsec_" + base64.b64encode(bytes(range(32))).decode("ascii")
NOW = 1774519200
LONG_DIGITS = "9" * 4300  # past Python's int() limit for decimal strings (4,300 digits)


def reason(body: str | bytes, headers: Any, **options: Any) -> str:
    try:
        verify_webhook(body, headers, SECRET, now=NOW, **options)
    except WebhookVerificationError as error:
        return error.reason
    return "accepted"


def v2(timestamp: str, body: bytes = b"{}") -> str:
    signed = hmac.new(SECRET.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={signed}"


@pytest.mark.parametrize(
    "timestamp",
    [LONG_DIGITS, "1" * 5000, "1" * 16, "٣٤٥", "１２３"],
    ids=["4300 digits", "5000 digits", "16 digits", "arabic digits", "fullwidth digits"],
)
def test_a_timestamp_that_is_no_unix_time_is_a_malformed_signature(timestamp: str) -> None:
    standard = {"webhook-id": "dlv_1", "webhook-timestamp": timestamp, "webhook-signature": "v1," + "A" * 43 + "="}
    assert reason(b"{}", {"X-Service-Signature-V2": v2(timestamp)}) == "malformed_signature"
    assert reason(b"{}", standard) == "malformed_signature"


def test_a_15_digit_timestamp_is_read_and_is_out_of_tolerance() -> None:
    assert reason(b"{}", {"X-Service-Signature-V2": v2("9" * 15)}) == "timestamp_out_of_tolerance"


@pytest.mark.parametrize(
    "headers",
    [
        {"X-Service-Signature-V2": ""},
        {"X-Service-Signature-V2": ",,,==,t,v1"},
        {"X-Service-Signature-V2": f"t={NOW},v1=" + "g" * 64},
        {"X-Service-Signature-V2": f"t={NOW},v1=" + "é" * 64},
        {"X-Service-Signature-V2": f"t={NOW},v1=" + "\udcff" * 64},
        {"webhook-id": "dlv_\udcff", "webhook-timestamp": str(NOW), "webhook-signature": "v1,\udcff"},
        {"webhook-id": "\x00", "webhook-timestamp": str(NOW), "webhook-signature": "v1," + "é" * 44},
        {"webhook-id": "", "webhook-timestamp": str(NOW), "webhook-signature": "v1,x"},
        {"webhook-signature": "v1,x"},
        [("X-Service-Signature-V2", f"t={NOW}"), ("x-service-signature-v2", "v1=" + "0" * 64)],
        {"X-Service-Signature-V2": ["t=1", "t=2"]},
    ],
)
def test_malformed_headers_are_refused_with_a_reason(headers: Any) -> None:
    assert reason(b"{}", headers) in {"malformed_signature", "signature_mismatch", "timestamp_out_of_tolerance"}


def test_a_body_that_is_no_text_or_too_deep_is_refused_as_invalid_json_once_signed() -> None:
    for body in [b"\xff\xfe", b"[" * 100_000 + b"]" * 100_000, b"1" * 5000, "\udcff".encode("utf-8", "surrogatepass")]:
        assert reason(body, {"X-Service-Signature-V2": v2(str(NOW), body)}) == "invalid_json"
    # A str body with a lone surrogate cannot be the signed bytes: refused, not a UnicodeEncodeError.
    assert reason("{\udcff}", {"X-Service-Signature-V2": v2(str(NOW))}) == "signature_mismatch"


def test_random_headers_raise_only_webhook_verification_errors() -> None:
    rng = random.Random(20260326)
    pieces = ["t", "v1", "=", ",", " ", "v1,", str(NOW), LONG_DIGITS, "0" * 64, "\udcff", "é", "\x00", "٣", "-", "+"]

    def noise() -> str:
        return "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))

    names = ["X-Service-Signature-V2", "X-Service-Signature", "webhook-id", "webhook-timestamp", "webhook-signature"]
    for _ in range(3000):
        headers = {name: noise() for name in names if rng.random() < 0.7}
        bodies: list[bytes | str] = [b"{}", b"", noise().encode("utf-8", "surrogatepass"), noise()]
        body = rng.choice(bodies)
        options: dict[str, Any] = {
            "scheme": rng.choice([None, "v2", "standard_webhooks", "body_only"]),
            "allow_replayable_body_only_signature": rng.random() < 0.5,
        }
        try:
            verify_webhook(body, headers, SECRET, now=NOW, **options)
        except WebhookVerificationError:
            pass

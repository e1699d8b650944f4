"""verify_webhook against the published test vectors (docs/webhook-test-vectors.json), all three schemes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mapr import WebhookVerificationError, verify_webhook

VECTORS: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[3] / "docs" / "webhook-test-vectors.json").read_text(encoding="utf-8")
)
NOW = 1774519200


def reason(body: str | bytes, headers: dict[str, str], secret: str | list[str], **options: Any) -> str:
    try:
        verify_webhook(body, headers, secret, **options)
    except WebhookVerificationError as error:
        return error.reason
    return "accepted"


@pytest.mark.parametrize("case", VECTORS["must_verify"], ids=lambda case: str(case["name"]))
def test_accepts_every_must_verify_case(case: dict[str, Any]) -> None:
    event = verify_webhook(case["body"], case["headers"], case["secret"], now=case["now"])
    assert event == json.loads(case["body"])


@pytest.mark.parametrize("case", VECTORS["must_fail"], ids=lambda case: str(case["name"]))
def test_refuses_every_must_fail_case(case: dict[str, Any]) -> None:
    with pytest.raises(WebhookVerificationError):
        verify_webhook(case["body"], case["headers"], case["secret"], now=case["now"])


@pytest.mark.parametrize("case", VECTORS["signing"], ids=lambda case: str(case["name"]))
def test_v2_and_body_only_signatures_of_the_signing_cases(case: dict[str, Any]) -> None:
    headers, body, secrets = case["expected_headers"], case["body"], case["secrets"]
    for secret in secrets.values():
        assert reason(body, headers, secret, now=case["timestamp"], scheme="v2") == "accepted"
        assert reason(body.encode("utf-8"), headers, secret, now=case["timestamp"] + 300) == "accepted"
    # X-Service-Signature is signed with the current secret only, and only accepted when asked for by name.
    current = secrets["current"]
    body_only = {"X-Service-Signature": headers["X-Service-Signature"]}
    assert reason(body, body_only, current) == "missing_signature"
    assert reason(body, body_only, current, allow_replayable_body_only_signature=True) == "accepted"
    assert reason(body, headers, current, scheme="body_only", allow_replayable_body_only_signature=True) == "accepted"
    assert reason(body, headers, current, scheme="body_only") == "missing_signature"
    if "previous" in secrets:
        assert (
            reason(body, body_only, secrets["previous"], allow_replayable_body_only_signature=True)
            == "signature_mismatch"
        )
    assert reason(body + " ", headers, current, scheme="body_only", allow_replayable_body_only_signature=True) == (
        "signature_mismatch"
    )


@pytest.mark.parametrize("case", VECTORS["standard_webhooks"]["signing"], ids=lambda case: str(case["name"]))
def test_standard_webhooks_signatures(case: dict[str, Any]) -> None:
    headers, body = case["expected_headers"], case["body"]
    timestamp = case["timestamp"]
    for secret in case["secrets"].values():
        # Alone (as a Standard Webhooks sender would send them), the headers decide by themselves.
        assert verify_webhook(body, headers, secret, now=timestamp) == json.loads(body)
        assert reason(body, headers, secret, now=timestamp - 300) == "accepted"
        assert reason(body, headers, [secret, "whsec_" + "A" * 43 + "="], now=timestamp) == "accepted"
        assert reason(body, headers, secret, now=timestamp + 301) == "timestamp_out_of_tolerance"
        assert reason(body.replace("job_", "job-"), headers, secret, now=timestamp) == "signature_mismatch"
        other_id = dict(headers, **{"webhook-id": "dlv_someone_else"})
        assert reason(body, other_id, secret, now=timestamp) == "signature_mismatch"
    assert reason(body, headers, "whsec_" + "A" * 43 + "=", now=timestamp) == "signature_mismatch"
    assert reason(body, headers, "not a whsec secret", now=timestamp) == "signature_mismatch"
    malformed = dict(headers, **{"webhook-signature": "v2,abc"})
    assert reason(body, malformed, case["secrets"]["current"], now=timestamp) == "malformed_signature"


def test_asking_for_a_scheme_whose_header_is_missing_is_a_missing_signature() -> None:
    case = VECTORS["must_verify"][0]
    assert reason(case["body"], case["headers"], case["secret"], now=NOW, scheme="standard_webhooks") == (
        "missing_signature"
    )
    standard = VECTORS["standard_webhooks"]["signing"][0]
    v2_asked = reason(standard["body"], standard["expected_headers"], "whsec_x", now=NOW, scheme="v2")
    assert v2_asked == "missing_signature"


def test_headers_as_pairs_and_in_any_case_and_bytes_bodies() -> None:
    case = VECTORS["must_verify"][0]
    pairs = [(name.upper(), value) for name, value in case["headers"].items()]
    event = verify_webhook(bytearray(case["body"].encode("utf-8")), pairs, [case["secret"]], now=case["now"])
    assert event["event"] == "render.complete"


def test_a_signed_body_that_is_not_json_and_an_empty_secret() -> None:
    import hashlib
    import hmac

    secret = "whsec_test_2Rk9uT5vLq8ZxW3nB7cY1pH4sJ6dF0gA"
    body = b"not json"
    signature = hmac.new(secret.encode(), f"{NOW}.".encode() + body, hashlib.sha256).hexdigest()
    headers = {"X-Service-Signature-V2": f"t={NOW},v1={signature}"}
    assert reason(body, headers, secret, now=NOW) == "invalid_json"
    assert reason(body, {"X-Service-Signature-V2": "t=abc,v1=zz"}, secret, now=NOW) == "malformed_signature"
    with pytest.raises(TypeError):
        verify_webhook(body, headers, "", now=NOW)

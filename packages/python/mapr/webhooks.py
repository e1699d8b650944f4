"""Verifying mapr's webhooks with the standard library (``hmac``, ``hashlib``, ``base64``).

Always verify the raw body bytes: JSON parsed and serialised again is not the body that was signed.

Every delivery carries three signatures (docs/webhooks.md); any one of them can be checked:

- ``"v2"``: ``X-Service-Signature-V2: t=<ts>,v1=<hex>[,v1=<hex>]``, the HMAC-SHA256 of ``"<ts>.<body>"`` keyed
  with the whole secret string (the format of Stripe's ``Stripe-Signature``). Timestamped.
- ``"standard_webhooks"``: ``webhook-id``, ``webhook-timestamp``, ``webhook-signature: v1,<base64>[ v1,<base64>]``,
  the HMAC-SHA256 of ``"<id>.<ts>.<body>"`` keyed with the base64-decoded part of the secret after ``whsec_``
  (https://www.standardwebhooks.com). Timestamped.
- ``"body_only"``: ``X-Service-Signature: sha256=<hex>``, the HMAC-SHA256 of the body alone (the format of GitHub's
  ``X-Hub-Signature-256``). It has no timestamp, so a captured delivery verifies for ever: it is accepted only with
  ``allow_replayable_body_only_signature=True`` (drop duplicates by the event's ``event`` and ``job_id`` or
  ``batch_id`` then, one delivery each: this signature covers the body alone, not the delivery id).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import time
from collections.abc import Iterable, Mapping
from email.message import Message
from typing import Any, Literal, cast

from ._openapi import BatchCompleteEvent, RenderCompleteEvent, RenderFailedEvent

#: What a webhook delivery's body holds; its ``event`` tells which.
WebhookEvent = RenderCompleteEvent | RenderFailedEvent | BatchCompleteEvent

Scheme = Literal["v2", "standard_webhooks", "body_only"]
#: Headers as a dict (names in any case; a list value is a repeated header), ``http.server``'s ``self.headers``
#: (an ``email.message.Message``), or ``(name, value)`` pairs (Django's ``request.headers`` is a Mapping, Flask's iterates
#: as pairs).
HeadersLike = Mapping[str, str] | Mapping[str, list[str]] | Message | Iterable[tuple[str, str]]
VerificationFailure = Literal[
    "missing_signature", "malformed_signature", "timestamp_out_of_tolerance", "signature_mismatch", "invalid_json"
]

_HEX_SHA256 = re.compile(r"[0-9a-fA-F]{64}")
#: Unix seconds: ASCII digits, at most 15 of them (``int()`` refuses strings of more than 4,300 digits, and no
#: real timestamp has more than 15).
_TIMESTAMP = re.compile(r"[0-9]{1,15}")
_SECRET_BODY = re.compile(r"[A-Za-z0-9+/_-]+={0,2}")


class WebhookVerificationError(Exception):
    """The delivery is not genuine (or not checkable); ``reason`` says why."""

    def __init__(self, reason: VerificationFailure, message: str) -> None:
        super().__init__(message)
        self.reason: VerificationFailure = reason


def verify_webhook(
    raw_body: bytes | bytearray | memoryview | str,
    headers: HeadersLike,
    secret: str | Iterable[str],
    *,
    scheme: Scheme | None = None,
    tolerance_seconds: int = 300,
    now: float | None = None,
    allow_replayable_body_only_signature: bool = False,
    sandbox_secret: str | Iterable[str] | None = None,
) -> WebhookEvent:
    """Checks a delivery's signature and answers its parsed event; raises ``WebhookVerificationError`` when it is
    not genuine.

    ``headers`` may be a dict, ``http.server``'s ``self.headers``, or ``(name, value)`` pairs; names are matched in
    any case. ``secret`` may be several secrets while you rotate yours (any one verifies). Without ``scheme`` the
    first present of ``X-Service-Signature-V2`` and the Standard Webhooks headers decides; ``X-Service-Signature``
    is used only when neither is there and ``allow_replayable_body_only_signature`` is true. With ``scheme`` only
    that one is checked. A timestamp more than ``tolerance_seconds`` from ``now`` (Unix seconds, default the clock)
    is a replay: ``timestamp_out_of_tolerance``.

    ``sandbox_secret``: the account's sandbox secret (``sandbox_secret`` of ``GET /v1/webhooks/secret``; two while you
    rotate), for a receiver that takes the webhooks of sandbox work too (never pass it among ``secret``: sandbox work
    is never signed with the live secret). A delivery it verifies is accepted only when its event says
    ``"sandbox": true``, so whoever holds the sandbox secret cannot pass anything off as live work.

    Only the Standard Webhooks signature covers the delivery id: to drop repeated deliveries by id, verify with
    ``scheme="standard_webhooks"`` and use ``webhook-id``.
    """
    secrets = _secret_list(secret)
    sandbox_secrets = _secret_list(sandbox_secret)
    if not secrets:
        raise TypeError("verify_webhook needs the signing secret (whsec_…)")
    body = _body_bytes(raw_body)
    lookup = _headers(headers)
    current = time.time() if now is None else now
    v2 = lookup.get("x-service-signature-v2")
    standard = lookup.get("webhook-signature")
    body_only = lookup.get("x-service-signature")

    chosen = scheme
    if chosen is None:
        if v2 is not None:
            chosen = "v2"
        elif standard is not None:
            chosen = "standard_webhooks"
        elif body_only is not None and allow_replayable_body_only_signature:
            chosen = "body_only"
    if chosen == "v2" and v2 is not None:
        value = v2
    elif chosen == "standard_webhooks" and standard is not None:
        value = standard
    elif chosen == "body_only" and body_only is not None and allow_replayable_body_only_signature:
        value = body_only
    elif chosen == "body_only" and body_only is not None:
        raise WebhookVerificationError(
            "missing_signature",
            "X-Service-Signature has no timestamp and can be replayed: pass allow_replayable_body_only_signature=True",
        )
    else:
        wanted = {
            "v2": "X-Service-Signature-V2",
            "standard_webhooks": "webhook-signature",
            "body_only": "X-Service-Signature",
        }
        if chosen is not None:
            message = f"No {wanted[chosen]} header"
        elif body_only is not None:
            message = (
                "No X-Service-Signature-V2 or webhook-signature header: X-Service-Signature alone has no timestamp "
                "and can be replayed (see allow_replayable_body_only_signature)"
            )
        else:
            message = "No X-Service-Signature-V2 or webhook-signature header"
        raise WebhookVerificationError("missing_signature", message)

    def check(keys: list[str]) -> None:
        if chosen == "v2":
            _verify_v2(value, body, keys, current, tolerance_seconds)
        elif chosen == "standard_webhooks":
            _verify_standard(lookup, value, body, keys, current, tolerance_seconds)
        else:
            _verify_body_only(value, body, keys)

    by_sandbox_secret = False
    try:
        check(secrets)
    except WebhookVerificationError as error:
        if error.reason != "signature_mismatch" or not sandbox_secrets:
            raise
        check(sandbox_secrets)
        by_sandbox_secret = True
    try:
        event = json.loads(body.decode("utf-8"))
    except (ValueError, RecursionError) as error:
        # ValueError: not UTF-8, not JSON, or an integer of more than 4,300 digits; RecursionError: nested too deep.
        raise WebhookVerificationError("invalid_json", "The body is not JSON") from error
    # Whoever holds the sandbox secret (a lower bar than the live one) can sign anything: only sandbox events count.
    if by_sandbox_secret and not (isinstance(event, dict) and event.get("sandbox") is True):
        raise WebhookVerificationError(
            "signature_mismatch", "Signed with the sandbox secret, but the event is not marked sandbox"
        )
    return cast(WebhookEvent, event)


def _secret_list(secret: str | Iterable[str] | None) -> list[str]:
    if secret is None:
        return []
    return [s for s in ([secret] if isinstance(secret, str) else list(secret)) if s]


def _body_bytes(raw_body: bytes | bytearray | memoryview | str) -> bytes:
    if not isinstance(raw_body, str):
        return bytes(raw_body)
    try:
        # A str a server decoded with "surrogateescape" (as WSGI and os do) turns back into the bytes received.
        return raw_body.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        # Other lone surrogates: bytes no sender signed, so the signature check refuses them.
        return raw_body.encode("utf-8", "surrogatepass")


def _verify_v2(value: str, body: bytes, secrets: list[str], now: float, tolerance: int) -> None:
    timestamp: str | None = None
    signatures: list[str] = []
    for part in value.split(","):
        key, _, item = part.strip().partition("=")
        if key == "t" and _TIMESTAMP.fullmatch(item):
            timestamp = item
        elif key == "v1" and _HEX_SHA256.fullmatch(item):
            signatures.append(item.lower())
    if timestamp is None or not signatures:
        raise WebhookVerificationError("malformed_signature", "X-Service-Signature-V2 is not t=<timestamp>,v1=<hex>")
    _check_time(int(timestamp), now, tolerance)
    signed = timestamp.encode("ascii") + b"." + body
    _require_match([hmac.new(s.encode("utf-8"), signed, hashlib.sha256).hexdigest() for s in secrets], signatures)


def _verify_standard(
    lookup: Mapping[str, str], value: str, body: bytes, secrets: list[str], now: float, tolerance: int
) -> None:
    message_id = lookup.get("webhook-id")
    timestamp = lookup.get("webhook-timestamp")
    signatures = [entry[3:] for entry in value.split(" ") if entry.startswith("v1,")]
    if not message_id or timestamp is None or not _TIMESTAMP.fullmatch(timestamp) or not signatures:
        raise WebhookVerificationError(
            "malformed_signature", "The Standard Webhooks headers are not webhook-id, webhook-timestamp and v1,<base64>"
        )
    _check_time(int(timestamp), now, tolerance)
    # "surrogatepass": an id with a lone surrogate (no sender's) gives bytes that match no signature, not an exception.
    signed = f"{message_id}.{timestamp}.".encode("utf-8", "surrogatepass") + body
    expected = []
    for secret in secrets:
        key = signing_key_bytes(secret)
        if key is not None:
            expected.append(base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode("ascii"))
    _require_match(expected, signatures)


def _verify_body_only(value: str, body: bytes, secrets: list[str]) -> None:
    match = re.fullmatch(r"sha256=([0-9a-fA-F]{64})", value.strip())
    if match is None:
        raise WebhookVerificationError("malformed_signature", "X-Service-Signature is not sha256=<hex>")
    _require_match([hmac.new(s.encode("utf-8"), body, hashlib.sha256).hexdigest() for s in secrets], [match[1].lower()])


def signing_key_bytes(secret: str) -> bytes | None:
    """The key of the Standard Webhooks signature: the base64 after ``whsec_``, decoded. Secrets of earlier
    versions are base64url (``-``, ``_``, no padding) and decode to their key bytes the same way. None when the
    secret is not of that shape (it then cannot have signed the header)."""
    encoded = secret[len("whsec_") :] if secret.startswith("whsec_") else None
    if not encoded or _SECRET_BODY.fullmatch(encoded) is None:
        return None
    standard = encoded.replace("-", "+").replace("_", "/").rstrip("=")
    if len(standard) % 4 == 1:
        standard = standard[:-1]  # six bits that make no byte
    try:
        key = base64.b64decode(standard + "=" * (-len(standard) % 4))
    except binascii.Error:
        return None
    return key or None


def _check_time(timestamp: int, now: float, tolerance: int) -> None:
    if abs(now - timestamp) > tolerance:
        raise WebhookVerificationError(
            "timestamp_out_of_tolerance", f"The signature's timestamp is more than {tolerance} s from now"
        )


def _require_match(expected: list[str], received: list[str]) -> None:
    # Every pair is compared in full (no early exit), each in constant time.
    matched = False
    for mine in expected:
        for theirs in received:
            if hmac.compare_digest(mine.encode("ascii"), theirs.encode("ascii", "replace")):
                matched = True
    if not matched:
        raise WebhookVerificationError(
            "signature_mismatch", "No signature matches the secret: wrong secret, or the body was changed"
        )


def _headers(headers: HeadersLike) -> dict[str, str]:
    """Lower-case names; a repeated header is joined as an HTTP list."""
    pairs: Iterable[tuple[str, Any]]
    if isinstance(headers, (Mapping, Message)):
        # A Message is not a Mapping, but has items() (every header, repeated ones too).
        pairs = headers.items()
    else:
        pairs = headers
    lookup: dict[str, str] = {}
    for name, value in pairs:
        if value is None:
            continue
        text = ",".join(value) if isinstance(value, (list, tuple)) else str(value)
        key = name.lower()
        lookup[key] = f"{lookup[key]},{text}" if key in lookup else text
    return lookup

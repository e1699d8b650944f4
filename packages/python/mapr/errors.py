"""The errors the client raises: an error answer of the API, no answer at all, a render that ended without a video."""

from __future__ import annotations

import email.utils
import json
import re
import time
from collections.abc import Mapping
from typing import Any

from ._openapi import ValidationIssueDto


class MaprError(Exception):
    """An error answer of the API (any 4xx or 5xx), with the body's fields as they are on the wire.

    ``error_code`` is the stable UPPER_SNAKE code (``VALIDATION_ERROR``, ``RATE_LIMIT_EXCEEDED``, …): a code
    newer than this SDK stays a plain string, and an answer that is not the service's JSON (a proxy's error
    page) gets ``HTTP_ERROR`` or ``INTERNAL_ERROR``. ``request_id`` (also in ``X-Request-Id``) is what to quote
    when you ask for help.
    """

    status: int
    error_code: str
    request_id: str | None
    #: VALIDATION_ERROR: every invalid field. Empty otherwise.
    issues: list[ValidationIssueDto]
    #: Seconds to wait before trying again: ``Retry-After``, or the body's ``retry_after_seconds``.
    retry_after_seconds: int | None
    renders_used: int | None
    renders_limit: int | None
    reset_at: str | None
    active_jobs: int | None
    limit: int | None
    #: The whole error body as the service sent it.
    body: dict[str, Any]
    #: The answer's headers, names in lower case.
    headers: dict[str, str]

    def __init__(self, status: int, body: Mapping[str, Any], headers: Mapping[str, str]) -> None:
        self.message = str(body.get("message") or f"HTTP {status}")
        super().__init__(self.message)
        self.status = status
        self.body = dict(body)
        self.headers = {name.lower(): value for name, value in headers.items()}
        self.error_code = str(body.get("error_code"))
        self.request_id = body.get("request_id") or self.headers.get("x-request-id") or None
        self.issues = list(body.get("issues") or [])
        header_wait = retry_after_seconds(self.headers)
        self.retry_after_seconds = header_wait if header_wait is not None else body.get("retry_after_seconds")
        self.renders_used = body.get("renders_used")
        self.renders_limit = body.get("renders_limit")
        self.reset_at = body.get("reset_at")
        self.active_jobs = body.get("active_jobs")
        self.limit = body.get("limit")

    def __str__(self) -> str:
        request = f" (request {self.request_id})" if self.request_id else ""
        return f"{self.status} {self.error_code}: {self.message}{request}"

    @classmethod
    def from_answer(cls, status: int, reason: str, headers: Mapping[str, str], content: bytes) -> MaprError:
        """Builds the error from any non-2xx answer, also one whose body is not the service's JSON."""
        text = content.decode("utf-8", "replace")
        try:
            parsed = json.loads(text)
        except ValueError:
            parsed = None
        if isinstance(parsed, dict) and "error_code" in parsed:
            return cls(status, parsed, headers)
        lowered = {name.lower(): value for name, value in headers.items()}
        return cls(
            status,
            {
                "error": reason or f"HTTP {status}",
                "error_code": "INTERNAL_ERROR" if status >= 500 else "HTTP_ERROR",
                "message": f"The server answered {status} {reason}".strip() + (f": {text[:200]}" if text else ""),
                "request_id": lowered.get("x-request-id", ""),
            },
            headers,
        )


class MaprConnectionError(Exception):
    """The request never got an answer: the connection failed, or the per-attempt timeout passed."""

    def __init__(self, message: str, timed_out: bool) -> None:
        super().__init__(message)
        #: True when the client's own timeout ended the attempt.
        self.timed_out = timed_out


class RenderFailedError(Exception):
    """``renders.wait`` saw the job end without a video: failed or cancelled."""

    def __init__(self, message: str, status: str, error_code: str | None, job: Mapping[str, Any]) -> None:
        super().__init__(message)
        #: The job's final status: ``failed`` or ``cancelled``.
        self.status = status
        #: The job's failure code (``RENDER_TIMEOUT``, ``MARITIME_ROUTE_ERROR``, …); None when cancelled.
        self.error_code = error_code
        #: The job as last read.
        self.job = job


def retry_after_seconds(headers: Mapping[str, str], now: float | None = None) -> int | None:
    """``Retry-After`` in seconds (delta-seconds or an HTTP date), or None when absent or unreadable."""
    value = next((v for k, v in headers.items() if k.lower() == "retry-after"), None)
    if value is None or not value.strip():
        return None
    value = value.strip()
    if re.fullmatch(r"\d+", value):
        return int(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    current = time.time() if now is None else now
    return max(0, int(-(-(when.timestamp() - current) // 1)))

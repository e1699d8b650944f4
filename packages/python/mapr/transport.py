"""Sending one request, and sending it again when that is safe: connection failures, 5xx, and the 429/409
answers that clear with time, honouring ``Retry-After``. Never a POST without its ``Idempotency-Key``."""

from __future__ import annotations

import http.client
import json
import random
import shutil
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, BinaryIO

from .errors import MaprConnectionError, retry_after_seconds


@dataclass
class Request:
    """One HTTP request as the client sends it."""

    method: str
    url: str
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes | None = None
    #: When set, a 2xx answer's body is copied here in chunks instead of being read into ``Response.content``.
    stream_to: BinaryIO | None = None

    def header(self, name: str) -> str | None:
        return next((value for key, value in self.headers.items() if key.lower() == name.lower()), None)


@dataclass
class Response:
    """One HTTP answer: the status, its headers (names in lower case) and its body."""

    status: int
    reason: str
    headers: dict[str, str]
    content: bytes

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    def json(self) -> object:
        return json.loads(self.content.decode("utf-8"))


#: Sends one request and answers its response; raises ``OSError`` (``ConnectionError``, ``TimeoutError``,
#: ``urllib.error.URLError``) when no answer came. The second argument is the per-attempt timeout in seconds.
Send = Callable[[Request, float], Response]


#: What a redirect to another origin must not carry: the credential, as the Fetch standard (the TypeScript SDK's fetch)
#: drops it.
_CREDENTIAL_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie"})


class _CredentialsStayOnOrigin(urllib.request.HTTPRedirectHandler):
    """Follows redirects as the TypeScript SDK's ``fetch`` does: to the same origin (scheme, host and port) with every
    header, to another origin without ``Authorization`` (nor ``Proxy-Authorization`` or ``Cookie``), so that a
    redirect, a misconfigured proxy or a wrong ``base_url`` never hands the API key to another host. Once dropped it
    stays dropped, even when a later redirect comes back."""

    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: IO[bytes],
        code: int,
        msg: str,
        headers: http.client.HTTPMessage,
        newurl: str,
    ) -> urllib.request.Request | None:
        redirected = super().redirect_request(req, fp, code, msg, headers, newurl)
        if redirected is not None and _origin(req.full_url) != _origin(redirected.full_url):
            for held in (redirected.headers, redirected.unredirected_hdrs):
                for name in [name for name in held if name.lower() in _CREDENTIAL_HEADERS]:
                    del held[name]
        return redirected


def _origin(url: str) -> tuple[str, str, int | None]:
    parts = urllib.parse.urlsplit(url)
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError:
        port = None
    return scheme, (parts.hostname or "").lower(), port if port is not None else {"http": 80, "https": 443}.get(scheme)


_OPENER = urllib.request.build_opener(_CredentialsStayOnOrigin)


def urllib_send(request: Request, timeout: float) -> Response:
    """The default ``Send``: ``urllib.request`` of the standard library."""
    prepared = urllib.request.Request(request.url, data=request.body, headers=request.headers, method=request.method)
    try:
        answer = _OPENER.open(prepared, timeout=timeout)
    except urllib.error.HTTPError as error:
        # A non-2xx answer is an answer, not a failure to connect.
        with error:
            return Response(error.code, error.reason or "", _lowered(error.headers.items()), error.read())
    with answer:
        headers = _lowered(answer.headers.items())
        if request.stream_to is not None and 200 <= answer.status < 300:
            # From the start on every attempt: a retry after a broken download writes the file afresh.
            request.stream_to.seek(0)
            request.stream_to.truncate()
            shutil.copyfileobj(answer, request.stream_to, 1024 * 1024)
            return Response(answer.status, answer.reason, headers, b"")
        return Response(answer.status, answer.reason, headers, answer.read())


def _lowered(items: object) -> dict[str, str]:
    headers: dict[str, str] = {}
    for name, value in items:  # type: ignore[attr-defined]
        key = name.lower()
        headers[key] = f"{headers[key]}, {value}" if key in headers else value
    return headers


@dataclass
class RetryPolicy:
    #: Further attempts after the first (default 2). 0 switches retries off.
    max_retries: int = 2
    #: First backoff in seconds when the server gave no ``Retry-After``, doubled per attempt, with jitter.
    initial_delay: float = 0.5
    #: Longest backoff of the client's own, in seconds.
    max_delay: float = 8.0
    #: Longest ``Retry-After`` waited for by the client itself; a longer one is raised as the ``MaprError``.
    max_retry_after_seconds: int = 60


#: Codes of a 4xx that may succeed when sent again unchanged. A spent monthly quota
#: (``RENDER_LIMIT_EXCEEDED``) does not come back in seconds, so it is never retried.
RETRYABLE_CODES = frozenset({"RATE_LIMIT_EXCEEDED", "CONCURRENT_JOB_LIMIT", "IDEMPOTENCY_KEY_IN_USE"})
RETRYABLE_STATUSES = frozenset({500, 502, 503, 504})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE"})
#: What a failed connection raises in the standard library (``URLError`` and timeouts are ``OSError``s).
CONNECTION_ERRORS = (OSError, http.client.HTTPException)


def is_repeatable(request: Request) -> bool:
    """Reads and PUT/DELETE are idempotent by HTTP's rules; a POST only with an ``Idempotency-Key``."""
    return request.method.upper() in SAFE_METHODS or request.header("Idempotency-Key") is not None


class RetryingTransport:
    """Sends requests through ``send``, retrying what can safely be retried."""

    def __init__(
        self,
        send: Send,
        retry: RetryPolicy,
        timeout: float,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.send_once = send
        self.retry = retry
        self.timeout = timeout
        self.sleep = sleep

    def send(self, request: Request) -> Response:
        repeatable = is_repeatable(request)
        attempt = 0
        while True:
            retries_left = self.retry.max_retries - attempt if repeatable else 0
            try:
                response = self.send_once(request, self.timeout)
            except CONNECTION_ERRORS as error:
                if retries_left <= 0:
                    raise _connection_error(request, error, self.timeout) from error
                self.sleep(self._backoff(attempt))
                attempt += 1
                continue
            if retries_left <= 0 or not _is_retryable_answer(response):
                return response
            server_wait = retry_after_seconds(response.headers)
            if server_wait is not None and server_wait > self.retry.max_retry_after_seconds:
                return response
            self.sleep(server_wait if server_wait is not None else self._backoff(attempt))
            attempt += 1

    def _backoff(self, attempt: int) -> float:
        """Exponential backoff with "full jitter", so clients that failed together do not retry together."""
        ceiling = min(self.retry.max_delay, self.retry.initial_delay * 2.0**attempt)
        return ceiling / 2 + random.random() * ceiling / 2


def _is_retryable_answer(response: Response) -> bool:
    if response.status in RETRYABLE_STATUSES:
        return True
    if response.status not in (429, 409):
        return False
    try:
        body = response.json()
    except ValueError:
        return False
    return isinstance(body, dict) and body.get("error_code") in RETRYABLE_CODES


def _connection_error(request: Request, error: BaseException, timeout: float) -> MaprConnectionError:
    reason = error.reason if isinstance(error, urllib.error.URLError) else error
    if isinstance(reason, (TimeoutError, socket.timeout)):
        return MaprConnectionError(f"{request.method} {request.url} timed out after {timeout:g} s", True)
    return MaprConnectionError(f"{request.method} {request.url} failed: {reason}", False)

"""The mapr API client and its resources."""

from __future__ import annotations

import json
import math
import os
import time
import urllib.parse
import uuid
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Literal, NamedTuple, TypeVar, cast

from .errors import MaprConnectionError, MaprError, RenderFailedError
from .transport import Request, Response, RetryingTransport, RetryPolicy, Send, urllib_send
from .types import (
    AcceptedBatch,
    AcceptedRender,
    Account as AccountBody,
    AccountEvent,
    ApiKey,
    Batch,
    BatchPage,
    BatchSummary,
    CreateApiKeyRequest,
    CreateBatchRequest,
    CreatedApiKey,
    CreateRenderRequest,
    CreateTemplateRequest,
    EventPage,
    ForgotPasswordResponse,
    LogInRequest,
    LogInResponse,
    Place,
    RegisterRequest,
    RegisterResponse,
    Render,
    RenderPage,
    RenderPreview,
    RenderRoute,
    RenderStatus,
    ResendVerificationResponse,
    ResetPasswordResponse,
    SigningSecret,
    Style,
    Template,
    TemplateSummary,
    UpdateTemplateRequest,
    Usage as UsageBody,
    WebhookDelivery,
)
from .webhooks import verify_webhook

DEFAULT_BASE_URL = "http://localhost:3000"
USER_AGENT = "mapr-python/0.1.0"

T = TypeVar("T")


def new_idempotency_key() -> str:
    """A fresh ``Idempotency-Key`` (a v4 UUID)."""
    return str(uuid.uuid4())


class _Api:
    """What every resource shares: the base URL, the credential and the retrying transport."""

    def __init__(self, base_url: str, api_key: str | None, transport: RetryingTransport) -> None:
        self.base_url = base_url
        self.api_key = api_key
        self.transport = transport

    def url(self, path: str, query: Mapping[str, Any] | None = None) -> str:
        pairs = [(k, _query_value(v)) for k, v in (query or {}).items() if v is not None]
        return self.base_url + path + ("?" + urllib.parse.urlencode(pairs) if pairs else "")

    def call(
        self,
        method: str,
        path: str,
        *,
        query: Mapping[str, Any] | None = None,
        body: object = None,
        headers: Mapping[str, str] | None = None,
        accept: str = "application/json",
    ) -> Response:
        """Sends one API request (with its retries); answers the 2xx response or raises ``MaprError``."""
        sent_headers = {"Accept": accept, "User-Agent": USER_AGENT, **(headers or {})}
        if self.api_key:
            sent_headers["Authorization"] = f"Bearer {self.api_key}"
        data = None
        if body is not None:
            data = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            sent_headers["Content-Type"] = "application/json"
        response = self.transport.send(Request(method, self.url(path, query), sent_headers, data))
        if not response.ok:
            raise MaprError.from_answer(response.status, response.reason, response.headers, response.content)
        return response

    def json(self, method: str, path: str, **options: Any) -> Any:
        response = self.call(method, path, **options)
        return json.loads(response.content.decode("utf-8")) if response.content else None


def _query_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _quote(segment: str) -> str:
    return urllib.parse.quote(segment, safe="")


def _every_item(fetch_page: Callable[[str | None], Mapping[str, Any]]) -> Iterator[Any]:
    """Every item of a cursor-paged list, page after page, fetched as the loop asks for them."""
    cursor: str | None = None
    while True:
        page = fetch_page(cursor)
        yield from page["data"]
        cursor = page.get("next_cursor")
        if not cursor:
            return


#: Longest hold the service grants a read (``GET /v1/render/{job_id}?wait=``, ``GET /v1/batch/{batch_id}?wait=``).
_LONGEST_HOLD_SECONDS = 25
#: Below this many requests left in the rate-limit window, held reads are as long as they can be.
_LOW_BUDGET = 5


def _poll_until_ended(
    read: Callable[[int], Response],
    ended: Callable[[Any], bool],
    change_key: Callable[[Any], str],
    on_progress: Callable[[Any], None] | None,
    interval: float,
    max_interval: float,
    timeout: float | None,
    holds_reads: Literal["status", "every-change"] | None = None,
) -> Any:
    """Reads until ``ended``. ``read`` takes the seconds the service may hold the read until what it answers changes
    (``holds_reads``: the resource answers ``?wait=``, ending the hold on a change of its status, ``"status"``: a job,
    whose progress moves in between, so reads that report progress are held for the interval only; or on every change
    ``change_key`` sees, ``"every-change"``: a batch's counts). The SDK then sleeps only when an answer came back early
    with nothing changed (a service that does not hold) or the rate-limit window is spent. Without held reads it sleeps
    the interval between reads, and for the window's reset when only a couple of requests are left."""
    deadline = None if timeout is None else time.monotonic() + timeout
    max_interval = max(interval, max_interval)
    last_key: str | None = None
    # The first read answers at once when progress is reported (its first state), else it is held like the others.
    wait_seconds = _LONGEST_HOLD_SECONDS if holds_reads and on_progress is None else 0
    hold_for_interval = on_progress is not None and holds_reads == "status"
    while True:
        if deadline is not None and wait_seconds > 0:
            # A hold never outlasts the caller's timeout.
            wait_seconds = max(1, min(wait_seconds, int(deadline - time.monotonic())))
        asked = time.monotonic()
        response = read(wait_seconds)
        value = json.loads(response.content.decode("utf-8"))
        key = change_key(value)
        changed = key != last_key
        if changed and on_progress is not None:
            on_progress(value)
        last_key = key
        if ended(value):
            return value
        if holds_reads:
            early = wait_seconds - (time.monotonic() - asked)
            pause = early if not changed and early > 0 else 0.0
            # A held read spends one request per hold, so only an empty window is waited out.
            left = _remaining_requests(response.headers)
            if left <= 0:
                pause = max(pause, _rate_limit_pause(response.headers))
            wait_seconds = (
                max(1, math.ceil(interval)) if hold_for_interval and left > _LOW_BUDGET else _LONGEST_HOLD_SECONDS
            )
        else:
            pause = max(interval, _rate_limit_pause(response.headers))
        if deadline is not None and time.monotonic() + pause > deadline:
            raise TimeoutError(f"Still not ended after {timeout:g} s")
        if pause > 0:
            time.sleep(pause)
        interval = min(max_interval, interval * 1.5)


def _remaining_requests(headers: Mapping[str, str]) -> float:
    """``X-RateLimit-Remaining``, or infinity when the answer has none."""
    try:
        return float(headers.get("x-ratelimit-remaining", ""))
    except ValueError:
        return math.inf


def _rate_limit_pause(headers: Mapping[str, str], now: float | None = None) -> float:
    """When only a couple of requests are left in the window, wait for the window to reset instead of spending
    the last ones on polling (they may be needed for something else)."""
    try:
        remaining = float(headers.get("x-ratelimit-remaining", ""))
        reset_at = float(headers.get("x-ratelimit-reset", ""))
    except ValueError:
        return 0.0
    if remaining > 2:
        return 0.0
    return max(0.0, reset_at - (time.time() if now is None else now)) + 0.25


class CreatedRender(NamedTuple):
    render: AcceptedRender
    #: True when the service answered a repeat of an earlier call with the same key (``Idempotent-Replayed``).
    replayed: bool


class Renders:
    """Video renders: create, read, list, cancel, wait for, preview, download, and read the planned route."""

    def __init__(self, api: _Api) -> None:
        self._api = api

    def create(self, body: CreateRenderRequest, *, idempotency_key: str | None = None) -> AcceptedRender:
        """``POST /v1/render``: queues a render; answers at once with the job id (202).

        An ``Idempotency-Key`` is made for every call when you give none, so a retry after a lost answer never
        renders twice; give your own to make retries across processes safe too.
        """
        return self.create_with_details(body, idempotency_key=idempotency_key).render

    def create_with_details(self, body: CreateRenderRequest, *, idempotency_key: str | None = None) -> CreatedRender:
        """``POST /v1/render``, also answering whether the service replayed an earlier call with the same key."""
        response = self._api.call(
            "POST", "/v1/render", body=body, headers={"Idempotency-Key": idempotency_key or new_idempotency_key()}
        )
        render = cast(AcceptedRender, response.json())
        return CreatedRender(render, response.headers.get("idempotent-replayed") == "true")

    def get(self, job_id: str) -> Render:
        """``GET /v1/render/{job_id}``: the job as it is now."""
        return cast(Render, self._api.json("GET", f"/v1/render/{_quote(job_id)}"))

    def list_page(
        self, *, limit: int | None = None, cursor: str | None = None, status: RenderStatus | None = None
    ) -> RenderPage:
        """One page of ``GET /v1/renders`` (newest first)."""
        query = {"limit": limit, "cursor": cursor, "status": status}
        return cast(RenderPage, self._api.json("GET", "/v1/renders", query=query))

    def list(self, *, limit: int | None = None, status: RenderStatus | None = None) -> Iterator[Render]:
        """Every render of the account, newest first, across all pages: ``for render in mapr.renders.list(): …``.
        Pages are read as the loop asks for them; break out of it to stop."""
        return _every_item(lambda cursor: self.list_page(limit=limit, cursor=cursor, status=status))

    def cancel(self, job_id: str) -> Render:
        """``DELETE /v1/render/{job_id}``: cancels a queued or processing job (its render is given back)."""
        return cast(Render, self._api.json("DELETE", f"/v1/render/{_quote(job_id)}"))

    def route(self, job_id: str) -> RenderRoute:
        """``GET /v1/render/{job_id}/route``: the planned route as GeoJSON (a 409 ``MaprError`` before it is
        planned)."""
        return cast(RenderRoute, self._api.json("GET", f"/v1/render/{_quote(job_id)}/route"))

    def preview(self, body: CreateRenderRequest) -> RenderPreview:
        """``POST /v1/render/preview``: what a render of this body would draw, without a job and without quota."""
        return cast(RenderPreview, self._api.json("POST", "/v1/render/preview", body=body))

    def preview_still(self, body: CreateRenderRequest, *, frame: int | None = None) -> bytes:
        """``POST /v1/render/preview/still``: one frame as PNG bytes (default the last, the thumbnail). No job, no
        quota. When the service is busy drawing another still this raises a 503 ``MaprError`` whose
        ``retry_after_seconds`` says when to ask again (a POST without an idempotency key is never retried)."""
        query = {"frame": frame}
        response = self._api.call("POST", "/v1/render/preview/still", query=query, body=body, accept="image/png")
        return response.content

    def wait(
        self,
        job_id: str,
        *,
        on_progress: Callable[[Render], None] | None = None,
        interval: float = 1.0,
        max_interval: float = 5.0,
        timeout: float | None = None,
    ) -> Render:
        """Reads the job until it ends; answers the completed job (``video_url``, ``thumbnail_url``).

        Raises ``RenderFailedError`` when it failed or was cancelled, ``TimeoutError`` after ``timeout`` seconds (the
        job goes on). ``on_progress`` is called with the job whenever its status or progress changed.

        Each read is held by the service until the job's status changes (``GET /v1/render/{job_id}?wait=``), so the
        end is seen at once and waiting costs about three requests a minute; with ``on_progress``, reads are held for
        ``interval`` seconds instead (growing to ``max_interval``), and for 25 s again once the account's rate-limit
        window runs low.
        """
        job: Render = _poll_until_ended(
            read=lambda wait: self._api.call(
                "GET", f"/v1/render/{_quote(job_id)}", query={"wait": wait if wait > 0 else None}
            ),
            holds_reads="status",
            ended=lambda job: job["status"] in ("complete", "failed", "cancelled"),
            change_key=lambda job: f"{job['status']}:{job['progress']}",
            on_progress=on_progress,
            interval=interval,
            max_interval=max_interval,
            timeout=timeout,
        )
        if job["status"] == "complete":
            return job
        reason = f"{job.get('error')}: {job.get('message')}" if job["status"] == "failed" else "it was cancelled"
        message = f"Render {job['job_id']} did not complete: {reason}"
        raise RenderFailedError(message, job["status"], job.get("error"), job)

    def download(self, render: Render | AcceptedRender | Mapping[str, Any]) -> bytes:
        """The finished video's bytes (``video_url`` is a public CDN address). ``MaprError`` when the file is gone
        (410 once expired). For large videos prefer ``download_to``, which never holds the whole file."""
        response = self._api.transport.send(Request("GET", self._video_url(render), {"User-Agent": USER_AGENT}))
        if not response.ok:
            raise MaprError.from_answer(response.status, response.reason, response.headers, response.content)
        return response.content

    def download_to(self, render: Render | Mapping[str, Any], path: str | os.PathLike[str]) -> Path:
        """Streams the finished video into ``path`` (written as ``<path>.part`` and renamed, so an interrupted
        download never looks like a finished file). Answers the path."""
        target = Path(path)
        partial = target.with_name(target.name + ".part")
        try:
            with open(partial, "wb") as file:
                request = Request("GET", self._video_url(render), {"User-Agent": USER_AGENT}, stream_to=file)
                response = self._api.transport.send(request)
            if not response.ok:
                raise MaprError.from_answer(response.status, response.reason, response.headers, response.content)
            os.replace(partial, target)
        finally:
            partial.unlink(missing_ok=True)
        return target

    @staticmethod
    def _video_url(render: Mapping[str, Any]) -> str:
        url = render.get("video_url")
        if not url:
            raise ValueError(f"Render {render.get('job_id')} has no video yet: wait for it to complete")
        return str(url)


class Batches:
    """Batches: many renders in one call, one ``batch.complete`` webhook when the last one ends."""

    def __init__(self, api: _Api) -> None:
        self._api = api

    def create(self, body: CreateBatchRequest, *, idempotency_key: str | None = None) -> AcceptedBatch:
        """``POST /v1/render/batch`` (202), with an ``Idempotency-Key`` made for you unless you give one."""
        headers = {"Idempotency-Key": idempotency_key or new_idempotency_key()}
        return cast(AcceptedBatch, self._api.json("POST", "/v1/render/batch", body=body, headers=headers))

    def get(self, batch_id: str) -> Batch:
        """``GET /v1/batch/{batch_id}``: the batch and each of its jobs."""
        return cast(Batch, self._api.json("GET", f"/v1/batch/{_quote(batch_id)}"))

    def list_page(self, *, limit: int | None = None, cursor: str | None = None) -> BatchPage:
        """One page of ``GET /v1/batches`` (newest first)."""
        return cast(BatchPage, self._api.json("GET", "/v1/batches", query={"limit": limit, "cursor": cursor}))

    def list(self, *, limit: int | None = None) -> Iterator[BatchSummary]:
        """Every batch of the account, newest first, across all pages."""
        return _every_item(lambda cursor: self.list_page(limit=limit, cursor=cursor))

    def wait(
        self,
        batch_id: str,
        *,
        on_progress: Callable[[Batch], None] | None = None,
        interval: float = 1.0,
        max_interval: float = 5.0,
        timeout: float | None = None,
    ) -> Batch:
        """Reads the batch until none of its jobs is queued or processing; answers it (check each job's status).

        Each read is held by the service until one of the batch's jobs starts or ends (``GET
        /v1/batch/{batch_id}?wait=``), so every change is seen at once and waiting costs about three requests a minute,
        with ``on_progress`` or without.
        """
        return cast(
            Batch,
            _poll_until_ended(
                read=lambda wait: self._api.call(
                    "GET", f"/v1/batch/{_quote(batch_id)}", query={"wait": wait if wait > 0 else None}
                ),
                holds_reads="every-change",
                ended=lambda batch: bool(batch["queued"] == 0 and batch["processing"] == 0),
                change_key=lambda b: f"{b['status']}:{b['completed']}:{b['failed']}:{b['processing']}:{b['queued']}",
                on_progress=on_progress,
                interval=interval,
                max_interval=max_interval,
                timeout=timeout,
            ),
        )


class Templates:
    """Saved render settings: ``renders.create`` with ``template_id`` merges a request over them."""

    def __init__(self, api: _Api) -> None:
        self._api = api

    def create(self, body: CreateTemplateRequest) -> Template:
        return cast(Template, self._api.json("POST", "/v1/templates", body=body))

    def list(self) -> list[TemplateSummary]:
        """The account's templates and the built-in starters (read-only)."""
        return cast(list[TemplateSummary], self._api.json("GET", "/v1/templates")["templates"])

    def get(self, template_id: str) -> Template:
        return cast(Template, self._api.json("GET", f"/v1/templates/{_quote(template_id)}"))

    def update(self, template_id: str, body: UpdateTemplateRequest) -> Template:
        return cast(Template, self._api.json("PUT", f"/v1/templates/{_quote(template_id)}", body=body))

    def delete(self, template_id: str) -> None:
        self._api.call("DELETE", f"/v1/templates/{_quote(template_id)}")


class Usage:
    """``GET /v1/usage``: renders used and left this month."""

    def __init__(self, api: _Api) -> None:
        self._api = api

    def get(self) -> UsageBody:
        return cast(UsageBody, self._api.json("GET", "/v1/usage"))


class Account:
    """``GET /v1/account``: who the credential belongs to, the tier and its limits."""

    def __init__(self, api: _Api) -> None:
        self._api = api

    def get(self) -> AccountBody:
        return cast(AccountBody, self._api.json("GET", "/v1/account"))


class ApiKeys:
    """API keys (creating and revoking them needs an access token from ``auth.log_in``, not an API key)."""

    def __init__(self, api: _Api) -> None:
        self._api = api

    def create(self, body: CreateApiKeyRequest) -> CreatedApiKey:
        """The key itself is in the answer this once: store it."""
        return cast(CreatedApiKey, self._api.json("POST", "/v1/api-keys", body=body))

    def list(self) -> list[ApiKey]:
        return cast(list[ApiKey], self._api.json("GET", "/v1/api-keys")["api_keys"])

    def revoke(self, key_id: str) -> None:
        self._api.call("DELETE", f"/v1/api-keys/{_quote(key_id)}")


class Catalog:
    """Map styles and the place gazetteer a render can name waypoints from."""

    def __init__(self, api: _Api) -> None:
        self._api = api

    def styles(self) -> list[Style]:
        return cast(list[Style], self._api.json("GET", "/v1/styles")["styles"])

    def places(self, query: str, *, limit: int | None = None) -> list[Place]:
        """Cities matching ``query`` (by name, largest first). Needs no credentials."""
        return cast(list[Place], self._api.json("GET", "/v1/places", query={"q": query, "limit": limit})["places"])


class Auth:
    """Sign-up, log-in and password reset. ``log_in`` answers an access token for ``Mapr(api_key=token)``."""

    def __init__(self, api: _Api) -> None:
        self._api = api

    def register(self, body: RegisterRequest) -> RegisterResponse:
        return cast(RegisterResponse, self._api.json("POST", "/v1/auth/register", body=body))

    def log_in(self, body: LogInRequest) -> LogInResponse:
        return cast(LogInResponse, self._api.json("POST", "/v1/auth/login", body=body))

    def log_out(self) -> None:
        """Ends the access token this client was made with, at once."""
        self._api.call("POST", "/v1/auth/logout")

    def log_out_everywhere(self) -> None:
        """Ends every access token of the account; API keys keep working."""
        self._api.call("POST", "/v1/auth/logout-everywhere")

    def forgot_password(self, email: str) -> ForgotPasswordResponse:
        """E-mails a single-use reset link if the address has an account; the answer is the same either way."""
        return cast(ForgotPasswordResponse, self._api.json("POST", "/v1/auth/forgot-password", body={"email": email}))

    def reset_password(self, token: str, password: str) -> ResetPasswordResponse:
        body = {"token": token, "password": password}
        return cast(ResetPasswordResponse, self._api.json("POST", "/v1/auth/reset-password", body=body))

    def resend_verification(self) -> ResendVerificationResponse:
        return cast(ResendVerificationResponse, self._api.json("POST", "/v1/auth/resend-verification"))


class Webhooks:
    """The account's webhook signing secret, the delivery log, and signature verification."""

    def __init__(self, api: _Api) -> None:
        self._api = api

    def secret(self) -> SigningSecret:
        """``GET /v1/webhooks/secret`` (access token only: API keys cannot read the secret)."""
        return cast(SigningSecret, self._api.json("GET", "/v1/webhooks/secret"))

    def rotate_secret(self) -> SigningSecret:
        """A new secret; the previous one keeps signing too for 24 hours."""
        return cast(SigningSecret, self._api.json("POST", "/v1/webhooks/secret/rotate"))

    def deliveries(self, *, job_id: str | None = None, batch_id: str | None = None) -> list[WebhookDelivery]:
        """Deliveries of a job or a batch, newest first, with every attempt."""
        query = {"job_id": job_id, "batch_id": batch_id}
        return cast(list[WebhookDelivery], self._api.json("GET", "/v1/webhooks/deliveries", query=query)["deliveries"])

    def redeliver(self, delivery_id: str) -> WebhookDelivery:
        """One more attempt now, outside the retry schedule."""
        return cast(WebhookDelivery, self._api.json("POST", f"/v1/webhooks/deliveries/{_quote(delivery_id)}/redeliver"))

    #: Verifies a delivery and answers its typed event: ``mapr.verify_webhook`` itself.
    verify = staticmethod(verify_webhook)


class Events:
    """The account's events (``render.complete``, ``render.failed``, ``batch.complete``), each with the webhook's
    exact body and headers, signed by the service at read time (with the listen secret when an API key reads)."""

    def __init__(self, api: _Api) -> None:
        self._api = api

    def listen_secret(self) -> str:
        """``GET /v1/events/listen-secret``: the secret that signs the events an API key reads."""
        return str(self._api.json("GET", "/v1/events/listen-secret")["secret"])

    def list(self, *, after: str | None = None, limit: int | None = None, timeout: int | None = None) -> EventPage:
        """``GET /v1/events``: the events after ``after``, oldest first; when there is none yet the service waits up
        to ``timeout`` seconds (default 25) for one. Without ``after``: the latest events at once."""
        query = {"after": after, "limit": limit, "timeout": timeout}
        return cast(EventPage, self._api.json("GET", "/v1/events", query=query))

    def stream(
        self, *, after: str | None = None, on_retry: Callable[[Exception, float], None] | None = None
    ) -> Iterator[AccountEvent]:
        """Every new event as it happens, by long polling: ``for event in mapr.events.stream(): …`` (break to stop).

        Without ``after`` the stream starts now: earlier events are skipped. Lost connections, 5xx and rate limits
        are waited out (growing pauses up to 30 s, or ``Retry-After``; ``on_retry`` hears of each); any other error
        (a revoked key, an unknown ``after``) ends the stream by raising.
        """
        # Without a cursor the first read finds where "now" is. An account with no event yet has no cursor to
        # take: every event it then gets is new, so those reads hand their events on.
        no_event_yet = False
        failures = 0
        while True:
            try:
                if after is None:
                    page = self.list(limit=100 if no_event_yet else 1)
                else:
                    page = self.list(after=after, timeout=25)
            except (MaprConnectionError, MaprError) as error:
                if isinstance(error, MaprError) and error.status < 500 and error.error_code != "RATE_LIMIT_EXCEEDED":
                    raise
                failures += 1
                told = error.retry_after_seconds if isinstance(error, MaprError) else None
                pause = float(told) if told is not None else float(min(30, 2 ** min(failures - 1, 5)))
                if on_retry is not None:
                    on_retry(error, pause)
                time.sleep(pause)
                continue
            failures = 0
            if after is None and not no_event_yet and page["next_after"] is None:
                no_event_yet = True
            elif after is None and not no_event_yet:
                after = page["next_after"]
                continue
            yield from page["data"]
            after = page["next_after"] or after
            if after is None:
                time.sleep(2)


class Mapr:
    """The mapr API client.

    >>> mapr = Mapr(api_key=os.environ["MAPR_API_KEY"])
    >>> job = mapr.renders.create({"waypoints": [{"place": "Lisbon"}, {"place": "New York"}], "duration": 10})
    >>> render = mapr.renders.wait(job["job_id"], on_progress=lambda r: print(r["progress"]))
    >>> mapr.renders.download_to(render, "lisbon-new-york.mp4")
    """

    def __init__(
        self,
        api_key: str | None = None,
        *,
        base_url: str | None = None,
        retry: RetryPolicy | None = None,
        timeout: float = 60.0,
        send: Send | None = None,
    ) -> None:
        """``api_key``: an API key (``mapr_live_…``/``mapr_test_…``) or an access token from ``auth.log_in``, sent as
        ``Authorization: Bearer`` (default ``MAPR_API_KEY``). ``base_url``: the service (default ``MAPR_BASE_URL``,
        else http://localhost:3000). ``retry``: ``RetryPolicy(max_retries=0)`` switches retries off. ``timeout``: per
        attempt, in seconds. ``send``: your own sender of one request (a proxy, a test double); default urllib."""
        self.base_url = (base_url or os.environ.get("MAPR_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        key = api_key if api_key is not None else os.environ.get("MAPR_API_KEY") or None
        transport = RetryingTransport(send or urllib_send, retry or RetryPolicy(), timeout)
        api = _Api(self.base_url, key, transport)
        self.auth = Auth(api)
        self.renders = Renders(api)
        self.batches = Batches(api)
        self.templates = Templates(api)
        self.usage = Usage(api)
        self.account = Account(api)
        self.api_keys = ApiKeys(api)
        self.webhooks = Webhooks(api)
        #: The account's events, read by long polling (``GET /v1/events``).
        self.events = Events(api)
        #: Map styles and place search.
        self.catalog = Catalog(api)


__all__ = ["Mapr", "CreatedRender", "AccountEvent", "new_idempotency_key"]

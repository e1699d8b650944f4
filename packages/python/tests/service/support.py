"""What the service tests share: the running service (from test/python-sdk.e2e-spec.ts), accounts made through its
control server, a sender that records (and can lose answers), and a real webhook receiver."""

from __future__ import annotations

import json
import os
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, TypeVar, cast

from mapr import Mapr, Request, Response, RetryPolicy, urllib_send
from mapr.types import CreateRenderRequest

BASE_URL = os.environ.get("MAPR_TEST_BASE_URL", "")
CONTROL_URL = os.environ.get("MAPR_TEST_CONTROL_URL", "")
VIDEO_FIXTURE = os.environ.get("MAPR_TEST_VIDEO_FIXTURE", "")


T = TypeVar("T")


def control(path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        CONTROL_URL + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        content = answer.read()
    return json.loads(content) if content else None


@dataclass
class ServiceAccount:
    id: str
    email: str
    password: str
    access_token: str
    live_key: str
    test_key: str

    def client(self, **options: Any) -> Mapr:
        return Mapr(self.live_key, base_url=BASE_URL, **options)

    def session(self) -> Mapr:
        """A client with the dashboard's credential (an access token), which may read the webhook secret."""
        return Mapr(self.access_token, base_url=BASE_URL)

    def end_rate_window_in(self, milliseconds: int) -> None:
        control(f"/accounts/{self.id}/rate-window", {"expire_ms": milliseconds})


def new_account(**overrides: int) -> ServiceAccount:
    """A verified Creator account with roomy limits, or these limits (``requests_per_minute=2``)."""
    return ServiceAccount(**control("/accounts", {"overrides": overrides}))


@dataclass
class Seen:
    method: str
    path: str
    status: int | str
    idempotency_key: str | None


@dataclass
class Recorder:
    """A ``send`` that records every request (method, path, status) and can lose one answer on the way back."""

    drop_answer_of: Callable[[Request], bool] | None = None
    seen: list[Seen] = field(default_factory=list)
    #: The path of every request as it is sent (``seen`` has it once answered).
    sent: list[str] = field(default_factory=list)
    dropped: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __call__(self, request: Request, timeout: float) -> Response:
        path = request.url[len(BASE_URL) :] if request.url.startswith(BASE_URL) else request.url
        self.sent.append(path)
        response = urllib_send(request, timeout)
        with self.lock:
            if self.drop_answer_of is not None and self.drop_answer_of(request) and self.dropped == 0:
                # The request reached the service and was carried out; only the answer is lost.
                self.dropped += 1
                self.seen.append(Seen(request.method, path, "dropped", request.header("Idempotency-Key")))
                raise ConnectionResetError("socket hang up")
            self.seen.append(Seen(request.method, path, response.status, request.header("Idempotency-Key")))
        return response


def fast_retries() -> RetryPolicy:
    return RetryPolicy(initial_delay=0.05)


def wait_for(read: Callable[[], T], done: Callable[[T], bool], timeout: float = 20.0) -> T:
    """Polls ``read`` until ``done`` holds (a bound against hanging, not a timing assertion)."""
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if done(value):
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"wait_for: not done within {timeout} s; last value: {value!r}")
        time.sleep(0.025)


@dataclass
class Received:
    path: str
    #: As http.server holds them (an email.message.Message).
    headers: Any
    body: bytes


class WebhookReceiver:
    """A real receiver on 127.0.0.1 (a free port): records every POST and answers 200."""

    def __init__(self) -> None:
        self.received: list[Received] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                receiver.received.append(Received(self.path, self.headers, body))
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the base class's name)
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def on(self, path: str) -> list[Received]:
        return [received for received in self.received if received.path == path]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def render_body(**overrides: Any) -> CreateRenderRequest:
    """A small valid render body."""
    body: dict[str, Any] = {
        "waypoints": [
            {"lat": 38.7223, "lng": -9.1393, "label": "Lisbon"},
            {"lat": 40.7128, "lng": -74.006, "label": "New York"},
        ],
        "duration": 3,
        **overrides,
    }
    return cast(CreateRenderRequest, body)

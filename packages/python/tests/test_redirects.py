"""Redirects and the API key: followed within the service's origin with the key, to any other origin without it
(as the TypeScript SDK's fetch does). Two local servers stand for the service and another host."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from mapr import Mapr, RetryPolicy

KEY = "mapr_live_" + "k" * 32


class Host:
    """A server that answers each path as scripted (a redirect, else ``{}``) and records what it received."""

    def __init__(self) -> None:
        self.redirects: dict[str, str] = {}
        self.received: list[tuple[str, str | None]] = []
        host = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                host.received.append((self.path, self.headers.get("Authorization")))
                target = host.redirects.get(self.path.split("?")[0])
                if target is not None:
                    self.send_response(302)
                    self.send_header("Location", target)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"{}")

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def url(self, path: str, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}{path}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def hosts() -> Iterator[tuple[Host, Host]]:
    service, other = Host(), Host()
    yield service, other
    service.close()
    other.close()


def client(service: Host) -> Mapr:
    return Mapr(KEY, base_url=service.url(""), retry=RetryPolicy(max_retries=0), timeout=5)


def test_a_redirect_to_another_host_does_not_carry_the_api_key(hosts: tuple[Host, Host]) -> None:
    service, other = hosts
    service.redirects["/v1/usage"] = other.url("/collect")
    client(service).usage.get()
    assert service.received == [("/v1/usage", f"Bearer {KEY}")]
    assert other.received == [("/collect", None)]


def test_the_same_server_under_another_name_is_another_origin(hosts: tuple[Host, Host]) -> None:
    service, _ = hosts
    # The same server under another name (localhost, not 127.0.0.1): another origin by the URL, so no key.
    service.redirects["/v1/usage"] = service.url("/renamed", host="localhost")
    client(service).usage.get()
    assert service.received[-1] == ("/renamed", None)


def test_a_redirect_within_the_service_keeps_the_key(hosts: tuple[Host, Host]) -> None:
    service, _ = hosts
    service.redirects["/v1/usage"] = "/v1/usage/moved"
    client(service).usage.get()
    assert [auth for _, auth in service.received] == [f"Bearer {KEY}", f"Bearer {KEY}"]


def test_once_dropped_the_key_stays_dropped_when_a_redirect_comes_back(hosts: tuple[Host, Host]) -> None:
    service, other = hosts
    service.redirects["/v1/usage"] = other.url("/bounce")
    other.redirects["/bounce"] = service.url("/v1/usage/back")
    client(service).usage.get()
    assert service.received == [("/v1/usage", f"Bearer {KEY}"), ("/v1/usage/back", None)]
    assert other.received == [("/bounce", None)]

#!/usr/bin/env python3
"""A mapr webhook receiver using only the Python standard library.

    MAPR_WEBHOOK_SECRET=whsec_... PORT=8000 python3 receiver.py     (HOST defaults to 127.0.0.1)

Every POST (any path) is verified with X-Service-Signature-V2 and answered 401 when it fails,
200 when it passes (the event is printed as one JSON line). Nothing else is accepted: the plain
X-Service-Signature has no timestamp, so a receiver that falls back to it accepts replays.
"""

import hashlib
import hmac
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOLERANCE_SECONDS = 300
MAX_BODY_BYTES = 1024 * 1024


def verify(body: bytes, signature_header: str, secret: str, now: float, tolerance: int = TOLERANCE_SECONDS) -> bool:
    """True when `t` is within `tolerance` seconds of `now` and one `v1` entry is the HMAC-SHA256 of
    b"<t>." + body keyed with the UTF-8 bytes of the whole secret (``whsec_`` included).

    During a secret rotation the header carries one v1 entry per live secret, so any entry may match.
    """
    if not signature_header or not secret:
        return False
    timestamp = None
    candidates = []
    for part in signature_header.split(","):
        key, sep, value = part.strip().partition("=")
        if not sep:
            continue
        if key == "t":
            if timestamp is not None or not value.isdigit() or len(value) > 15:
                return False
            timestamp = value
        elif key == "v1":
            candidates.append(value.strip())
    if timestamp is None or not candidates:
        return False
    if abs(now - int(timestamp)) > tolerance:
        return False
    expected = hmac.new(secret.encode("utf-8"), timestamp.encode("ascii") + b"." + body, hashlib.sha256).hexdigest()
    # Compare with every entry (no early exit), each in constant time.
    matched = False
    for candidate in candidates:
        if hmac.compare_digest(candidate.lower().encode("ascii", "replace"), expected.encode("ascii")):
            matched = True
    return matched


class WebhookHandler(BaseHTTPRequestHandler):
    server_version = "mapr-python-receiver/1"

    def do_POST(self) -> None:
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            length = -1
        if length < 0 or length > MAX_BODY_BYTES:
            self.answer(413, "body too large")
            return
        body = self.rfile.read(length)  # the raw bytes: never re-serialise JSON before verifying
        secret = self.server.secret  # type: ignore[attr-defined]
        if not verify(body, self.headers.get("X-Service-Signature-V2", ""), secret, time.time()):
            self.answer(401, "invalid signature")
            return
        event = json.loads(body)
        print(
            json.dumps(
                {
                    "delivery": self.headers.get("X-Service-Delivery"),
                    "event": self.headers.get("X-Service-Event"),
                    "payload": event,
                }
            ),
            flush=True,
        )
        # Answer fast (within 30 s); deduplicate on X-Service-Delivery and do slow work after answering.
        self.answer(200, "ok")

    def answer(self, status: int, text: str) -> None:
        data = text.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (the base class's name)
        sys.stderr.write("%s %s\n" % (self.address_string(), format % args))


def main() -> None:
    secret = os.environ.get("MAPR_WEBHOOK_SECRET", "")
    if not secret:
        sys.exit("Set MAPR_WEBHOOK_SECRET to your webhook signing secret (whsec_...).")
    port = int(os.environ.get("PORT", "8000"))
    host = os.environ.get("HOST", "127.0.0.1")
    server = ThreadingHTTPServer((host, port), WebhookHandler)
    server.secret = secret  # type: ignore[attr-defined]
    print("listening on http://%s:%d" % (host, server.server_address[1]), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()

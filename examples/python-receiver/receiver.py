#!/usr/bin/env python3
"""A mapr webhook receiver using only the Python standard library.

    MAPR_WEBHOOK_SECRET=whsec_... PORT=8000 python3 receiver.py     (HOST defaults to 127.0.0.1)

Every POST (any path) is verified with the Standard Webhooks headers (webhook-id, webhook-timestamp,
webhook-signature) and answered 401 when it fails, 200 when it passes. Their signature covers the delivery id as
well as the time and the body, so a repeated delivery is recognised by its webhook-id: the event is printed as one
JSON line the first time only. Nothing else is accepted: the plain X-Service-Signature has no timestamp (a receiver
that falls back to it accepts replays), and no signature covers X-Service-Delivery.
"""

import base64
import binascii
import hashlib
import hmac
import json
import os
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOLERANCE_SECONDS = 300
MAX_BODY_BYTES = 1024 * 1024
TIMESTAMP = re.compile(r"[0-9]{1,15}")


def signing_key(secret: str) -> bytes:
    """The HMAC key: the base64 after ``whsec_``, decoded (secrets of earlier versions are base64url, unpadded)."""
    encoded = secret[len("whsec_") :] if secret.startswith("whsec_") else secret
    standard = encoded.replace("-", "+").replace("_", "/").rstrip("=")
    try:
        return base64.b64decode(standard + "=" * (-len(standard) % 4))
    except (binascii.Error, ValueError):
        return b""


def verify(body: bytes, message_id: str, timestamp: str, signatures: str, secret: str, now: float) -> bool:
    """True when ``timestamp`` is within 5 minutes of ``now`` and one ``v1,<base64>`` entry of ``signatures`` is the
    HMAC-SHA256 of ``b"<webhook-id>.<timestamp>." + body`` keyed with the secret's key bytes.

    During a secret rotation the header carries one space-separated entry per live secret, so any entry may match.
    """
    key = signing_key(secret)
    if not key or not message_id or not TIMESTAMP.fullmatch(timestamp) or abs(now - int(timestamp)) > TOLERANCE_SECONDS:
        return False
    signed = f"{message_id}.{timestamp}.".encode("utf-8", "surrogatepass") + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest())
    # Compare with every entry (no early exit), each in constant time.
    matched = False
    for entry in signatures.split(" "):
        if entry.startswith("v1,") and hmac.compare_digest(entry[3:].encode("ascii", "replace"), expected):
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
        message_id = self.headers.get("webhook-id", "")
        timestamp = self.headers.get("webhook-timestamp", "")
        signatures = self.headers.get("webhook-signature", "")
        secrets = self.server.secrets  # type: ignore[attr-defined]
        if not any(verify(body, message_id, timestamp, signatures, secret, time.time()) for secret in secrets):
            self.answer(401, "invalid signature")
            return
        event = json.loads(body)
        # Deliveries are at-least-once: drop repeats by the signed webhook-id (keep them in your database).
        with self.server.lock:  # type: ignore[attr-defined]
            first_time = message_id not in self.server.handled  # type: ignore[attr-defined]
            self.server.handled.add(message_id)  # type: ignore[attr-defined]
        if first_time:
            print(json.dumps({"delivery": message_id, "event": event.get("event"), "payload": event}), flush=True)
        # Answer fast (within 30 s); do slow work after answering.
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
    # During a rotation, list the new secret and the previous one: MAPR_WEBHOOK_SECRET=new,previous
    secret = os.environ.get("MAPR_WEBHOOK_SECRET", "")
    if not secret:
        sys.exit("Set MAPR_WEBHOOK_SECRET to your webhook signing secret (whsec_...).")
    port = int(os.environ.get("PORT", "8000"))
    host = os.environ.get("HOST", "127.0.0.1")
    server = ThreadingHTTPServer((host, port), WebhookHandler)
    server.secrets = [s for s in secret.split(",") if s]  # type: ignore[attr-defined]
    server.handled = set()  # type: ignore[attr-defined]
    server.lock = threading.Lock()  # type: ignore[attr-defined]
    print("listening on http://%s:%d" % (host, server.server_address[1]), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()

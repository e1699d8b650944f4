"""verify_webhook on real deliveries of the service (to a receiver in this process) and on streamed events, with
each of the three signature schemes."""

from __future__ import annotations

import json
import threading
from typing import Any, cast

from mapr import Mapr, WebhookVerificationError, verify_webhook
from mapr.types import AccountEvent, EventPage, RenderCompleteEvent, WebhookDelivery
from support import Received, Recorder, WebhookReceiver, new_account, render_body, wait_for

SCHEMES = ("v2", "standard_webhooks", "body_only")


def outcome(body: bytes | str, headers: Any, secret: str | list[str], **options: Any) -> str:
    try:
        verify_webhook(body, headers, secret, **options)
    except WebhookVerificationError as error:
        return error.reason
    return "accepted"


def delivered_to(mapr: Mapr, receiver: WebhookReceiver, path: str) -> tuple[str, Received]:
    job_id = mapr.renders.create(render_body(webhook_url=receiver.url(path)))["job_id"]
    deliveries = wait_for(lambda: receiver.on(path), lambda received: len(received) > 0)
    return job_id, deliveries[0]


def test_a_genuine_delivery_verifies_with_each_scheme_and_changed_replayed_or_foreign_ones_do_not(
    receiver: WebhookReceiver,
) -> None:
    account = new_account()
    mapr = account.client()
    secret = account.session().webhooks.secret()["secret"]
    job_id, delivery = delivered_to(mapr, receiver, "/python/genuine")
    body, headers = delivery.body, delivery.headers  # the raw bytes, and http.server's header object

    event = cast(RenderCompleteEvent, mapr.webhooks.verify(body, headers, secret))
    assert (event["event"], event["job_id"], event["status"]) == ("render.complete", job_id, "complete")
    plain = {name.lower(): value for name, value in headers.items()}
    assert {"x-service-signature", "x-service-signature-v2", "webhook-id", "webhook-signature"} <= plain.keys()
    signed_at = int(plain["x-service-timestamp"])
    assert plain["webhook-timestamp"] == plain["x-service-timestamp"]
    assert plain["webhook-id"] == plain["x-service-delivery"]

    changed = body.replace(b'"complete"', b'"failed"')
    stranger = "whsec_c29tZW9uZSBlbHNlJ3Mgc2VjcmV0LCAzMiBieXRlcyE="
    for scheme in SCHEMES:
        options: dict[str, Any] = {"scheme": scheme, "allow_replayable_body_only_signature": scheme == "body_only"}
        assert verify_webhook(body, plain, secret, **options) == json.loads(body)
        assert outcome(body.decode("utf-8"), list(plain.items()), [stranger, secret], **options) == "accepted"
        assert outcome(changed, headers, secret, **options) == "signature_mismatch"
        assert outcome(body, headers, stranger, **options) == "signature_mismatch"
    for scheme in ("v2", "standard_webhooks"):
        assert outcome(body, headers, secret, scheme=scheme, now=signed_at + 299) == "accepted"
        assert outcome(body, headers, secret, scheme=scheme, now=signed_at + 301) == "timestamp_out_of_tolerance"
    assert outcome(body, {"content-type": "application/json"}, secret) == "missing_signature"
    # The delivery log has it, delivered (recorded once the receiver's answer is back, so a moment after it got the
    # request); a redelivery is one more attempt, signed afresh.
    def recorded_delivered(rows: list[WebhookDelivery]) -> bool:
        return len(rows) == 1 and rows[0]["status"] == "delivered"

    [logged] = wait_for(lambda: mapr.webhooks.deliveries(job_id=job_id), recorded_delivered)
    assert logged["id"] == plain["x-service-delivery"]
    again = mapr.webhooks.redeliver(logged["id"])
    assert again["id"] == logged["id"]
    redelivered = wait_for(lambda: receiver.on("/python/genuine"), lambda received: len(received) == 2)[1]
    assert redelivered.body == body  # the same bytes, signed again
    assert verify_webhook(redelivered.body, redelivered.headers, secret) == event

    # Without the V2 header the Standard Webhooks headers decide; a captured delivery replayed 30 days later with
    # both timestamped schemes stripped is refused unless the replayable body-only signature is asked for by name.
    without_v2 = {name: value for name, value in plain.items() if name != "x-service-signature-v2"}
    assert outcome(body, without_v2, secret, now=signed_at + 301) == "timestamp_out_of_tolerance"
    assert outcome(body, without_v2, secret, now=signed_at) == "accepted"
    body_only = {name: value for name, value in without_v2.items() if not name.startswith("webhook-")}
    thirty_days_later = signed_at + 30 * 86_400
    assert outcome(body, body_only, secret, now=thirty_days_later) == "missing_signature"
    opted_in = {"now": thirty_days_later, "allow_replayable_body_only_signature": True}
    assert outcome(body, body_only, secret, **opted_in) == "accepted"
    assert outcome(body + b" ", body_only, secret, allow_replayable_body_only_signature=True) == "signature_mismatch"


def test_deliveries_during_a_secret_rotation_verify_with_the_old_secret_or_the_new_one(
    receiver: WebhookReceiver,
) -> None:
    account = new_account()
    session = account.session()
    previous = session.webhooks.secret()["secret"]
    current = session.webhooks.rotate_secret()["secret"]
    assert current != previous
    _, delivery = delivered_to(account.client(), receiver, "/python/rotation")
    for scheme in ("v2", "standard_webhooks"):
        secrets: list[str | list[str]] = [previous, current, [previous, current]]
        for secret in secrets:
            assert outcome(delivery.body, delivery.headers, secret, scheme=scheme) == "accepted", (scheme, secret)
    # X-Service-Signature is signed with the current secret only.
    body_only = {"scheme": "body_only", "allow_replayable_body_only_signature": True}
    assert outcome(delivery.body, delivery.headers, current, **body_only) == "accepted"
    assert outcome(delivery.body, delivery.headers, previous, **body_only) == "signature_mismatch"


def test_the_event_stream_starts_now_and_yields_each_new_event_signed_with_the_listen_secret() -> None:
    account = new_account()
    mapr = account.client()
    earlier = mapr.renders.create(render_body())["job_id"]
    mapr.renders.wait(earlier, interval=0.1)

    def recorded(page: EventPage) -> bool:
        return len(page["data"]) == 1

    wait_for(mapr.events.list, recorded)

    # The stream's own client, whose requests the test sees: the new render is made once the stream has found
    # where "now" is and asks for what comes after it (its long poll).
    recorder = Recorder()
    streamer = account.client(send=recorder)
    seen: list[AccountEvent] = []

    def stream() -> None:
        for event in streamer.events.stream():
            seen.append(event)
            return

    thread = threading.Thread(target=stream, daemon=True)
    thread.start()
    wait_for(lambda: [path for path in recorder.sent if path.startswith("/v1/events?after=")], bool)
    later = mapr.renders.create(render_body())["job_id"]
    thread.join(timeout=30)
    assert [event["job_id"] for event in seen] == [later]

    event = seen[0]
    listen_secret = mapr.events.listen_secret()
    webhook_secret = account.session().webhooks.secret()["secret"]
    assert event["signed_with"] == "listen_secret"
    for scheme in SCHEMES:
        options: dict[str, Any] = {"scheme": scheme, "allow_replayable_body_only_signature": scheme == "body_only"}
        assert verify_webhook(event["body"], event["headers"], listen_secret, **options) == event["payload"]
        assert outcome(event["body"], event["headers"], webhook_secret, **options) == "signature_mismatch"


"""The retry rules of the transport, with a scripted sender (the service's side is in tests/service)."""

from __future__ import annotations

import json

import pytest

from mapr import MaprConnectionError, MaprError, Mapr, Request, Response, RetryPolicy
from mapr.transport import RetryingTransport


class Script:
    """Answers requests from a list: a Response, or an exception to raise."""

    def __init__(self, *answers: Response | Exception) -> None:
        self.answers = list(answers)
        self.requests: list[Request] = []

    def __call__(self, request: Request, timeout: float) -> Response:
        self.requests.append(request)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


def error(status: int, code: str, **headers: str) -> Response:
    body = {"error": "x", "error_code": code, "message": "m", "request_id": "req_1"}
    return Response(status, "", {k.replace("_", "-").lower(): v for k, v in headers.items()}, json.dumps(body).encode())


OK = Response(200, "OK", {}, b'{"renders_used": 1}')


def transport(script: Script, slept: list[float], **policy: float) -> RetryingTransport:
    return RetryingTransport(script, RetryPolicy(**policy), 5.0, sleep=slept.append)  # type: ignore[arg-type]


def test_a_429_is_waited_out_for_retry_after_seconds() -> None:
    slept: list[float] = []
    script = Script(error(429, "RATE_LIMIT_EXCEEDED", Retry_After="3"), OK)
    assert transport(script, slept).send(Request("GET", "http://x/v1/usage")).status == 200
    assert slept == [3]


def test_a_retry_after_longer_than_the_policy_allows_is_handed_over() -> None:
    slept: list[float] = []
    script = Script(error(429, "RATE_LIMIT_EXCEEDED", Retry_After="61"))
    assert transport(script, slept).send(Request("GET", "http://x/v1/usage")).status == 429
    assert slept == []


def test_a_spent_quota_and_a_validation_error_are_never_retried() -> None:
    for answer in (error(429, "RENDER_LIMIT_EXCEEDED", Retry_After="1"), error(400, "VALIDATION_ERROR")):
        slept: list[float] = []
        script = Script(answer)
        assert transport(script, slept).send(Request("GET", "http://x/v1/usage")).status == answer.status
        assert len(script.requests) == 1


def test_5xx_and_lost_connections_are_retried_with_backoff_then_given_up() -> None:
    slept: list[float] = []
    script = Script(error(503, "SERVICE_UNAVAILABLE"), ConnectionResetError("reset"), ConnectionResetError("reset"))
    with pytest.raises(MaprConnectionError, match="failed: reset"):
        transport(script, slept, initial_delay=1.0).send(Request("GET", "http://x/v1/usage"))
    assert len(script.requests) == 3
    assert 0.5 <= slept[0] <= 1.0 and 1.0 <= slept[1] <= 2.0


def test_a_post_is_retried_only_with_an_idempotency_key() -> None:
    slept: list[float] = []
    without = Script(ConnectionResetError("reset"))
    with pytest.raises(MaprConnectionError):
        transport(without, slept).send(Request("POST", "http://x/v1/templates", {}, b"{}"))
    assert len(without.requests) == 1
    keyed = Script(ConnectionResetError("reset"), OK)
    request = Request("POST", "http://x/v1/render", {"Idempotency-Key": "k"}, b"{}")
    assert transport(keyed, slept).send(request).status == 200
    assert len(keyed.requests) == 2


def test_create_sends_a_fresh_idempotency_key_and_the_same_one_on_its_retry() -> None:
    accepted = Response(202, "Accepted", {"idempotent-replayed": "true"}, b'{"job_id": "job_1", "status": "queued"}')
    script = Script(TimeoutError("timed out"), accepted)
    mapr = Mapr("mapr_test_x", base_url="http://x", send=script, retry=RetryPolicy(initial_delay=0.001))
    created = mapr.renders.create_with_details({"waypoints": [], "duration": 3})
    assert created.replayed is True and created.render["job_id"] == "job_1"
    keys = [request.header("Idempotency-Key") for request in script.requests]
    assert keys[0] is not None and len(keys[0]) == 36 and keys[0] == keys[1]
    assert script.requests[0].header("Authorization") == "Bearer mapr_test_x"
    script.answers.append(accepted)
    mapr.renders.create({"waypoints": [], "duration": 3})
    assert script.requests[2].header("Idempotency-Key") not in (None, keys[0])


def test_an_answer_that_is_not_the_services_json_is_still_a_typed_error() -> None:
    page = Response(502, "Bad Gateway", {"x-request-id": "req_proxy"}, b"<html>bad gateway</html>")
    mapr = Mapr("k", base_url="http://x", send=Script(page), retry=RetryPolicy(max_retries=0))
    with pytest.raises(MaprError) as raised:
        mapr.usage.get()
    error = raised.value
    assert (error.status, error.error_code, error.request_id) == (502, "INTERNAL_ERROR", "req_proxy")
    assert "bad gateway" in raised.value.message

"""The Python SDK against the running service: the cases of the TypeScript SDK's test/sdk.e2e-spec.ts."""

from __future__ import annotations

import time
from datetime import datetime
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from mapr import MaprConnectionError, MaprError, Mapr, RenderFailedError, RetryPolicy
from mapr.types import LogInRequest
from support import BASE_URL, VIDEO_FIXTURE, Recorder, fast_retries, new_account, render_body


def test_creates_a_render_waits_with_progress_and_downloads_the_video(tmp_path: Path) -> None:
    mapr = new_account().client()
    accepted = mapr.renders.create(render_body())
    assert accepted["job_id"].startswith("job_") and accepted["status"] == "queued"

    seen: list[tuple[str, float]] = []
    render = mapr.renders.wait(
        accepted["job_id"], interval=0.1, on_progress=lambda r: seen.append((r["status"], r["progress"]))
    )
    assert render["job_id"] == accepted["job_id"] and render["status"] == "complete" and render["progress"] == 1
    assert render["video_url"] == f"{BASE_URL}/cdn/renders/{accepted['job_id']}.mp4"
    assert seen[-1] == ("complete", 1)
    # Progress only moves forward, and each call reports a change.
    assert all(later[1] >= earlier[1] for earlier, later in zip(seen, seen[1:]))
    assert len(set(seen)) == len(seen)

    fixture = Path(VIDEO_FIXTURE).read_bytes()
    assert mapr.renders.download(render) == fixture
    saved = mapr.renders.download_to(render, tmp_path / "video.mp4")
    assert saved.read_bytes() == fixture
    assert sorted(p.name for p in tmp_path.iterdir()) == ["video.mp4"]


def test_wait_on_a_free_tier_rate_nearly_spent_sees_the_end_at_once_with_held_reads() -> None:
    recorder = Recorder()
    mapr = new_account(requests_per_minute=10).client(send=recorder)
    # A render of about 4.5 s here (300 frames at 15 ms), and the window nearly spent, as after a quick start's calls.
    job_id = mapr.renders.create(render_body(duration=10))["job_id"]
    for _ in range(7):
        mapr.renders.get(job_id)
    render = mapr.renders.wait(job_id)
    resolved_at = time.time()
    assert render["status"] == "complete"
    # The answer came as the job completed, not after the rate window's reset (up to a minute on).
    completed_at = datetime.fromisoformat(render["completed_at"].replace("Z", "+00:00")).timestamp()
    assert resolved_at - completed_at < 10
    held = [seen for seen in recorder.seen if seen.path.startswith(f"/v1/render/{job_id}?wait=")]
    assert 1 <= len(held) <= 2
    assert [seen for seen in recorder.seen if seen.status == 429] == []


def test_wait_raises_render_failed_error_carrying_the_job_when_the_render_is_cancelled() -> None:
    mapr = new_account().client()
    job_id = mapr.renders.create(render_body(duration=10))["job_id"]
    with ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(mapr.renders.wait, job_id, interval=0.1)
        mapr.renders.cancel(job_id)
        with pytest.raises(RenderFailedError) as raised:
            waiting.result(timeout=30)
    assert raised.value.status == "cancelled" and raised.value.error_code is None
    assert raised.value.job["job_id"] == job_id and raised.value.job["status"] == "cancelled"


def test_creates_a_batch_and_waits_until_none_of_its_jobs_is_queued_or_processing() -> None:
    recorder = Recorder()
    mapr = new_account().client(send=recorder)
    accepted = mapr.batches.create({"jobs": [render_body(), render_body(transport="ship")]})
    assert accepted["total"] == 2
    counts: list[str] = []
    batch = mapr.batches.wait(
        accepted["batch_id"], interval=0.1, on_progress=lambda b: counts.append(f"{b['completed']}/{b['total']}")
    )
    counted = (batch["status"], batch["completed"], batch["failed"], batch["queued"], batch["processing"])
    assert counted == ("complete", 2, 0, 0, 0)
    assert [job["status"] for job in batch["jobs"]] == ["complete", "complete"]
    assert counts[-1] == "2/2"
    # Held reads, progress reported or not: the first read answers at once, the others wait for a job to start or end
    # (two jobs: four changes at most), where reads every 0.1 s growing to 5 s would have been many more.
    reads = [seen.path for seen in recorder.seen if seen.path.startswith(f"/v1/batch/{accepted['batch_id']}")]
    assert reads[0] == f"/v1/batch/{accepted['batch_id']}"
    assert all(path.endswith("?wait=25") for path in reads[1:])
    assert len(reads) <= 6
    assert [summary["batch_id"] for summary in mapr.batches.list()] == [accepted["batch_id"]]


def test_lists_every_render_across_pages_newest_first_reading_pages_as_the_loop_asks() -> None:
    recorder = Recorder()
    mapr = new_account().client(send=recorder)
    created = [mapr.renders.create(render_body())["job_id"] for _ in range(5)]

    assert [render["job_id"] for render in mapr.renders.list(limit=2)] == list(reversed(created))
    page_reads = [seen for seen in recorder.seen if seen.method == "GET" and seen.path.startswith("/v1/renders")]
    assert len(page_reads) == 3  # 2 + 2 + 1
    assert "cursor=" in page_reads[1].path

    # Breaking out of the loop stops reading pages.
    before = len(recorder.seen)
    for render in mapr.renders.list(limit=2):
        assert render["job_id"] == created[4]
        break
    assert len(recorder.seen) - before == 1


def test_retries_a_create_whose_answer_was_lost_with_the_same_idempotency_key() -> None:
    recorder = Recorder(drop_answer_of=lambda request: request.method == "POST" and request.url.endswith("/v1/render"))
    mapr = new_account().client(send=recorder, retry=fast_retries())
    before = mapr.usage.get()

    render, replayed = mapr.renders.create_with_details(render_body())
    assert replayed is True
    posts = [seen for seen in recorder.seen if seen.method == "POST"]
    assert [post.status for post in posts] == ["dropped", 202]
    assert posts[0].idempotency_key is not None and len(posts[0].idempotency_key) == 36
    assert posts[1].idempotency_key == posts[0].idempotency_key

    # One job, one render spent.
    assert [job["job_id"] for job in mapr.renders.list()] == [render["job_id"]]
    assert mapr.usage.get()["renders_used"] == before["renders_used"] + 1


def test_never_retries_a_post_without_an_idempotency_key_after_a_lost_answer() -> None:
    recorder = Recorder(
        drop_answer_of=lambda request: request.method == "POST" and request.url.endswith("/v1/templates")
    )
    mapr = new_account().client(send=recorder, retry=fast_retries())
    with pytest.raises(MaprConnectionError):
        mapr.templates.create({"name": "Brand", "settings": {"transport": "ship"}})
    assert len([seen for seen in recorder.seen if seen.method == "POST"]) == 1
    # The service did create it: the caller learns so by listing, not by a duplicate.
    assert len([template for template in mapr.templates.list() if template["name"] == "Brand"]) == 1


def test_waits_out_a_429_for_as_long_as_retry_after_says_then_succeeds() -> None:
    recorder = Recorder()
    account = new_account(requests_per_minute=2)
    mapr = account.client(send=recorder)
    mapr.usage.get()
    mapr.usage.get()
    # A window that ends in 2.5 s instead of a minute, so the test does not wait a minute.
    account.end_rate_window_in(2500)

    started = time.monotonic()
    usage = mapr.usage.get()
    assert usage["renders_limit"] > 0
    assert [seen.status for seen in recorder.seen[-2:]] == [429, 200]
    assert time.monotonic() - started >= 2.0


def test_hands_over_a_429_whose_retry_after_is_longer_than_it_will_wait_as_a_typed_error() -> None:
    mapr = new_account(requests_per_minute=1).client(retry=RetryPolicy(max_retry_after_seconds=5))
    mapr.usage.get()
    with pytest.raises(MaprError) as raised:
        mapr.usage.get()
    error = raised.value
    assert (error.status, error.error_code) == (429, "RATE_LIMIT_EXCEEDED")
    assert error.request_id is not None and error.request_id.startswith("req_")
    assert error.retry_after_seconds is not None and 5 < error.retry_after_seconds <= 60
    assert error.body["error_code"] == "RATE_LIMIT_EXCEEDED"


def test_reports_validation_errors_with_every_issue_and_never_retries_them() -> None:
    recorder = Recorder()
    mapr = new_account().client(send=recorder)
    with pytest.raises(MaprError) as raised:
        mapr.renders.create({"waypoints": [{"lat": 95, "lng": 0}, {"lat": 0, "lng": 0}], "duration": 3})
    error = raised.value
    assert (error.status, error.error_code) == (400, "VALIDATION_ERROR")
    assert "waypoints[0].lat" in [issue["field"] for issue in error.issues]
    assert error.request_id is not None and error.request_id.startswith("req_")
    assert len([seen for seen in recorder.seen if seen.method == "POST"]) == 1

    with pytest.raises(MaprError) as missing:
        mapr.renders.get("job_doesnotexist000000000000")
    assert (missing.value.status, missing.value.error_code) == (404, "NOT_FOUND")


def test_logs_in_searches_places_without_credentials_and_keeps_templates() -> None:
    account = new_account()
    anonymous = Recorder()
    credentials: LogInRequest = {"email": account.email, "password": account.password}
    logged_in = Mapr(base_url=BASE_URL, send=anonymous).auth.log_in(credentials)
    session = Mapr(logged_in["accessToken"], base_url=BASE_URL)
    assert session.account.get()["email"] == account.email
    # Verified already: nothing to resend, a typed 4xx (not retried).
    with pytest.raises(MaprError) as raised:
        session.auth.resend_verification()
    assert raised.value.status == 409 and raised.value.error_code == "EMAIL_ALREADY_VERIFIED"

    places = Mapr(base_url=BASE_URL, send=anonymous).catalog.places("san", limit=3)
    assert len(places) == 3 and all("san" in place["name"].lower() for place in places)
    assert places[0]["display_name"] == f"{places[0]['name']}, {places[0]['admin1']}, {places[0]['country_name']}"
    assert [(seen.method, seen.path, seen.status) for seen in anonymous.seen[-1:]] == [
        ("GET", "/v1/places?q=san&limit=3", 200)
    ]

    mapr = account.client()
    template = mapr.templates.create({"name": "Brand", "settings": {"transport": "ship", "duration": 5}})
    assert mapr.templates.get(template["id"])["settings"]["transport"] == "ship"
    renamed = mapr.templates.update(template["id"], {"name": "Brand 2"})
    assert renamed["name"] == "Brand 2"
    job = mapr.renders.create({"template_id": template["id"], "waypoints": render_body()["waypoints"]})
    assert mapr.renders.get(job["job_id"])["request"]["transport"] == "ship"
    mapr.templates.delete(template["id"])
    with pytest.raises(MaprError) as gone:
        mapr.templates.get(template["id"])
    assert gone.value.error_code == "NOT_FOUND"


def test_previews_reads_the_planned_route_and_lists_keys() -> None:
    account = new_account()
    mapr = account.client()
    preview = mapr.renders.preview(render_body())
    assert preview["render_allowed"] is True and preview["render_refusals"] == []
    assert preview["composition"]["fps"] * 3 == preview["composition"]["duration_in_frames"]
    job = mapr.renders.create(render_body())
    render = mapr.renders.wait(job["job_id"], interval=0.1)
    route = mapr.renders.route(render["job_id"])
    assert route["type"] == "FeatureCollection" and len(route["features"]) == 1
    assert route["features"][0]["geometry"]["type"] == "LineString"
    keys = account.session().api_keys.list()
    assert sorted(key["mode"] for key in keys) == ["live", "test"]
    assert account.live_key.endswith(next(key["last4"] for key in keys if key["mode"] == "live"))


def test_an_unknown_key_is_a_typed_401() -> None:
    with pytest.raises(MaprError) as raised:
        Mapr("mapr_live_" + "x" * 32, base_url=BASE_URL).account.get()
    assert (raised.value.status, raised.value.error_code) == (401, "INVALID_API_KEY")


def test_answers_a_connection_error_when_nothing_listens_after_its_retries() -> None:
    mapr = Mapr("mapr_live_x", base_url="http://127.0.0.1:9", retry=RetryPolicy(max_retries=1, initial_delay=0.01))
    with pytest.raises(MaprConnectionError, match="GET http://127.0.0.1:9/v1/usage failed") as raised:
        mapr.usage.get()
    assert raised.value.timed_out is False

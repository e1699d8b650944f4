"""``python -m mapr`` against the running service, as a user runs it: a child process with the key in its
environment."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from support import BASE_URL, VIDEO_FIXTURE, new_account, render_body

PACKAGE = Path(__file__).resolve().parents[2]


def run_mapr(*arguments: str, key: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    environment = {
        **os.environ,
        "MAPR_API_KEY": key,
        "MAPR_BASE_URL": BASE_URL,
        "PYTHONPATH": str(PACKAGE),
        # No config file of the machine's user.
        "MAPR_CONFIG_FILE": str(cwd / "no-config.json"),
    }
    return subprocess.run(
        [sys.executable, "-m", "mapr", *arguments],
        capture_output=True,
        text=True,
        env=environment,
        cwd=cwd,
        timeout=120,
    )


def test_render_wait_out_queues_waits_and_saves_the_video(tmp_path: Path) -> None:
    account = new_account()
    (tmp_path / "trip.json").write_text(json.dumps(render_body()), encoding="utf-8")

    result = run_mapr("render", "trip.json", "--wait", "--out", "trip.mp4", key=account.live_key, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "trip.mp4").read_bytes() == Path(VIDEO_FIXTURE).read_bytes()
    assert not (tmp_path / "trip.mp4.part").exists()
    job_id = result.stderr.split("Queued ", 1)[1].split(" ", 1)[0]
    assert result.stdout.splitlines()[0] == f"Complete: {BASE_URL}/cdn/renders/{job_id}.mp4"
    assert "complete 100%" in result.stderr  # one line per status change when stderr is not a terminal
    assert "Saved trip.mp4" in result.stdout

    # --json: the completed job on stdout, with where it was saved.
    result = run_mapr("render", "trip.json", "--out", "again.mp4", "--json", key=account.live_key, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    assert printed["status"] == "complete" and printed["saved_to"] == "again.mp4"
    assert (tmp_path / "again.mp4").read_bytes() == Path(VIDEO_FIXTURE).read_bytes()

    listed = run_mapr("renders", "list", "--json", key=account.live_key, cwd=tmp_path)
    assert [render["job_id"] for render in json.loads(listed.stdout)] == [printed["job_id"], job_id]


def test_render_without_wait_answers_the_queued_job(tmp_path: Path) -> None:
    account = new_account()
    (tmp_path / "trip.json").write_text(json.dumps(render_body()), encoding="utf-8")
    arguments = ("--json", "render", "trip.json", "--idempotency-key", "python-cli-1")
    result = run_mapr(*arguments, key=account.live_key, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    queued = json.loads(result.stdout)
    assert queued["status"] == "queued"
    again = run_mapr(*arguments, key=account.live_key, cwd=tmp_path)
    assert json.loads(again.stdout)["job_id"] == queued["job_id"]


def test_refusals_and_failures_have_their_exit_codes(tmp_path: Path) -> None:
    account = new_account()
    (tmp_path / "bad.json").write_text(json.dumps(render_body(waypoints=[{"lat": 95, "lng": 0}])), encoding="utf-8")
    refused = run_mapr("render", "bad.json", "--wait", key=account.live_key, cwd=tmp_path)
    assert refused.returncode == 3
    assert "VALIDATION_ERROR (HTTP 400)" in refused.stderr and "request id: req_" in refused.stderr

    (tmp_path / "ok.json").write_text(json.dumps(render_body()), encoding="utf-8")
    unknown_key = run_mapr("--json", "render", "ok.json", key="mapr_live_" + "x" * 32, cwd=tmp_path)
    assert unknown_key.returncode == 3
    assert json.loads(unknown_key.stderr)["error"]["error_code"] == "INVALID_API_KEY"

    assert run_mapr("render", "missing.json", key=account.live_key, cwd=tmp_path).returncode == 2
    nothing_listens = run_mapr("usage", "--base-url", "http://127.0.0.1:9", key=account.live_key, cwd=tmp_path)
    assert nothing_listens.returncode == 5, nothing_listens.stderr

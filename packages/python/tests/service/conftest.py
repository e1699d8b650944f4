"""The service tests need the service: test/python-sdk.e2e-spec.ts boots it and runs pytest with its address.
Run alone (``python3 -m pytest tests``), they are skipped and the unit tests run; in the test command a skip fails."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from support import BASE_URL, CONTROL_URL, VIDEO_FIXTURE, WebhookReceiver

collect_ignore_glob = [] if BASE_URL and CONTROL_URL and VIDEO_FIXTURE else ["test_*.py"]


def pytest_report_header() -> str:
    if BASE_URL:
        return f"mapr service: {BASE_URL}"
    return "no mapr service (MAPR_TEST_BASE_URL): tests/service skipped; npx jest test/python-sdk.e2e-spec.ts runs them"


@pytest.fixture(scope="session")
def receiver() -> Iterator[WebhookReceiver]:
    started = WebhookReceiver()
    yield started
    started.close()

"""The Python examples of the READMEs, run as written against the service (only the service's address and the key
are this test's)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from support import BASE_URL, VIDEO_FIXTURE, new_account

REPOSITORY = Path(__file__).resolve().parents[4]


def first_python_block(readme: Path) -> str:
    match = re.search(r"```python\n(.*?)```", readme.read_text(encoding="utf-8"), re.S)
    assert match is not None, f"no python block in {readme}"
    return match.group(1)


@pytest.mark.parametrize(
    ("readme", "address"),
    [("packages/python/README.md", "https://mapr.example.com"), ("README.md", "http://localhost:3000")],
)
def test_the_readme_example_renders_and_saves_the_video(
    readme: str, address: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code = first_python_block(REPOSITORY / readme)
    assert f'base_url="{address}"' in code
    monkeypatch.setenv("MAPR_API_KEY", new_account().live_key)
    monkeypatch.chdir(tmp_path)
    exec(compile(code.replace(address, BASE_URL), readme, "exec"), {})
    assert (tmp_path / "lisbon-new-york.mp4").read_bytes() == Path(VIDEO_FIXTURE).read_bytes()
    assert capsys.readouterr().out.splitlines()[-1] == "complete 1"

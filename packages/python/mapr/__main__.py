"""``python -m mapr``: render map animation videos from the command line, on the Python SDK.

    python -m mapr render trip.json --wait --out trip.mp4
    python -m mapr renders list --status complete
    python -m mapr usage

Credentials: --api-key, else MAPR_API_KEY, else the key saved by the ``mapr`` command's ``mapr login``.
Service address: --base-url, else MAPR_BASE_URL, else the saved one, else http://localhost:3000.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

from .client import DEFAULT_BASE_URL, Mapr
from .errors import MaprConnectionError, MaprError, RenderFailedError
from .types import RENDER_STATUSES, Render

EXIT_OK = 0
EXIT_UNEXPECTED = 1
#: The command line or an input file is wrong (nothing was sent).
EXIT_USAGE = 2
#: The API refused the request (the error code and request id are printed).
EXIT_API = 3
#: The render failed or was cancelled (with --wait or --out).
EXIT_RENDER_FAILED = 4
#: The service could not be reached.
EXIT_CONNECTION = 5

EPILOG = """\
examples:
  python -m mapr render examples/requests/flight.json --wait --out flight.mp4
  python -m mapr render trip.json --template tpl_... --json
  python -m mapr renders list --status complete

exit codes:
  0  success
  2  usage error: bad options or an unreadable request file (nothing was sent)
  3  the API refused the request (the error code and request id are printed)
  4  the render failed or was cancelled (with --wait or --out)
  5  the service could not be reached
  1  anything else

Credentials: --api-key, else MAPR_API_KEY, else the key saved by `mapr login`.
Service address: --base-url, else MAPR_BASE_URL, else the saved one, else http://localhost:3000."""


class UsageError(Exception):
    """A mistake in how the command was called, reported before anything is sent."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def config_file() -> Path:
    """Where ``mapr login`` (the Node CLI) keeps its key: the same file, so one login serves both."""
    if os.environ.get("MAPR_CONFIG_FILE"):
        return Path(os.environ["MAPR_CONFIG_FILE"])
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming") / "mapr" / "config.json"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "mapr" / "config.json"
    return Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "mapr" / "config.json"


def client_from(arguments: argparse.Namespace) -> Mapr:
    try:
        stored = json.loads(config_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        stored = {}
    if not isinstance(stored, dict):
        stored = {}
    base_url = arguments.base_url or os.environ.get("MAPR_BASE_URL") or stored.get("base_url") or DEFAULT_BASE_URL
    api_key = arguments.api_key or os.environ.get("MAPR_API_KEY") or stored.get("api_key")
    if not api_key:
        raise UsageError("No API key: run `mapr login`, set MAPR_API_KEY, or pass --api-key.")
    return Mapr(api_key, base_url=base_url)


def read_json_file(name: str) -> dict[str, Any]:
    try:
        text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError(f"Cannot read {name}: {error.strerror}") from error
    try:
        value = json.loads(text)
    except ValueError as error:
        raise UsageError(f"{name} is not JSON: {error}") from error
    if not isinstance(value, dict):
        raise UsageError(f"{name} must hold a JSON object (a request body)")
    return value


def emit(arguments: argparse.Namespace, value: object, lines: list[str]) -> None:
    """The JSON value on stdout with --json, otherwise the human lines."""
    if arguments.json:
        print(json.dumps(value, indent=2, ensure_ascii=False))
    else:
        print("\n".join(lines))


def percent(progress: float) -> str:
    return f"{round(progress * 100)}%"


def size(count: int | None) -> str:
    if count is None:
        return "?"
    for unit in ("B", "KB", "MB", "GB"):
        if count < 1024 or unit == "GB":
            return f"{count:.0f} {unit}" if unit == "B" else f"{count:.1f} {unit}"
        count /= 1024  # type: ignore[assignment]
    return f"{count} B"


def command_render(arguments: argparse.Namespace) -> None:
    body = read_json_file(arguments.file)
    if arguments.template:
        body["template_id"] = arguments.template
    mapr = client_from(arguments)
    accepted = mapr.renders.create(body, idempotency_key=arguments.idempotency_key)  # type: ignore[arg-type]
    queued = f"Queued {accepted['job_id']} (about {accepted['estimated_duration_seconds']} s)."
    if not arguments.wait and not arguments.out:
        emit(arguments, accepted, [queued, f"Follow it: python -m mapr renders get {accepted['job_id']}"])
        return
    if not arguments.json:
        print(queued, file=sys.stderr)
    render = wait_with_progress(mapr, accepted["job_id"], arguments)
    result: dict[str, Any] = dict(render)
    lines = [
        f"Complete: {render.get('video_url')}",
        f"  {render.get('duration_seconds')} s, {render.get('resolution')}, {size(render.get('file_size_bytes'))};"
        f" thumbnail {render.get('thumbnail_url')}",
    ]
    if arguments.out:
        mapr.renders.download_to(render, arguments.out)
        result["saved_to"] = arguments.out
        lines.append(f"Saved {arguments.out}")
    emit(arguments, result, lines)


def wait_with_progress(mapr: Mapr, job_id: str, arguments: argparse.Namespace) -> Render:
    """A progress line redrawn on a terminal, one line per status change otherwise (silent with --json)."""
    interactive = sys.stderr.isatty() and not arguments.json
    last_status = ""

    def progress(render: Render) -> None:
        nonlocal last_status
        if arguments.json:
            return
        if interactive:
            filled = round(render["progress"] * 30)
            bar = "#" * filled + "-" * (30 - filled)
            sys.stderr.write(f"\r [{bar}] {percent(render['progress']):>4} | {render['status']:<10}")
            sys.stderr.flush()
        elif render["status"] != last_status:
            print(f"{render['status']} {percent(render['progress'])}", file=sys.stderr, flush=True)
        last_status = render["status"]

    try:
        return mapr.renders.wait(job_id, on_progress=progress)
    finally:
        if interactive:
            sys.stderr.write("\n")


def describe(render: Render) -> list[str]:
    lines = [
        f"{render['job_id']}: {render['status']} {percent(render['progress'])}",
        f"  created {render['created_at']}",
    ]
    if render.get("video_url"):
        lines.append(
            f"  video {render.get('video_url')} ({render.get('duration_seconds')} s, {render.get('resolution')},"
            f" {size(render.get('file_size_bytes'))})"
        )
    if render.get("thumbnail_url"):
        lines.append(f"  thumbnail {render.get('thumbnail_url')}")
    if render.get("error"):
        lines.append(f"  {render.get('error')}: {render.get('message')}")
    return lines


def command_renders_list(arguments: argparse.Namespace) -> None:
    mapr = client_from(arguments)
    found: list[Render] = []
    for render in mapr.renders.list(status=arguments.status, limit=min(100, arguments.limit)):
        found.append(render)
        if not arguments.all and len(found) >= arguments.limit:
            break
    rows = [
        f"{r['job_id']}  {r['status']:<10} {percent(r['progress']):>4}  {r['created_at']}"
        f"  {r.get('video_url') or r.get('error') or ''}"
        for r in found
    ]
    emit(arguments, found, rows or ["No renders."])


def command_renders_get(arguments: argparse.Namespace) -> None:
    render = client_from(arguments).renders.get(arguments.job_id)
    emit(arguments, render, describe(render))


def command_renders_cancel(arguments: argparse.Namespace) -> None:
    render = client_from(arguments).renders.cancel(arguments.job_id)
    emit(arguments, render, [f"Cancelled {render['job_id']}."])


def command_usage(arguments: argparse.Namespace) -> None:
    usage = client_from(arguments).usage.get()
    emit(arguments, usage, [f"{key}: {value}" for key, value in usage.items()])


def whole_number(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return int(text)


def global_options(parser: _Parser, default: Any) -> _Parser:
    parser.add_argument("--api-key", default=default, help="API key or access token for this run")
    parser.add_argument("--base-url", default=default, help="the service address for this run")
    json_default = False if default is None else default
    parser.add_argument(
        "--json",
        action="store_true",
        default=json_default,
        help="print machine-readable JSON (errors on stderr as JSON too)",
    )
    return parser


def build_parser() -> argparse.ArgumentParser:
    top = global_options(_Parser(add_help=False), None)
    # The same options after the command's name; not given there, they leave the value given before it.
    common = global_options(_Parser(add_help=False), argparse.SUPPRESS)
    parser = _Parser(
        prog="python -m mapr",
        description="Render map animation videos with mapr from the command line.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        parents=[top],
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    render = commands.add_parser(
        "render", parents=[common], help="queue a render from a JSON request body; optionally wait and download it"
    )
    render.add_argument("file", help="the request body, a JSON file (- reads stdin)")
    render.add_argument("--template", help="merge the request over this template (sets template_id)")
    render.add_argument("--wait", action="store_true", help="wait for the render to end, with its progress")
    render.add_argument("--out", help="download the video here when it is done (implies --wait)")
    render.add_argument("--idempotency-key", help="your own Idempotency-Key (one is made otherwise)")
    render.set_defaults(run=command_render)

    renders = commands.add_parser("renders", parents=[common], help="list, read and cancel renders")
    renders_commands = renders.add_subparsers(dest="renders_command", required=True, parser_class=_Parser)
    listing = renders_commands.add_parser("list", parents=[common], help="renders of the account, newest first")
    listing.add_argument("--status", choices=RENDER_STATUSES, help="only renders in this status")
    listing.add_argument("--limit", type=whole_number, default=20, help="at most this many (default 20)")
    listing.add_argument("--all", action="store_true", help="every render, across all pages")
    listing.set_defaults(run=command_renders_list)
    get = renders_commands.add_parser("get", parents=[common], help="one render: status, progress, and its video")
    get.add_argument("job_id")
    get.set_defaults(run=command_renders_get)
    cancel = renders_commands.add_parser("cancel", parents=[common], help="cancel a queued or processing render")
    cancel.add_argument("job_id")
    cancel.set_defaults(run=command_renders_cancel)

    usage = commands.add_parser("usage", parents=[common], help="renders used and left this month")
    usage.set_defaults(run=command_usage)
    return parser


def report(error: Exception, as_json: bool) -> int:
    """Prints the error on stderr (as JSON with --json) and answers the exit code it deserves."""
    body: dict[str, Any]
    if isinstance(error, UsageError):
        code, body, text = EXIT_USAGE, {"error_code": "USAGE", "message": str(error)}, str(error)
    elif isinstance(error, MaprError):
        issues = "".join(f"\n  - {i.get('field')}: {i.get('message')} ({i.get('code')})" for i in error.issues)
        retry = f" Retry in {error.retry_after_seconds} s." if error.retry_after_seconds is not None else ""
        hint = "\n  Log in with `mapr login`, or set MAPR_API_KEY." if error.status == 401 else ""
        code, body = EXIT_API, {"status": error.status, **error.body}
        text = (
            f"{error.error_code} (HTTP {error.status}): {error.message}{retry}{issues}{hint}"
            f"\n  request id: {error.request_id or 'none'}"
        )
    elif isinstance(error, RenderFailedError):
        code = EXIT_RENDER_FAILED
        body = {"error_code": error.error_code or "CANCELLED", "message": str(error), "job": error.job}
        text = str(error)
    elif isinstance(error, MaprConnectionError):
        code, body, text = EXIT_CONNECTION, {"error_code": "CONNECTION_FAILED", "message": str(error)}, str(error)
    else:
        code, body, text = EXIT_UNEXPECTED, {"error_code": "UNEXPECTED", "message": str(error)}, str(error)
    if as_json:
        print(json.dumps({"error": body}, indent=2, ensure_ascii=False), file=sys.stderr)
    else:
        print(f"mapr: {text}", file=sys.stderr)
    return code


def main(argv: list[str] | None = None) -> int:
    arguments = build_parser().parse_args(argv)
    try:
        arguments.run(arguments)
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # every failure becomes a message and an exit code
        return report(error, arguments.json)
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env bash
# Installs the Debian packages mapr needs, only when they are missing (safe to run again):
#   redis-server  – the embedded Redis when REDIS_URL is unset
#   chromium      – the browser Remotion renders frames in (Remotion cannot download its own here)
#   fonts-noto-core – label text in every script
#   python3         – Debian's interpreter, for the tested Python webhook receiver (examples/python-receiver)
# and with --tests, what only the test suite uses:
#   libfaketime     – moves the wall clock of the processes the fault suite starts (test/faults/clock.faults-spec.ts)
#   python3-pytest  – runs the Python SDK's tests (packages/python/tests, from test/python-sdk.e2e-spec.ts)
#   mypy            – type-checks the Python SDK against its generated types (scripts/test.sh)
#   tini            – the image's PID 1 (its ENTRYPOINT), run before the service as the image does (test/image)
set -euo pipefail

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ -x /usr/bin/chromium ] || command -v chromium >/dev/null 2>&1 || missing+=(chromium)
[ -d /usr/share/fonts/truetype/noto ] || missing+=(fonts-noto-core)
[ -x /usr/bin/python3 ] || missing+=(python3)
if [ "${1:-}" = "--tests" ]; then
  [ -f /usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1 ] || [ "$(uname -m)" != x86_64 ] || missing+=(libfaketime)
  /usr/bin/python3 -c 'import pytest' >/dev/null 2>&1 || missing+=(python3-pytest)
  [ -x /usr/bin/mypy ] || missing+=(mypy)
  [ -x /usr/bin/tini ] || missing+=(tini)
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing system packages: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "Please install as root: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

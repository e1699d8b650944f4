#!/usr/bin/env bash
# Installs the npm packages at the locked versions when node_modules is missing or older than the
# lock file. `npm install` rather than `npm ci`: some registries do not serve every other-platform
# optional package (e.g. Remotion's macOS compositors), which `npm ci` refuses to skip.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm install --no-audit --no-fund --no-save
fi

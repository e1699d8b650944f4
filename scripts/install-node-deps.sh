#!/usr/bin/env bash
# Installs the npm packages exactly as locked (`npm ci`) when node_modules is missing or older than
# the lock file. After changing dependencies: `npm install`, then `node scripts/complete-lockfile.js`
# (it records other platforms' optional packages so that `npm ci` accepts the lock everywhere).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

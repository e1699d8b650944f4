#!/usr/bin/env bash
# Installs the npm packages exactly as locked (`npm ci`) when node_modules is missing, older than the lock file,
# or built for another Node ABI (native addons such as better-sqlite3 load only in the Node they were built for).
# After changing dependencies: `npm install`, then `node scripts/complete-lockfile.js` (it records other
# platforms' optional packages so that `npm ci` accepts the lock everywhere).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-runtime.sh
abi_stamp=node_modules/.mapr-node-abi
abi=$(node -p 'process.versions.modules')
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] ||
  [ "$(cat "$abi_stamp" 2>/dev/null || true)" != "$abi" ]; then
  npm ci --no-audit --no-fund
  echo "$abi" >"$abi_stamp"
fi

#!/usr/bin/env bash
# Everything a fresh Debian machine with Node 20 needs: system packages, npm packages, the build
# (TypeScript and the Remotion bundle, built once and reused by every render).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-system-deps.sh
bash scripts/install-node-deps.sh
npm run build

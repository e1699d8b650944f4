#!/usr/bin/env bash
# Everything a fresh Debian machine needs: Node 24 (.nvmrc; fetched into .tools/ when the machine's node is another
# major), system packages, npm packages, the build (TypeScript and the Remotion bundle, built once and reused by every
# render).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-runtime.sh
bash scripts/install-system-deps.sh
bash scripts/install-node-deps.sh
npm run build

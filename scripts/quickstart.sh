#!/usr/bin/env bash
# One command: set up, then run API + worker on the embedded defaults (SQLite under ./data, a
# private redis-server, local storage served as the CDN, e-mails in ./data/outbox).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-runtime.sh
bash scripts/setup.sh
PORT="${PORT:-3000}"
cat <<MSG

  mapr is starting on http://localhost:${PORT}  (API docs: http://localhost:${PORT}/docs)

  Open http://localhost:${PORT}/ in a browser: sign up, compose, preview and render from the dashboard.

  Or with curl (README, "Render your first video"):
    1. Register:   curl -s localhost:${PORT}/v1/auth/register -H 'Content-Type: application/json' \\
                     -d '{"email":"you@example.com","password":"a long password","name":"You"}'
    2. Verify:     open the link printed in the log below (the e-mail is also in ${DATA_DIR:-./data}/outbox)
    3. Log in, create a key, POST /v1/render, then poll status_url until video_url appears.

  Or with the command line, once you have a key (dashboard → API keys, or step 3):
    npx mapr login --api-key mapr_live_… --base-url http://localhost:${PORT}
    npx mapr render examples/requests/flight.json --wait --out flight.mp4

MSG
exec node dist/src/main.js

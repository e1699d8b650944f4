#!/usr/bin/env bash
# The whole test suite: the SDK's generated types against the OpenAPI document, types (server, browser
# and package tsconfigs), lint and formatting, the dependency rules (who may call whom), the OpenAPI
# document's lint (Redocly's recommended rules, Spectral's oas rules), unit tests, the e2e suite against
# the machine's Postgres and Redis (the built SDK and CLI among them), the API e2e suites once more on
# the embedded SQLite default, the fault-injection suite (test/faults), and the dashboard in Debian's Chromium
# against the built service (Playwright; screenshots land in tmp/screenshots). Any finding fails it.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
# Prints where the run is and how long it has taken, so a slow stage shows in the log.
stage() { printf '\n==> [%dm%02ds] %s\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) "$1"; }

stage "Node, system and npm packages"
source scripts/node-runtime.sh
node --version
bash scripts/install-system-deps.sh --tests
bash scripts/install-node-deps.sh

REDIS_URL_FOR_TESTS="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
if ! node -e "const R=require('ioredis');const r=new R(process.argv[1],{lazyConnect:true,maxRetriesPerRequest:0,retryStrategy:()=>null});r.connect().then(()=>r.ping()).then(()=>process.exit(0),()=>process.exit(1))" "$REDIS_URL_FOR_TESTS"; then
  echo "No Redis at $REDIS_URL_FOR_TESTS: starting a throwaway redis-server on 6379 for the tests"
  redis-server --port 6379 --bind 127.0.0.1 --save '' --appendonly no --daemonize yes >/dev/null
fi
if ! node -e "const {Client}=require('pg');const c=new Client({connectionString:process.argv[1]});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"; then
  echo "The e2e suite needs Postgres at ${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test} (a database whose name contains 'test')." >&2
  exit 1
fi

stage "Remotion bundle"
npm run build:remotion
stage "SDK and CLI packages"
# The SDK's types must be those of the committed OpenAPI document (which src/openapi.spec.ts keeps
# current), and the e2e suite runs the built packages as their users get them.
npm run generate:check --workspace @mapr/sdk
npm run build:packages
stage "types, lint, dependency rules"
npm run typecheck
npm run lint
npm run lint:deps
stage "OpenAPI document (Redocly, Spectral)"
npm run lint:openapi
stage "unit tests"
npx jest --config jest.config.js --selectProjects unit remotion dashboard
# The fault suite (test/faults/README.md: its own database, a private redis-server it kills) runs in the background
# beside both e2e stages: it mostly waits (fake renders, outages of seconds), so there it costs little and its
# minutes leave the critical path. Its output is printed when it ends.
stage "fault injection (in the background)"
faults_log=$(mktemp)
npx jest --config jest.config.js --selectProjects faults --runInBand >"$faults_log" 2>&1 &
faults_pid=$!
stage "e2e on Postgres"
TEST_DATABASE=postgres npx jest --config jest.config.js --selectProjects e2e --runInBand
stage "API e2e on SQLite"
TEST_DATABASE=sqlite npx jest --config jest.config.js --selectProjects e2e --runInBand test/auth.e2e-spec.ts test/limits.e2e-spec.ts test/renders.e2e-spec.ts test/insert-together.e2e-spec.ts test/transactions.e2e-spec.ts test/http-edge.e2e-spec.ts test/rate-limit-edge.e2e-spec.ts test/templates.e2e-spec.ts test/render-modes.e2e-spec.ts test/events.e2e-spec.ts
stage "fault injection (result)"
faults_status=0
wait "$faults_pid" || faults_status=$?
cat "$faults_log"
rm -f "$faults_log"
if [ "$faults_status" -ne 0 ]; then
  echo "The fault suite failed (exit $faults_status)." >&2
  exit "$faults_status"
fi

# The dashboard, driven in a real browser against the built service (API + worker).
stage "dashboard in the browser"
npx nest build
npm run build:dashboard
npx playwright test -c test/browser/playwright.config.ts
stage "all passed"

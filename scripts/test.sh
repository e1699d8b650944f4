#!/usr/bin/env bash
# The whole test suite: the SDKs' generated types (TypeScript and Python) against the OpenAPI document, types (server, browser
# and package tsconfigs), lint and formatting, the dependency rules (who may call whom), the OpenAPI
# document's lint (Redocly's recommended rules, Spectral's oas rules), unit tests, the e2e suite against
# the machine's Postgres and Redis (the built SDK and CLI among them, and the Python SDK's pytest inside
# test/python-sdk.e2e-spec.ts; the files that only draw pictures run on SQLite beside it), the API e2e suites
# once more on the embedded SQLite default, the fault-injection suite (test/faults), the image's start command and
# health checks run as processes against the built service (test/image: no image is built), and the dashboard in
# Debian's Chromium
# against the built service (Playwright; screenshots land in tmp/screenshots). Any finding fails it.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
# A stage that fails ends the run: stop the streams still running in the background with it.
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
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
DATABASE_URL_FOR_TESTS="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if ! node -e "const {Client}=require('pg');const c=new Client({connectionString:process.argv[1]});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$DATABASE_URL_FOR_TESTS"; then
  echo "The e2e suite needs Postgres at $DATABASE_URL_FOR_TESTS (a database whose name contains 'test')." >&2
  exit 1
fi
# The e2e files on Postgres run in two streams, each on a database of its own (every run empties its database first): the
# second is the first's name with `_second`, created here when it is missing.
SECOND_DATABASE_URL_FOR_TESTS=$(node -e "const u=new URL(process.argv[1]);u.pathname+='_second';console.log(u.href)" "$DATABASE_URL_FOR_TESTS")
node -e "
const {Client}=require('pg');
const name=new URL(process.argv[2]).pathname.slice(1);
const c=new Client({connectionString:process.argv[1]});
c.connect()
  .then(()=>c.query('SELECT 1 FROM pg_database WHERE datname = \$1',[name]))
  .then((r)=>r.rowCount?undefined:c.query('CREATE DATABASE \"'+name.replace(/\"/g,'')+'\"'))
  .then(()=>c.end()).then(()=>process.exit(0),(e)=>{console.error(e.message);process.exit(1)})" "$DATABASE_URL_FOR_TESTS" "$SECOND_DATABASE_URL_FOR_TESTS"

stage "Remotion bundle"
npm run build:remotion
stage "SDK and CLI packages"
# The SDKs' types must be those of the committed OpenAPI document (which src/openapi.spec.ts keeps
# current), and the e2e suite runs the built packages as their users get them.
npm run generate:check --workspace @mapr/sdk
# The Python SDK's types likewise (packages/python/tools/generate_types.py, standard library only), and the SDK,
# its generator and its tests type-checked against them (Debian's mypy, --strict; packages/python/pyproject.toml).
/usr/bin/python3 -B packages/python/tools/generate_types.py --check
# The page's WebAssembly (remotion/in-page/yuv-wasm.ts) must be what remotion/in-page/yuv.wat compiles to.
npm run generate:yuv -- --check
(cd packages/python && /usr/bin/mypy)
npm run build:packages
stage "types, lint, dependency rules"
# Type checking and lint each keep one core busy: side by side they take the time of the longer.
lint_log=$(mktemp)
npm run lint >"$lint_log" 2>&1 &
lint_pid=$!
npm run typecheck
lint_status=0
wait "$lint_pid" || lint_status=$?
cat "$lint_log"
rm -f "$lint_log"
[ "$lint_status" -eq 0 ] || exit "$lint_status"
npm run lint:deps
stage "OpenAPI document (Redocly, Spectral)"
npm run lint:openapi
stage "unit tests"
# Both cores (Jest's default leaves one to itself).
npx jest --config jest.config.js --selectProjects unit remotion dashboard --maxWorkers=2
# Three streams run side by side, because most e2e files wait more than they compute: the fault suite
# (test/faults/README.md: its own database, a private redis-server it kills; fake renders, outages of seconds),
# the files that draw pictures (golden stills, the frame layout matrix, in-page videos: they need no database, so
# they run on the embedded SQLite default, each test app with its own file) followed by the API e2e suites once
# more on SQLite, and every other e2e file on Postgres. Each background stream's output is printed when it ends.
RENDER_E2E=(test/golden-stills.e2e-spec.ts test/frame-layout.e2e-spec.ts test/in-page-render.e2e-spec.ts
  test/render-modes-video.e2e-spec.ts test/imagery-tiles.e2e-spec.ts)
# The suites whose queries differ by dialect (the SQL of transactions, bulk inserts, events' order, JSON columns,
# limits' counters); every migration runs on SQLite when the first of them boots.
SQLITE_API_E2E=(test/auth.e2e-spec.ts test/limits.e2e-spec.ts test/renders.e2e-spec.ts test/insert-together.e2e-spec.ts
  test/transactions.e2e-spec.ts test/templates.e2e-spec.ts test/render-modes.e2e-spec.ts test/events.e2e-spec.ts)
stage "fault injection, and pictures then the API on SQLite (in the background)"
faults_log=$(mktemp)
# 4,000 fuzzed bodies a run (FAULTS_FUZZ_BODIES=10000 for the hostile-input file's own default; FAULTS_FUZZ_SEED picks the seed).
FAULTS_FUZZ_BODIES="${FAULTS_FUZZ_BODIES:-4000}" npx jest --config jest.config.js --selectProjects faults --runInBand >"$faults_log" 2>&1 &
faults_pid=$!
# The service and the dashboard as the browser tests run them, built while the e2e suites run.
build_log=$(mktemp)
(npx nest build && npm run build:dashboard) >"$build_log" 2>&1 &
build_pid=$!
sqlite_log=$(mktemp)
TEST_DATABASE=sqlite npx jest --config jest.config.js --selectProjects e2e --runInBand "${RENDER_E2E[@]}" "${SQLITE_API_E2E[@]}" \
  >"$sqlite_log" 2>&1 &
sqlite_pid=$!
stage "e2e on Postgres (all but the pictures), in two streams"
# Jest's --shard deals the files out by their measured times (test/support/e2e-sequencer.js), each stream on its own
# database; the second stream's output is printed when it ends.
render_pattern=$(printf '%s|' "${RENDER_E2E[@]}")
second_log=$(mktemp)
(
  second_started=$SECONDS
  TEST_DATABASE=postgres TEST_DATABASE_URL="$SECOND_DATABASE_URL_FOR_TESTS" npx jest --config jest.config.js --selectProjects e2e \
    --runInBand --shard=2/2 --testPathIgnorePatterns '/node_modules/' "(${render_pattern%|})\$"
  echo "The second Postgres stream took $((SECONDS - second_started)) s."
) >"$second_log" 2>&1 &
second_pid=$!
first_started=$SECONDS
TEST_DATABASE=postgres npx jest --config jest.config.js --selectProjects e2e --runInBand --shard=1/2 \
  --testPathIgnorePatterns '/node_modules/' "(${render_pattern%|})\$"
echo "The first Postgres stream took $((SECONDS - first_started)) s."
# Prints a background stream's output once it has ended; fails the run when it failed.
finish() {
  local name=$1 pid=$2 log=$3 status=0
  wait "$pid" || status=$?
  cat "$log"
  rm -f "$log"
  if [ "$status" -ne 0 ]; then
    echo "$name failed (exit $status)." >&2
    exit "$status"
  fi
}
stage "e2e on Postgres, second stream (result)"
finish "The second Postgres stream" "$second_pid" "$second_log"
stage "pictures, then the API e2e on SQLite (result)"
finish "The SQLite stream" "$sqlite_pid" "$sqlite_log"
finish "The build of the service and the dashboard" "$build_pid" "$build_log"

# The Dockerfile's ENTRYPOINT and CMD (tini, then the API, then a worker) with its ENV, its HEALTHCHECK and compose's,
# and its STOPSIGNAL, against the service just built; the Dockerfile's rules ran with the unit tests.
stage "the image's start command and health checks (as processes)"
npx jest --config jest.config.js --selectProjects image --runInBand

# The dashboard, driven in a real browser against the built service (API + worker), while the fault suite ends.
stage "dashboard in the browser"
npx playwright test -c test/browser/playwright.config.ts
stage "fault injection (result)"
finish "The fault suite" "$faults_pid" "$faults_log"
stage "all passed"

#!/usr/bin/env bash
# Load test of a release build on this machine, with wrk (Debian's package).
# Measures: start to first healthy answer on an existing database, idle
# resident memory, throughput/latency of /api/system/health, of a hashed
# static asset and of non-streamed chat turns with the built-in responder
# (bench/chat.lua). Results go to stdout; record them in docs/performance.md.
# The chat benchmarks that need a stand-in model are `cargo bench --bench chat`.
#
#   make bench                       # builds, then runs this
#   DURATION=30s CONNECTIONS=128 bench/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${AGENTFORGE_BIN:-target/release/agentforge}
PORT=${PORT:-18099}
DURATION=${DURATION:-15s}
CONNECTIONS=${CONNECTIONS:-64}
CHAT_CONNECTIONS=${CHAT_CONNECTIONS:-8}
THREADS=${THREADS:-2}
BASE="http://127.0.0.1:$PORT"

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk (or make deps)"; exit 1; }
[ -x "$BIN" ] || { echo "$BIN is missing: make build"; exit 1; }

data=$(mktemp -d)
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$data"; }
trap cleanup EXIT
export AGENTFORGE_HOST=127.0.0.1 AGENTFORGE_PORT=$PORT AGENTFORGE_DATA_DIR=$data AGENTFORGE_LOG_LEVEL=warn
"$BIN" migrate >/dev/null 2>&1
"$BIN" serve >/dev/null 2>&1 & pid=$!   # creates the secret key: the next start is a plain restart
until curl -sf "$BASE/api/system/health" >/dev/null; do sleep 0.01; done
kill "$pid"; wait "$pid" 2>/dev/null || true

# Start to first healthy answer, on the now existing database.
t0=$(date +%s%N)
"$BIN" serve >/dev/null 2>&1 & pid=$!
until curl -sf "$BASE/api/system/health" >/dev/null; do sleep 0.002; done
t1=$(date +%s%N)
echo "start to first healthy answer: $(( (t1 - t0) / 1000000 )) ms"
sleep 1
echo "idle resident memory: $(( $(ps -o rss= -p "$pid") / 1024 )) MiB"

asset=$(curl -s "$BASE/" | grep -o '/assets/[^"]*\.js' | head -n1)
echo
echo "== GET /api/system/health ($THREADS threads, $CONNECTIONS connections, $DURATION)"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$BASE/api/system/health"
if [ -n "$asset" ]; then
  echo
  echo "== GET $asset (gzip)"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "Accept-Encoding: gzip" "$BASE$asset"
fi

# Chat turns: a user, an agent with one knowledge document, then wrk.
json() { python3 -c "import sys, json; print(json.load(sys.stdin)$1)"; }
token=$(curl -s -X POST "$BASE/api/auth/register" -H 'content-type: application/json' \
  -d '{"email":"bench@example.com","password":"bench password 123","firstName":"Bench","lastName":"Mark"}' | json "['data']['token']")
agent=$(curl -s -X POST "$BASE/api/agents" -H "authorization: Bearer $token" -H 'content-type: application/json' \
  -d '{"name":"Bench","greeting":"Hello!","status":"active"}' | json "['data']['id']")
printf '# Returns\n\nRefunds are issued within 14 days of receiving the returned item.\n\nShipping costs are not refunded.\n' > "$data/returns.md"
curl -s -o /dev/null -H "authorization: Bearer $token" -F "agentId=$agent" -F "file=@$data/returns.md" "$BASE/api/upload/document"
echo
echo "== POST /api/agents/{id}/chat, built-in responder ($THREADS threads, $CHAT_CONNECTIONS connections, $DURATION)"
TOKEN=$token AGENT=$agent wrk -t"$THREADS" -c"$CHAT_CONNECTIONS" -d"$DURATION" --latency -s bench/chat.lua "$BASE"
echo
echo "resident memory after load: $(( $(ps -o rss= -p "$pid") / 1024 )) MiB"

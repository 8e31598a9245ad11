#!/usr/bin/env bash
# Load test of a release build on this machine, with wrk (Debian's package).
# Measures: start to first healthy answer on an existing database, idle
# resident memory, and throughput/latency of /api/system/health and of a
# hashed static asset. Results go to stdout; record them in docs/performance.md.
#
#   make bench                       # builds, then runs this
#   DURATION=30s CONNECTIONS=128 bench/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${AGENTFORGE_BIN:-target/release/agentforge}
PORT=${PORT:-18099}
DURATION=${DURATION:-15s}
CONNECTIONS=${CONNECTIONS:-64}
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
echo
echo "resident memory after load: $(( $(ps -o rss= -p "$pid") / 1024 )) MiB"

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

PORT=${PORT:-18099}
DURATION=${DURATION:-15s}
CONNECTIONS=${CONNECTIONS:-64}
CHAT_CONNECTIONS=${CHAT_CONNECTIONS:-8}
THREADS=${THREADS:-2}

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk (or make deps)"; exit 1; }
ENGINE=sqlite
source bench/lib.sh
"$BIN" migrate >/dev/null 2>&1
start_server   # creates the secret key: the next start is a plain restart
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
user_and_agent
add_knowledge
echo
echo "== POST /api/agents/{id}/chat, built-in responder ($THREADS threads, $CHAT_CONNECTIONS connections, $DURATION)"
TOKEN=$token AGENT=$agent wrk -t"$THREADS" -c"$CHAT_CONNECTIONS" -d"$DURATION" --latency -s bench/chat.lua "$BASE"
echo
echo "resident memory after load: $(( $(ps -o rss= -p "$pid") / 1024 )) MiB"

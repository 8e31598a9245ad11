#!/usr/bin/env bash
# New-conversation chat turns per second, built-in responder, non-streamed,
# at CONNECTIONS (200) concurrent, on SQLite or PostgreSQL:
#
#   bench/turns.sh                                   # SQLite, target/release/agentforge
#   ENGINE=postgres bench/turns.sh                   # a fresh database on BENCH_DATABASE_URL
#   AGENTFORGE_BIN=/path/to/other/build bench/turns.sh   # compare builds
#
# BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
# names a server where a database may be created and dropped.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${PORT:-18098}
DURATION=${DURATION:-15s}
CONNECTIONS=${CONNECTIONS:-200}
THREADS=${THREADS:-2}

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk (or make deps)"; exit 1; }
source bench/lib.sh
export AGENTFORGE_SECRET_KEY=bench-secret-0123456789abcdef0123456789abcdef
if [ "$ENGINE" = postgres ]; then export AGENTFORGE_DATABASE_MAX_CONNECTIONS=${DB_CONNECTIONS:-20}; fi
start_server
user_and_agent
add_knowledge

echo "== $ENGINE: POST /api/agents/{id}/chat, a new conversation each ($THREADS threads, $CONNECTIONS connections, $DURATION)"
TOKEN=$token AGENT=$agent wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --timeout 10s --latency -s bench/turns.lua "$BASE"
echo "resident memory after load: $(( $(ps -o rss= -p "$pid") / 1024 )) MiB"

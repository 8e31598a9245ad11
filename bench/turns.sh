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

BIN=${AGENTFORGE_BIN:-target/release/agentforge}
ENGINE=${ENGINE:-sqlite}
PORT=${PORT:-18098}
DURATION=${DURATION:-15s}
CONNECTIONS=${CONNECTIONS:-200}
THREADS=${THREADS:-2}
ADMIN_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
BASE="http://127.0.0.1:$PORT"

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk (or make deps)"; exit 1; }
[ -x "$BIN" ] || { echo "$BIN is missing: make build"; exit 1; }

data=$(mktemp -d)
db=""
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  [ -n "$db" ] && psql -q "$ADMIN_URL" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1
  rm -rf "$data"
}
trap cleanup EXIT
export AGENTFORGE_HOST=127.0.0.1 AGENTFORGE_PORT=$PORT AGENTFORGE_DATA_DIR=$data AGENTFORGE_LOG_LEVEL=warn
export AGENTFORGE_SECRET_KEY=bench-secret-0123456789abcdef0123456789abcdef
if [ "$ENGINE" = postgres ]; then
  db="agentforge_bench_$$"
  psql -q "$ADMIN_URL" -c "CREATE DATABASE $db" >/dev/null
  export AGENTFORGE_DATABASE_URL="${ADMIN_URL%/*}/$db"
  export AGENTFORGE_DATABASE_MAX_CONNECTIONS=${DB_CONNECTIONS:-20}
fi
"$BIN" serve >/dev/null 2>&1 & pid=$!
until curl -sf "$BASE/api/system/health" >/dev/null; do sleep 0.05; done

json() { python3 -c "import sys, json; print(json.load(sys.stdin)$1)"; }
token=$(curl -s -X POST "$BASE/api/auth/register" -H 'content-type: application/json' \
  -d '{"email":"bench@example.com","password":"bench password 123","firstName":"Bench","lastName":"Mark"}' | json "['data']['token']")
agent=$(curl -s -X POST "$BASE/api/agents" -H "authorization: Bearer $token" -H 'content-type: application/json' \
  -d '{"name":"Bench","greeting":"Hello!","status":"active"}' | json "['data']['id']")
printf '# Returns\n\nRefunds are issued within 14 days of receiving the returned item.\n\nShipping costs are not refunded.\n' > "$data/returns.md"
curl -s -o /dev/null -H "authorization: Bearer $token" -F "agentId=$agent" -F "file=@$data/returns.md" "$BASE/api/upload/document"

echo "== $ENGINE: POST /api/agents/{id}/chat, a new conversation each ($THREADS threads, $CONNECTIONS connections, $DURATION)"
TOKEN=$token AGENT=$agent wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --timeout 10s --latency -s bench/turns.lua "$BASE"
echo "resident memory after load: $(( $(ps -o rss= -p "$pid") / 1024 )) MiB"

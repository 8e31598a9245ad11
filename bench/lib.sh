# Sourced by the bench scripts (set PORT first): the release binary on a
# fresh database in a temporary data dir, removed on exit, and the user and
# agent the measures need.
#
#   AGENTFORGE_BIN   the build to measure (default target/release/agentforge)
#   SERVER_LOG       where the server's output goes (default /dev/null)
#   ENGINE           sqlite (default) or postgres: a database created on
#                    BENCH_DATABASE_URL (default the local server) and
#                    dropped on exit

BIN=${AGENTFORGE_BIN:-target/release/agentforge}
ENGINE=${ENGINE:-sqlite}
ADMIN_URL=${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
BASE="http://127.0.0.1:$PORT"
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
# The measures upload documents and use teams: both features on (they are
# off by default, as the specification says).
export AGENTFORGE_FEATURE_FILE_UPLOAD=true AGENTFORGE_FEATURE_COLLABORATION=true
# wrk opens all its connections from this one address: no per-address cap.
export AGENTFORGE_MAX_CONNECTIONS_PER_IP=${AGENTFORGE_MAX_CONNECTIONS_PER_IP:-0}
if [ "$ENGINE" = postgres ]; then
  db="agentforge_bench_$$"
  psql -q "$ADMIN_URL" -c "CREATE DATABASE $db" >/dev/null
  export AGENTFORGE_DATABASE_URL="${ADMIN_URL%/*}/$db"
fi

json() { python3 -c "import sys, json; print(json.load(sys.stdin)$1)"; }

# Starts `serve` in the background (pid) and waits for its first healthy answer.
start_server() {
  "$BIN" serve >"${SERVER_LOG:-/dev/null}" 2>&1 & pid=$!
  until curl -sf "$BASE/api/system/health" >/dev/null; do sleep 0.01; done
}

# Signs up bench@example.com (sets token, owner) and creates an active agent
# with a greeting (sets agent).
user_and_agent() {
  local session
  session=$(curl -s -X POST "$BASE/api/auth/register" -H 'content-type: application/json' \
    -d '{"email":"bench@example.com","password":"bench password 123","firstName":"Bench","lastName":"Mark"}')
  token=$(echo "$session" | json "['data']['token']")
  owner=$(echo "$session" | json "['data']['user']['id']")
  agent=$(curl -s -X POST "$BASE/api/agents" -H "authorization: Bearer $token" -H 'content-type: application/json' \
    -d '{"name":"Bench","greeting":"Hello!","status":"active"}' | json "['data']['id']")
}

# Gives the agent one knowledge document, so turns search it.
add_knowledge() {
  printf '# Returns\n\nRefunds are issued within 14 days of receiving the returned item.\n\nShipping costs are not refunded.\n' > "$data/returns.md"
  curl -s -o /dev/null -H "authorization: Bearer $token" -F "agentId=$agent" -F "file=@$data/returns.md" "$BASE/api/upload/document"
}

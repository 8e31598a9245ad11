#!/usr/bin/env bash
# Activity reports over many stored messages: MESSAGES (1,000,000) messages
# in CONVERSATIONS (20,000) conversations of one agent, spread over the last
# year, written straight into the database; then the time of the dashboard
# (last 14 days), an agent's month and an agent's year; then the analytics
# recount (the hourly rollups, from the first conversation on) and the time
# of every /analytics report over a year, for the owner and for the
# platform, RUNS (5) times each; and the server's resident memory.
#
#   bench/analytics.sh                       # SQLite
#   ENGINE=postgres bench/analytics.sh       # a fresh database on BENCH_DATABASE_URL
#   AGENTFORGE_BIN=/path/to/other/build bench/analytics.sh
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${PORT:-18097}
MESSAGES=${MESSAGES:-1000000}
CONVERSATIONS=${CONVERSATIONS:-20000}
RUNS=${RUNS:-5}

source bench/lib.sh
export AGENTFORGE_SECRET_KEY=bench-secret-0123456789abcdef0123456789abcdef
start_server
user_and_agent

conversation_columns="id, agent_id, owner_id, user_id, channel, title, status, message_count, tokens_in, tokens_out, started_at, last_message_at, ended_at"
message_columns="id, conversation_id, role, content, status, error, citations, tool_calls, tokens_in, tokens_out, latency_ms, first_token_ms, provider, model, notice, created_at"
t0=$(date +%s)
if [ "$ENGINE" = postgres ]; then
  psql -q "$AGENTFORGE_DATABASE_URL" <<SQL
INSERT INTO conversations ($conversation_columns)
  SELECT 'bench-conversation-' || i, '$agent', '$owner', '$owner', 'web', 'Bench', 'ended', 0, 0, 0,
         now() - (i % 365) * interval '1 day', now(), NULL
  FROM generate_series(0, $CONVERSATIONS - 1) i;
INSERT INTO messages ($message_columns)
  SELECT 'bench-message-' || i, 'bench-conversation-' || (i % $CONVERSATIONS),
         CASE WHEN i % 2 = 0 THEN 'user' ELSE 'assistant' END, 'How long do refunds take?', 'complete',
         NULL, '[]', '[]', 10, 20, CASE WHEN i % 2 = 1 THEN 50 + i % 500 END, NULL, NULL, NULL, NULL,
         now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second'
  FROM generate_series(0, $MESSAGES - 1) i;
ANALYZE;
SQL
else
  sqlite3 "$data/agentforge.db" <<SQL
PRAGMA busy_timeout = 10000;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < $CONVERSATIONS - 1)
INSERT INTO conversations ($conversation_columns)
  SELECT 'bench-conversation-' || i, '$agent', '$owner', '$owner', 'web', 'Bench', 'ended', 0, 0, 0,
         strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now', '-' || (i % 365) || ' days'),
         strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'), NULL
  FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < $MESSAGES - 1)
INSERT INTO messages ($message_columns)
  SELECT 'bench-message-' || i, 'bench-conversation-' || (i % $CONVERSATIONS),
         CASE WHEN i % 2 = 0 THEN 'user' ELSE 'assistant' END, 'How long do refunds take?', 'complete',
         NULL, '[]', '[]', 10, 20, CASE WHEN i % 2 = 1 THEN 50 + i % 500 END, NULL, NULL, NULL, NULL,
         strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now', '-' || (i % 365) || ' days', '-' || (i % 86400) || ' seconds')
  FROM n;
ANALYZE;
SQL
fi
echo "$ENGINE: $MESSAGES messages in $CONVERSATIONS conversations written in $(( $(date +%s) - t0 )) s"

time_of() {
  local path=$1 times=()
  for _ in $(seq "$RUNS"); do
    times+=("$(curl -s -o /dev/null -w '%{time_total}' -H "authorization: Bearer $token" "$BASE$path")")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk -v path="$path" '{a[NR]=$1} END {printf "%-40s median %.0f ms (min %.0f, max %.0f)\n", path, a[int((NR+1)/2)]*1000, a[1]*1000, a[NR]*1000}'
}
time_of "/api/analytics/dashboard"
time_of "/api/agents/$agent/analytics?period=month"
time_of "/api/agents/$agent/analytics?period=year"

# The reports read the hourly rollups: recount them over the year written
# behind the server's back, and wait until they hold every message.
t0=$(date +%s)
curl -s -o /dev/null -X POST -H "authorization: Bearer $token" "$BASE/api/admin/analytics/rebuild"
since=$(date -u -d '-400 days' +%Y-%m-%d)
counted=0
while [ "$counted" != "$MESSAGES" ]; do
  if [ $(( $(date +%s) - t0 )) -gt 900 ]; then
    echo "the rollups hold $counted of $MESSAGES messages after 15 minutes"; exit 1
  fi
  sleep 1
  counted=$(curl -s -H "authorization: Bearer $token" "$BASE/api/analytics/overview?scope=platform&from=$since" | json "['data']['current']['messages']")
done
echo "rollups recounted in $(( $(date +%s) - t0 )) s"
for report in overview performance usage agents conversations realtime; do
  time_of "/api/analytics/$report?period=year"
  time_of "/api/analytics/$report?scope=platform&period=year"
done
time_of "/api/analytics/metrics?period=year&metric=latency_p95&interval=day"
time_of "/api/analytics/metrics?period=month&metric=messages&interval=hour"
echo "resident memory: $(( $(ps -o rss= -p "$pid") / 1024 )) MiB"

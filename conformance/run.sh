#!/usr/bin/env bash
# Conformance: Schemathesis against the real binary on a fresh SQLite
# database. Every operation of the served /api/openapi.json, every check
# (server errors, status codes, content types, headers and bodies against the
# document, schema-valid requests accepted and schema-violating ones
# refused); any failure fails the run. See docs/api.md.
#
#   AGENTFORGE_BIN     the build to test (default target/debug/agentforge)
#   MAX_EXAMPLES       test cases per operation and phase (default 100:
#                      about a minute and a half on two cores)
#   SEED               the generator's seed (default fixed, so CI is
#                      deterministic); SEED=random for a new one each run
#   WORKERS            concurrent workers (default 2)
#   PORT               where the server listens (default 18290)
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
VENV=target/conformance-venv
export PORT=${PORT:-18290}
AGENTFORGE_BIN=${AGENTFORGE_BIN:-target/debug/agentforge}
MAX_EXAMPLES=${MAX_EXAMPLES:-100}
SEED=${SEED:-20240611}
WORKERS=${WORKERS:-2}

# CPython 3.11 before 3.11.9 may fail `ast.parse` when two threads parse at
# once (python/cpython#106905), which Hypothesis does with two workers: use
# a 3.13 the machine has (pyenv's), else python3.
PYTHON=${CONFORMANCE_PYTHON:-}
if [ -z "$PYTHON" ]; then
  PYTHON=python3
  for candidate in "$(pyenv root 2>/dev/null || echo /nonexistent)"/versions/3.13*/bin/python3; do
    if [ -x "$candidate" ]; then PYTHON=$candidate; fi
  done
fi
want="$("$PYTHON" --version 2>&1) / schemathesis, version $SCHEMATHESIS_VERSION"
have="$("$VENV/bin/python" --version 2>&1 || true) / $("$VENV/bin/schemathesis" --version 2>/dev/null || true)"
if [ "$have" != "$want" ]; then
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

# Generated requests sign in, sign up and send team email far more often
# than people do: the limits are raised so no operation is starved by them
# (their 429 stays documented and checked wherever it can answer).
export AGENTFORGE_RATE_LIMIT_AUTH_PER_IP=1000000 AGENTFORGE_RATE_LIMIT_AUTH_PER_EMAIL=1000000
export AGENTFORGE_RATE_LIMIT_TEAM_MAIL_PER_USER=1000000 AGENTFORGE_RATE_LIMIT_TEAM_MAIL_PER_TEAM=1000000
# The upload and team routes are fuzzed past their feature gates (off by
# default; the gate's 403 is tested in crates/server/tests/api/configuration.rs).
export AGENTFORGE_FEATURE_FILE_UPLOAD=true AGENTFORGE_FEATURE_COLLABORATION=true
export AGENTFORGE_SECRET_KEY=conformance-secret-0123456789abcdef0123456789abcdef
SERVER_LOG=target/conformance-server.log

# shellcheck source=bench/lib.sh
source bench/lib.sh
start_server
user_and_agent # the account conformance/schemathesis.toml signs in as

seed=(--seed "$SEED")
[ "$SEED" = random ] && seed=()
echo "Schemathesis $SCHEMATHESIS_VERSION: $MAX_EXAMPLES examples per operation, seed ${SEED}, server log in $SERVER_LOG"
run() {
  "$VENV/bin/schemathesis" --config-file conformance/schemathesis.toml run "$BASE/api/openapi.json" \
    --url "$BASE/api" \
    --max-examples "$MAX_EXAMPLES" "${seed[@]}" --workers "$WORKERS" --no-color "$@"
}
# Where only an affected CPython is at hand (above), Schemathesis may report
# a Runtime Error "AST constructor recursion depth mismatch" for an
# operation: not a finding about this API. A run that ends so, and with no
# failure of a check, runs once more; any other outcome stands.
run_checked() {
  local log status=0
  log=$(mktemp)
  run "$@" 2>&1 | tee "$log" || status=$?
  if [ "$status" -ne 0 ] && grep -q "AST constructor recursion depth mismatch" "$log" \
    && ! grep -q "= FAILURES =" "$log"; then
    echo "Schemathesis crashed inside CPython's ast.parse (python/cpython#106905), not on a check: running once more"
    status=0
    run "$@" || status=$?
  fi
  rm -f "$log"
  return "$status"
}
# Saving the configuration changes the server under the run (a generated
# one may close sign-up, turn uploads off or allow one sign-in a minute), so
# it runs alone, after every other operation.
run_checked --exclude-operation-id put_configuration
run_checked --include-operation-id put_configuration

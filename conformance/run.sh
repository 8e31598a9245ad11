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

if [ "$("$VENV/bin/schemathesis" --version 2>/dev/null)" != "schemathesis, version $SCHEMATHESIS_VERSION" ]; then
  rm -rf "$VENV"
  python3 -m venv "$VENV"
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
# Saving the configuration changes the server under the run (a generated
# one may close sign-up, turn uploads off or allow one sign-in a minute), so
# it runs alone, after every other operation.
run --exclude-operation-id put_configuration
run --include-operation-id put_configuration

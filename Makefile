# AgentForge: `make run` to serve on http://localhost:8080, `make test` for every test.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := run

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
CHROMIUM ?= /usr/bin/chromium
WEB_STAMP := web/node_modules/.installed
# Real MCP servers the Rust tests connect to (@modelcontextprotocol/server-everything).
MCP_STAMP := crates/testkit/mcp/node_modules/.installed
# The official OpenAI Python SDK, which a Rust test runs against /v1.
SDK_VENV := target/sdk-venv
SDK_STAMP := $(SDK_VENV)/.installed

.PHONY: run build web dev test check test-rust test-web test-e2e conformance openapi bench deps clean

## run: build everything (web app embedded, release binary) and serve on :8080 with SQLite in ./data
run: build
	./target/release/agentforge serve

## build: the web app, then the release binary with the app embedded (target/release/agentforge)
build: web
	cargo build --release --locked

$(WEB_STAMP): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

$(MCP_STAMP): crates/testkit/mcp/package.json crates/testkit/mcp/package-lock.json
	cd crates/testkit/mcp && npm ci --no-audit --no-fund
	touch $@

$(SDK_STAMP): crates/testkit/sdk/requirements.txt
	rm -rf $(SDK_VENV)
	python3 -m venv $(SDK_VENV)
	$(SDK_VENV)/bin/pip install --quiet --disable-pip-version-check -r crates/testkit/sdk/requirements.txt
	touch $@

## web: install the web app's packages and build it into web/dist
web: $(WEB_STAMP)
	cd web && npm run build

## dev: the API on :8080 and Vite with hot reload on :5173 (proxying /api); emails with their links are printed here
dev: $(WEB_STAMP)
	cargo build
	trap 'kill 0' EXIT; AGENTFORGE_MAIL_CONSOLE=true ./target/debug/agentforge serve & (cd web && npm run dev)

## test: formatting, lints, the OpenAPI check, Rust tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), Vitest, Playwright and the conformance run
test: check test-rust test-web test-e2e conformance

## check: rustfmt, clippy -D warnings, the generated API contract, tsc and eslint
check: $(WEB_STAMP)
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets --locked -- -D warnings
	@cargo run --quiet --locked -p agentforge -- openapi > target/openapi.check.json
	@cmp -s target/openapi.check.json openapi.json \
	  || { echo "openapi.json is stale: run make openapi and commit it"; exit 1; }
	@cd web && npx openapi-typescript ../openapi.json -o ../target/api-types.check.ts >/dev/null 2>&1
	@cmp -s target/api-types.check.ts web/src/lib/api-types.ts \
	  || { echo "web/src/lib/api-types.ts is stale: run make openapi and commit it"; exit 1; }
	cd web && npm run typecheck && npm run lint

## test-rust: every Rust test; the server's tests need the built web app, the MCP ones the test servers
test-rust: web $(MCP_STAMP) $(SDK_STAMP)
	@if [ -n "$${TEST_DATABASE_URL:-}" ]; then echo "Rust tests on SQLite and PostgreSQL"; else echo "Rust tests on SQLite (set TEST_DATABASE_URL for PostgreSQL too)"; fi
	cargo test --workspace --locked

## test-web: Vitest
test-web: $(WEB_STAMP)
	cd web && npm test

## test-e2e: Playwright in Debian's Chromium against the real binary on a fresh SQLite database
test-e2e: web
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  if [ -n "$${CI:-}" ]; then echo "Chromium is missing at $(CHROMIUM) (apt-get install -y chromium)"; exit 1; fi; \
	  echo "SKIPPED end-to-end tests: Chromium is missing at $(CHROMIUM) (apt-get install -y chromium)"; exit 0; \
	fi
	cargo build --locked -p agentforge
	cd web && AGENTFORGE_BIN=../target/debug/agentforge npm run test:e2e

## conformance: Schemathesis (pinned, in target/conformance-venv) against the debug binary on a fresh SQLite database; any failure fails (conformance/run.sh)
conformance:
	cargo build --locked -p agentforge
	conformance/run.sh

## openapi: regenerate the committed openapi.json and the web app's API types from the code
openapi:
	cargo run --quiet --locked -p agentforge -- openapi > openapi.json
	cd web && npm run gen:api

## bench: load-test a release build with wrk, the chat benchmarks (with /v1), webhooks in and out and the widget's size, voice and phone turns, an MCP tool call's overhead, then chat turns, analytics and hostile uploads on SQLite (see docs/performance.md)
bench: build
	bench/run.sh
	cargo bench -p agentforge-server --bench chat
	cargo bench -p agentforge-server --bench webhooks
	cargo bench -p agentforge-server --bench voice
	cargo bench -p agentforge-server --bench workflows
	cargo bench -p agentforge-mcp --bench tool_call
	bench/turns.sh
	bench/analytics.sh
	bench/hostile_uploads.sh

## deps: install what a fresh Debian machine lacks for the tests and benchmarks (Chromium, wrk, sqlite3)
deps:
	@command -v $(CHROMIUM) >/dev/null && command -v wrk >/dev/null && command -v sqlite3 >/dev/null || { apt-get update && apt-get install -y --no-install-recommends chromium wrk sqlite3; }

clean:
	cargo clean
	rm -rf web/dist web/node_modules crates/testkit/mcp/node_modules data

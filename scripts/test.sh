#!/usr/bin/env bash
# `npm test`: lint, type check, then every vitest project (unit, server, browser) in one run, under
# Node.js 24, the runtime the README recommends (fetched from the npm registry once when the `node`
# on PATH is another: scripts/node-runtime.sh). Server tests also run on PostgreSQL when
# TEST_DATABASE_URL is set. The older runtimes the README supports are `npm run test:smoke`.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run lint
bash scripts/ensure-chromium.sh
# The type checks (`npm run typecheck`'s projects, two at a time) and the web build side by side:
# neither reads what the other writes.
npm run typecheck &
typecheck=$!
npm run build -w apps/web || { wait "$typecheck"; exit 1; }
wait "$typecheck"
if [[ -n ${TEST_DATABASE_URL:-} ]]; then
  echo "Server tests run on SQLite and on PostgreSQL ($TEST_DATABASE_URL)."
else
  echo "Server tests run on SQLite (set TEST_DATABASE_URL to add PostgreSQL)."
fi
node24=$(bash scripts/node-runtime.sh 24)
echo "Tests run under Node.js $("$node24" --version)."
# Node.js 24 first on PATH too, so whatever a test starts as `node` is 24 as well (the tests start
# the server and the operator CLI with process.execPath, 24 already).
PATH="$(dirname "$node24"):$PATH"
export PATH
# The scale project (two instances behind nginx) is `npm run test:scale`, run by .ci/run after this.
exec "$node24" node_modules/vitest/vitest.mjs run --project unit --project server --project server-isolated --project browser "$@"

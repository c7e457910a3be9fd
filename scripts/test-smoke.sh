#!/usr/bin/env bash
# `npm run test:smoke`: the older runtimes the README still supports (Node.js 20.19 and later, 22.14
# and later), each starting the built server and walking a new player's first minutes through it
# (scripts/smoke/start-and-smoke.ts), then running the SQLite driver's test, the one module that
# differs by runtime. Every test runs under Node.js 24 in `npm test`. OUTPOST_SMOKE_MAJORS picks
# other majors ("20 22" by default).
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ! -f apps/web/dist/index.html ]]; then
  npm run build -w apps/web
fi
npm run build -w apps/server
unset DATABASE_URL TEST_DATABASE_URL
for major in ${OUTPOST_SMOKE_MAJORS:-20 22}; do
  node=$(bash scripts/node-runtime.sh "$major")
  "$node" node_modules/tsx/dist/cli.mjs scripts/smoke/start-and-smoke.ts
  PATH="$(dirname "$node"):$PATH" "$node" node_modules/vitest/vitest.mjs run --project server \
    apps/server/src/platform/db/sqlite-driver.test.ts
done

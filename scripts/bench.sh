#!/usr/bin/env bash
# npm run bench [-- sections]: builds the web app if it was never built, then runs the benchmarks
# under Node.js 24, the runtime the README recommends (scripts/node-runtime.sh), as `npm test` does:
# the figures are what a studio running Outpost gets.
# Sections and knobs (BENCH_ONLY, BENCH_SKIP_LIGHTHOUSE, BENCH_DURATION, BENCH_PAIRS, and
# BENCH_DATABASE_URL or TEST_DATABASE_URL for the PostgreSQL rows) are read by bench/options.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f apps/web/dist/index.html ]; then
  npm run build -w apps/web
fi
node24=$(bash scripts/node-runtime.sh 24)
# --expose-gc as npm start passes it: the apps the bench starts collect what their start left, as the
# server does (docs/decisions/0149-a-full-collection-once-the-server-has-started.md); its children inherit it.
PATH="$(dirname "$node24"):$PWD/node_modules/.bin:$PATH" exec tsx --expose-gc bench/run.ts "$@"

#!/usr/bin/env bash
# npm run bench [-- sections]: builds the web app if it was never built, then runs the benchmarks.
# Sections and knobs (BENCH_ONLY, BENCH_SKIP_LIGHTHOUSE, BENCH_DURATION, BENCH_PAIRS, and
# BENCH_DATABASE_URL or TEST_DATABASE_URL for the PostgreSQL rows) are read by bench/options.ts.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f apps/web/dist/index.html ]; then
  npm run build -w apps/web
fi
PATH="$PWD/node_modules/.bin:$PATH" exec tsx bench/run.ts "$@"

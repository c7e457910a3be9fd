#!/usr/bin/env bash
# The four TypeScript projects type-checked two at a time (`npm test`, scripts/check-new-domain.sh):
# tsc checks a project on one core, and CI has two. packages/contracts with apps/server in one lane,
# apps/web with tests in the other, take about as long as each other. Every project is checked
# whatever another reports, and the script fails when any does.
set -euo pipefail
cd "$(dirname "$0")/.."
tsc=node_modules/.bin/tsc

status=0
("$tsc" -p packages/contracts && "$tsc" -p apps/server) &
lane=$!
# Browser tests start the server: they are type-checked with the tests.
("$tsc" -p apps/web && "$tsc" -p tests) || status=1
wait "$lane" || status=1
exit "$status"

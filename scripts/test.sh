#!/usr/bin/env bash
# `npm test`: lint, type check, then every vitest project (unit, server, browser) in one run.
# Server tests also run on PostgreSQL when TEST_DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run lint
npm run typecheck
bash scripts/ensure-chromium.sh
npm run build -w apps/web
if [[ -n ${TEST_DATABASE_URL:-} ]]; then
  echo "Server tests run on SQLite and on PostgreSQL ($TEST_DATABASE_URL)."
else
  echo "Server tests run on SQLite (set TEST_DATABASE_URL to add PostgreSQL)."
fi
# The scale project (two instances behind nginx) is `npm run test:scale`, run by .ci/run after this.
npx vitest run --project unit --project server --project browser "$@"

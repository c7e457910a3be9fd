#!/usr/bin/env bash
# `npm run test:scale`: two server processes on one PostgreSQL behind Debian's nginx, configured
# with deploy/nginx/outpost.conf (tests/scale). Needs TEST_DATABASE_URL, and Redis on
# 127.0.0.1:6379 for the REDIS_URL half; installs nginx-light when it is missing and we may.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v nginx >/dev/null; then
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    echo "Installing Debian's nginx-light for the scale tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
  else
    echo "The scale tests need nginx (Debian/Ubuntu: sudo apt-get install nginx-light)." >&2
    exit 1
  fi
fi
if [[ -z ${TEST_DATABASE_URL:-} ]]; then
  echo "The scale tests need PostgreSQL: set TEST_DATABASE_URL (postgres://user@host:5432/database)." >&2
  exit 1
fi
exec npx vitest run --project scale "$@"

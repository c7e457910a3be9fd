#!/usr/bin/env bash
# `npm run test:node24`: the server tests on SQLite under Node.js 24, the runtime the README
# recommends, whatever node runs this script. Node.js 24 comes from the npm registry's `node`
# package (the binary, and the headers native addons build against), installed once into a cache
# folder (see below); the system's node is left alone. Extra arguments go to vitest
# (`npm run test:node24 -- apps/server/src/platform/db`).
set -euo pipefail
cd "$(dirname "$0")/.."

# Inside the checkout (node_modules/.cache) by default, not under $HOME: the tests start the server
# as another user (read-only-data-dir.test.ts runs it as nobody), who must be able to run this node
# too, and a home folder such as /root is closed to others.
cache=${OUTPOST_NODE24_DIR:-$PWD/node_modules/.cache/outpost-node24}
node24=$cache/node_modules/node/bin/node

if [[ ! -x $node24 ]] || [[ $("$node24" -p 'process.versions.node.split(".")[0]') != 24 ]]; then
  echo "Fetching Node.js 24 from the npm registry into $cache"
  mkdir -p "$cache"
  # The package's preinstall script fetches the platform's binary package; npm runs only the
  # install scripts a project's allowScripts names.
  echo '{ "private": true, "allowScripts": { "node": true } }' >"$cache/package.json"
  npm install --prefix "$cache" --no-audit --no-fund --no-save 'node@24'
fi
echo "Server tests on SQLite under Node.js $("$node24" --version)"

# Node.js 24 first on PATH too, so whatever a test or tool starts as `node` is 24 as well (the
# tests start the server and the operator CLI with process.execPath, 24 already). PostgreSQL is
# left out: what the runtime changes is the SQLite driver.
PATH="$(dirname "$node24"):$PATH"
export PATH
unset TEST_DATABASE_URL
exec "$node24" node_modules/vitest/vitest.mjs run --project server "$@"

#!/usr/bin/env bash
# Prints the path of a Node.js binary of the major version $1: the `node` on PATH when it is that
# major, otherwise the npm registry's `node@<major>` package (the binary, and the headers native
# addons build against), installed once into node_modules/.cache/outpost-node<major>. The system's
# node is left alone. Used by `npm test` (Node.js 24, the runtime the README recommends) and by
# `npm run test:smoke` (the older runtimes the README still supports).
set -euo pipefail
cd "$(dirname "$0")/.."

major=${1:?usage: node-runtime.sh <major>}
if [[ $(node -p 'process.versions.node.split(".")[0]') == "$major" ]]; then
  command -v node
  exit 0
fi

# Inside the checkout, not under $HOME: tests start the server as another user
# (read-only-data-dir.test.ts runs it as nobody), who must be able to run this node too, and a home
# folder such as /root is closed to others.
cache=${OUTPOST_NODE_CACHE:-$PWD/node_modules/.cache}/outpost-node$major
binary=$cache/node_modules/node/bin/node
if [[ ! -x $binary ]] || [[ $("$binary" -p 'process.versions.node.split(".")[0]') != "$major" ]]; then
  echo "Fetching Node.js $major from the npm registry into $cache" >&2
  mkdir -p "$cache"
  # The package's preinstall script fetches the platform's binary package; npm runs only the
  # install scripts a project's allowScripts names.
  echo '{ "private": true, "allowScripts": { "node": true } }' >"$cache/package.json"
  npm install --prefix "$cache" --no-audit --no-fund --no-save "node@$major" >&2
fi
echo "$binary"

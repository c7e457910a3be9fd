#!/usr/bin/env bash
# Fails when the working tree differs from the commit: `npm install` and `npm test` must leave a
# fresh clone as they found it. $1 names what ran before, for the message.
set -euo pipefail
cd "$(dirname "$0")/.."

changes=$(git status --porcelain)
if [[ -n $changes ]]; then
  echo "The working tree changed after ${1:-this step}:" >&2
  echo "$changes" >&2
  git --no-pager diff --stat >&2
  exit 1
fi

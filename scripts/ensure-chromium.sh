#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core; no browser is ever downloaded.
set -euo pipefail
chromium_path=${CHROME_PATH:-/usr/bin/chromium}
if [[ -x $chromium_path ]]; then
  exit 0
fi
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
cat >&2 <<MSG
The browser tests need Chromium at $chromium_path and it is not there.
Install it (Debian/Ubuntu: sudo apt-get install chromium), or point CHROME_PATH at a
Chromium or Chrome binary, then run the tests again.
MSG
exit 1

#!/usr/bin/env bash
# Makes sure a Chromium for the browser tests exists. Playwright cannot download its own browser here,
# so we use Debian's package (CHROMIUM_PATH overrides the location on other machines).
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$path" ]; then
  exit 0
fi
if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
  exit 1
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  exit 0
fi
echo "Chromium is missing. Install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH." >&2
exit 1

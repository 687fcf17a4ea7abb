#!/usr/bin/env bash
# Makes sure the browsers for the tests and benches exist. Playwright cannot download its own browser
# here, so we use Debian's packages: chromium-headless-shell for the browser tests (Playwright's own
# choice for headless runs: the same engine without the full browser's window processes, decision
# 080) and chromium for the benches. CHROMIUM_PATH overrides both on other machines.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
  exit 1
fi
installed() { [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; }
installed && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  # .ci/run starts an install beside npm ci; a second call (npm test's) waits for it, then finds
  # the browsers in place.
  exec 9>/tmp/access-console-ensure-chromium.lock
  flock 9
  installed && exit 0
  echo "Installing Debian's chromium and chromium-headless-shell for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-dejavu-core >/dev/null
  exit 0
fi
echo "Chromium is missing. Install it (Debian: sudo apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH." >&2
exit 1

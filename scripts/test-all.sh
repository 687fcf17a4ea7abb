#!/usr/bin/env bash
# `npm test`: every test (decision 088). The check, the unit run and the browser build share the
# cores: run one after another, the check left a core idle behind ESLint's single thread for a
# minute and a half. A part that fails stops the other two, and the run. The rest runs one part
# at a time: the browser tests keep both cores busy on their own (94 %), and beside them the
# PostgreSQL parts only stretched them.
set -euo pipefail
cd "$(dirname "$0")/.."

npx concurrently --group --timings --kill-others-on-fail -n check,unit,build \
  "npm run check" "npm run test:unit" "npx vite build --logLevel warn"
npm run test:server:pg
bash scripts/ensure-chromium.sh
npx playwright test
bash scripts/e2e-postgres.sh

#!/usr/bin/env bash
# A representative slice of the browser tests (session, organizations, audit log) with the main
# test server on a throwaway PostgreSQL instead of in-memory PGlite; the slice needs no other
# server. Given spec files, the expiry server runs on PostgreSQL too (one fresh database each),
# the import and clock servers on PGlite as in the e2e run.
# Expects a build in dist/ (npm test builds it for the e2e run just before).
#   bash scripts/e2e-postgres.sh            bash scripts/e2e-postgres.sh tests/e2e/users.spec.ts
set -euo pipefail
cd "$(dirname "$0")/.."
specs=("$@")
if [ "${#specs[@]}" -eq 0 ]; then
  specs=(tests/e2e/session.spec.ts tests/e2e/organizations.spec.ts tests/e2e/audits.spec.ts)
  # These three talk to the main server alone: the other test servers are not started.
  export E2E_MAIN_SERVER_ONLY=1
fi
# shellcheck disable=SC2016 # expanded by the inner shell, once with-postgres.sh has set the URL
exec bash scripts/with-postgres.sh bash -c '
  set -euo pipefail
  E2E_DATABASE_URLS="$(node -e "
    const pg = require(\"pg\")
    const admin = process.env.TEST_DATABASE_URL
    const names = [\"access_e2e_main\", \"access_e2e_expiry\"]
    ;(async () => {
      const client = new pg.Client({ connectionString: admin })
      await client.connect()
      for (const name of names) await client.query(\"create database \" + name)
      await client.end()
      console.log(names.map((name) => { const u = new URL(admin); u.pathname = \"/\" + name; return u }).join(\" \"))
    })()
  ")"
  export E2E_DATABASE_URLS
  npx playwright test "$@"
' e2e-postgres "${specs[@]}"

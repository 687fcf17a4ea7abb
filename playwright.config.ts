import { execFileSync } from 'node:child_process'
import { defineConfig } from '@playwright/test'
import {
  EXPIRY_TOKEN_TTL_S,
  clockPort,
  expiryPort,
  importPort,
} from './tests/e2e/helpers/expiry-server'

// Browser tests run in Debian's Chromium against the real reference server on a fresh in-memory
// database; the server serves the production build from dist/ (npm run test:e2e builds it first).
const port = Number(process.env.E2E_PORT ?? 8181)
// Debian's headless shell: the engine of /usr/bin/chromium without the full browser's window and
// tab-strip processes, a third less CPU for the same tests (decision 080).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
// scripts/e2e-postgres.sh sets two database URLs: the servers then use PostgreSQL, one database each.
const [mainDb, expiryDb] = (process.env.E2E_DATABASE_URLS ?? '').split(' ').filter(Boolean)
const database = (url: string | undefined): Record<string, string> =>
  url ? { DATABASE_URL: url } : {}
// Every test server: in memory, quiet, and with a cheap password hash (SCRYPT_LOG_N, demo mode
// only): the run signs in a few hundred times, each at production cost 128 MiB and a third of a
// second of a core; the cost itself is the unit tests' (server/config.test.ts, server/auth/passwords.test.ts).
// The simulated locks never refuse a change in a test server, and take one within 0.3–0.6 s, so a
// test sees "pending" turn to "on the lock" (decision 073).
const testServer = {
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'warn',
  SCRYPT_LOG_N: '10',
  DEVICE_FAILURE_RATE: '0',
  DEVICE_DELAY_MS: '600',
  // No browser test waits on a webhook: a poll a second instead of four keeps the four idle
  // servers' jobs from taking a core's 5 % between them (decision 081).
  WEBHOOK_POLL_MS: '1000',
}
// scripts/e2e-postgres.sh's own slice talks to the main server alone: starting (and seeding) the
// other three would be work nothing uses.
const mainServerOnly = process.env.E2E_MAIN_SERVER_ONLY === '1'
// The test servers run the bundle `npm start` runs, made from the sources as they are now (a check
// of 0.2 s when they have not changed; scripts/build-server.mjs). Through tsx's loader each start
// took 2 s more of a core. Playwright's workers read this file too, once the servers are up.
const serverCommand = 'node dist-server/main.mjs'
if (process.env.TEST_WORKER_INDEX === undefined) {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' })
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  // CI shares 2 cores with the servers and Chromium: one retry, and Playwright lists any test that
  // needed it as "flaky" in the output, so a flaky test is visible rather than hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A failed test also prints the page it was on (a CI run leaves nothing but its output).
  reporter: [['list'], ['./tests/e2e/helpers/page-at-failure-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
  },
  webServer: [
    {
      command: serverCommand,
      url: `http://127.0.0.1:${port}/health`,
      env: {
        PORT: String(port),
        ...testServer,
        // The answers in a page wait for a busy CI machine, so a test sees them every time.
        BOOT_ANSWERS_BUDGET_MS: '5000',
        // The schedules' tests move the server's clock (POST /dev/clock, decision 065).
        CLOCK: 'settable',
        ...database(mainDb),
      },
      timeout: 120_000,
      reuseExistingServer: false,
    },
    ...(mainServerOnly
      ? []
      : [
          // Access tokens live a few seconds here (tests/e2e/helpers/expiry-server.ts).
          {
            command: serverCommand,
            url: `http://127.0.0.1:${expiryPort(port)}/health`,
            env: {
              PORT: String(expiryPort(port)),
              ...testServer,
              ACCESS_TOKEN_TTL: String(EXPIRY_TOKEN_TTL_S),
              SEED_AUDIT_ROWS: '200',
              ...database(expiryDb),
            },
            timeout: 120_000,
            reuseExistingServer: false,
          },
          {
            command: serverCommand,
            url: `http://127.0.0.1:${importPort(port)}/health`,
            env: {
              PORT: String(importPort(port)),
              ...testServer,
              SEED_AUDIT_ROWS: '200',
              // imports.spec alone uses it, and waits on no job: its jobs look for work every 5 s,
              // not every second, so idle for the rest of the run it takes 1.8 % of a core, not
              // 3.8 % (13 s of CPU in a run).
              LOCKDOWN_POLL_MS: '5000',
              WEBHOOK_POLL_MS: '5000',
              MAIL_POLL_MS: '5000',
            },
            timeout: 120_000,
            reuseExistingServer: false,
          },
          // The clock's own (helpers/expiry-server.ts, clockPort): its specs move every access decision.
          {
            command: serverCommand,
            url: `http://127.0.0.1:${clockPort(port)}/health`,
            env: {
              PORT: String(clockPort(port)),
              ...testServer,
              SEED_AUDIT_ROWS: '200',
              CLOCK: 'settable',
            },
            timeout: 120_000,
            reuseExistingServer: false,
          },
        ]),
  ],
})

import { mkdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './test'
import { DEV_CLOCK_PATH } from '../../../src/contract/dev-clock'

/**
 * The specs on the clock server (clockPort) take turns, one test at a time across the workers:
 * each moves the server's clock, and every access decision and door mode on that server follows
 * it, so two of them side by side would each see the other's hour. The turn is a directory made
 * atomically; one left behind by a worker that died is taken over after the longest test's time.
 */
const STALE_MS = 5 * 60_000

function turnDir() {
  return join(tmpdir(), `access-console-clock-turn-${process.env.E2E_PORT ?? 8181}`)
}

async function takeTurn() {
  const dir = turnDir()
  for (;;) {
    try {
      mkdirSync(dir)
      return
    } catch {
      try {
        if (Date.now() - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true })
      } catch {
        // Released between the two calls: the next round takes it.
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}

/**
 * Call at the top of a spec file on the clock server: each of its tests waits for its turn, and
 * after it, passed or failed, the clock goes back to the real time before the next one's turn.
 */
export function takeTurnsOnTheClock() {
  test.beforeEach(async () => {
    // Waiting for the turn is not the test's own time: its timeout grows by the wait. A hook runs
    // within its test's timeout, so the wait may last as long as a turn can be held (a slow test
    // that failed holds it for its whole timeout) before it counts against the test.
    const info = test.info()
    const own = info.timeout
    const waitedFrom = Date.now()
    info.setTimeout(own + STALE_MS)
    await takeTurn()
    info.setTimeout(own + (Date.now() - waitedFrom))
  })
  test.afterEach(async ({ page }) => {
    try {
      const response = await page.request.post(DEV_CLOCK_PATH, { data: { at: null } })
      expect(response.ok(), `clock back to the real time: ${response.status()}`).toBe(true)
    } finally {
      rmSync(turnDir(), { recursive: true, force: true })
    }
  })
}

/** Moves the server's clock (null: back to the real time); the server answers its own machine. */
export async function setClock(page: Page, at: string | null) {
  const response = await page.request.post(DEV_CLOCK_PATH, { data: { at } })
  expect(response.ok(), `clock to ${at}: ${response.status()}`).toBe(true)
}

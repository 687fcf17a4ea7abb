// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import TypesafeI18n from '../../i18n/i18n-react'
import type { Device } from '../contract/devices'
import { withSteps, type BulkRow } from './bulk-command'
import { fixLayout } from '../test/fixed-layout'
import { renderWithI18n } from '../test/render'
import { RunView, type Run } from './bulk-command-dialog'

// jsdom lays nothing out: the receipts' window reports 240 px, ten rows of 24 px.
beforeEach(() => fixLayout({ width: 600, height: 240 }, { width: 600, height: 24 }))

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const DEVICES = 1000

/** A device whose name counts its reads: a row reads it each time it renders. */
function countedDevice(id: number, reads: { count: number }) {
  return {
    device_id: id,
    get name() {
      reads.count += 1
      return `Lock ${id}`
    },
  } as Device
}

describe('the bulk run list', () => {
  it('shows the rows in view, renders only the row a receipt names, and says how many answered', async () => {
    const reads = { count: 0 }
    const rows: BulkRow[] = Array.from({ length: DEVICES }, (_, i) => ({
      device: countedDevice(i + 1, reads),
      status: 'pending',
      refusal: null,
    }))
    let run: Run = { rows, tally: null, skipped: 0 }
    const view = renderWithI18n(<RunView run={run} answered={0} />)
    await act(() => new Promise((resolve) => setTimeout(resolve)))
    // A thousand devices, a window of rows: the ten in view and a margin, each saying where it is.
    const shown = screen.getAllByRole('listitem')
    expect(shown.length).toBeGreaterThanOrEqual(10)
    expect(shown.length).toBeLessThan(30)
    expect(shown[0]?.getAttribute('aria-setsize')).toBe(String(DEVICES))
    expect(shown[0]?.getAttribute('aria-posinset')).toBe('1')
    expect(screen.getByRole('status').textContent).toBe(`0 of ${DEVICES} answered`)

    reads.count = 0
    const receipts = 10
    for (let id = 1; id <= receipts; id += 1) {
      run = {
        ...run,
        rows: withSteps(run.rows, new Map([[id, { status: 'done', refusal: null }]])),
      }
      view.rerender(
        <TypesafeI18n locale="en">
          <RunView run={run} answered={id} />
        </TypesafeI18n>,
      )
    }
    // One row per receipt; re-rendering the rows in view would read every shown name each time.
    expect(reads.count).toBe(receipts)
    expect(screen.getByRole('status').textContent).toBe(`${receipts} of ${DEVICES} answered`)
    const items = screen.getAllByRole('listitem')
    expect(items[0]?.textContent).toBe('Lock 1Done')
    expect(items[receipts]?.textContent).toBe(`Lock ${receipts + 1}Sending…`)
  })
})

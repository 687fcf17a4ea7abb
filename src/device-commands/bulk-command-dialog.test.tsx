// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import TypesafeI18n from '../../i18n/i18n-react'
import type { Device } from '../contract/devices'
import { withStep, type BulkRow } from './bulk-command'
import { renderWithI18n } from '../test/render'
import { RunView, type Run } from './bulk-command-dialog'

afterEach(cleanup)

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
  it('renders only the row a receipt names, and the summary says how many answered', () => {
    const reads = { count: 0 }
    const rows: BulkRow[] = Array.from({ length: DEVICES }, (_, i) => ({
      device: countedDevice(i + 1, reads),
      status: 'pending',
      refusal: null,
    }))
    let run: Run = { rows, tally: null, skipped: 0 }
    const view = renderWithI18n(<RunView run={run} answered={0} />)
    expect(reads.count).toBe(DEVICES)
    expect(screen.getByRole('status').textContent).toBe(`0 of ${DEVICES} answered`)

    reads.count = 0
    const receipts = 10
    for (let id = 1; id <= receipts; id += 1) {
      run = { ...run, rows: withStep(run.rows, id, 'done') }
      view.rerender(
        <TypesafeI18n locale="en">
          <RunView run={run} answered={id} />
        </TypesafeI18n>,
      )
    }
    // One row per receipt; re-rendering the whole list would read every name each time.
    expect(reads.count).toBe(receipts)
    expect(screen.getByRole('status').textContent).toBe(`${receipts} of ${DEVICES} answered`)
    const items = screen.getAllByRole('listitem')
    expect(items[0]?.textContent).toBe('Lock 1Done')
    expect(items[receipts]?.textContent).toBe(`Lock ${receipts + 1}Sending…`)
  })
})

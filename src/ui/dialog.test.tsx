// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { Profiler, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithI18n } from '../test/render'
import { Dialog } from './dialog'
import { Drawer } from './drawer'

afterEach(cleanup)

function Harness({ kind, commits }: { kind: 'dialog' | 'drawer'; commits: string[] }) {
  const [open, setOpen] = useState(false)
  const Panel = kind === 'dialog' ? Dialog : Drawer
  return (
    <Profiler id="page" onRender={(_id, phase) => commits.push(phase)}>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <Panel open={open} onOpenChange={setOpen} title="Settings">
        <button type="button">Inside</button>
      </Panel>
    </Profiler>
  )
}

describe.each(['dialog', 'drawer'] as const)('a closed %s', (kind) => {
  it('costs the page no second render before its first frame', () => {
    const commits: string[] = []
    renderWithI18n(<Harness kind={kind} commits={commits} />)
    // A mounted Radix dialog dispatches from a layout effect even while closed, which made React
    // render the whole page again, synchronously, before the browser could paint it.
    expect(commits).toEqual(['mount'])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('opens, closes and opens again as before', () => {
    renderWithI18n(<Harness kind={kind} commits={[]} />)
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }))
    const dialog = screen.getByRole('dialog', { name: 'Settings' })
    expect(dialog.contains(screen.getByRole('button', { name: 'Inside' }))).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }))
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy()
  })
})

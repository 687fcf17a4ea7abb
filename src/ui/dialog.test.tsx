// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { Profiler, useEffect, useRef, useState } from 'react'
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

/** A dialog that shows "Loading…" until its data comes, then its form: two dialogs, one after the other. */
function Swapped({ onStep }: { onStep: (step: () => void) => void }) {
  const date = useRef<HTMLInputElement>(null)
  const [stage, setStage] = useState<'closed' | 'loading' | 'loaded'>('closed')
  useEffect(
    () => onStep(() => setStage((now) => (now === 'closed' ? 'loading' : 'loaded'))),
    [onStep],
  )
  return (
    <main>
      <button type="button">Open late…</button>
      {stage === 'loaded' ? (
        <Dialog
          key="form"
          open
          onOpenChange={() => undefined}
          title="Open late"
          initialFocus={date}
        >
          <input ref={date} aria-label="Date" />
        </Dialog>
      ) : (
        <Dialog
          key="loading"
          open={stage === 'loading'}
          onOpenChange={() => undefined}
          title="Open late"
        >
          <p>Loading…</p>
        </Dialog>
      )}
    </main>
  )
}

describe('a dialog swapped for another', () => {
  it('leaves focus in the new one: the field it focused never loses it', async () => {
    let step = () => undefined as void
    renderWithI18n(<Swapped onStep={(given) => (step = given)} />)
    screen.getByRole('button', { name: 'Open late…' }).focus()
    act(() => step())
    expect(screen.getByRole('dialog', { name: 'Open late' })).toBeTruthy()
    act(() => step())
    const date = screen.getByRole('textbox', { name: 'Date' })
    expect(document.activeElement).toBe(date)
    const blurs: string[] = []
    date.addEventListener('blur', () => blurs.push('blur'))
    // Radix hands focus back from the closed dialog a task after it left.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(blurs).toEqual([])
    expect(document.activeElement).toBe(date)
  })
})

/** Settings closed and, at once, another dialog with a search box opened (Ctrl+K, typing). */
function SettingsThenSearch({ onStep }: { onStep: (step: () => void) => void }) {
  const [stage, setStage] = useState<'none' | 'settings' | 'search'>('none')
  useEffect(
    () => onStep(() => setStage((now) => (now === 'none' ? 'settings' : 'search'))),
    [onStep],
  )
  return (
    <main>
      <button type="button">Settings</button>
      <Dialog
        key="settings"
        open={stage === 'settings'}
        onOpenChange={() => undefined}
        title="Settings"
      >
        <button type="button">Deutsch</button>
      </Dialog>
      <Dialog key="search" open={stage === 'search'} onOpenChange={() => undefined} title="Search">
        <input aria-label="Search" />
      </Dialog>
    </main>
  )
}

describe('a dialog opened as another closes', () => {
  it('keeps what was typed into it: focus is not taken and handed back with the text selected', async () => {
    let step = () => undefined as void
    renderWithI18n(<SettingsThenSearch onStep={(given) => (step = given)} />)
    screen.getByRole('button', { name: 'Settings' }).focus()
    act(() => step())
    act(() => step())
    const search = screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' })
    expect(document.activeElement).toBe(search)
    search.value = 'entrie'
    search.setSelectionRange(6, 6)
    // Radix hands focus back from the closed dialog a task after it left; the other dialog's trap
    // would take it back with its text selected, and the next key would replace "entrie".
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(document.activeElement).toBe(search)
    expect([search.selectionStart, search.selectionEnd]).toEqual([6, 6])
  })
})

// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { Profiler, createRef, useEffect, useState, type ReactNode } from 'react'
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

/** Renders `children(stage)`; each call of the step it hands out moves to the next stage. */
function Stepped(props: {
  onStep: (step: () => void) => void
  children: (stage: number) => ReactNode
}) {
  const { onStep, children } = props
  const [stage, setStage] = useState(0)
  useEffect(() => onStep(() => setStage((now) => now + 1)), [onStep])
  return <main>{children(stage)}</main>
}

/** Renders `children` in stages and focuses `opener` first: returns the step to the next stage. */
function renderInStages(children: (stage: number) => ReactNode, opener: string) {
  let step = () => undefined as void
  renderWithI18n(<Stepped onStep={(given) => (step = given)}>{children}</Stepped>)
  screen.getByRole('button', { name: opener }).focus()
  return () => act(() => step())
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)))

describe('a dialog swapped for another', () => {
  it('leaves focus in the new one: the field it focused never loses it', async () => {
    // "Loading…" until its data comes, then the form: two dialogs, one after the other.
    const date = createRef<HTMLInputElement>()
    const next = renderInStages(
      (stage) => (
        <>
          <button type="button">Open late…</button>
          {stage === 2 ? (
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
              open={stage === 1}
              onOpenChange={() => undefined}
              title="Open late"
            >
              <p>Loading…</p>
            </Dialog>
          )}
        </>
      ),
      'Open late…',
    )
    next()
    expect(screen.getByRole('dialog', { name: 'Open late' })).toBeTruthy()
    next()
    const field = screen.getByRole('textbox', { name: 'Date' })
    expect(document.activeElement).toBe(field)
    const blurs: string[] = []
    field.addEventListener('blur', () => blurs.push('blur'))
    // Radix hands focus back from the closed dialog a task after it left.
    await settle()
    expect(blurs).toEqual([])
    expect(document.activeElement).toBe(field)
  })
})

describe('a dialog opened as another closes', () => {
  it('keeps what was typed into it: focus is not taken and handed back with the text selected', async () => {
    // Settings closed and, at once, a dialog with a search box opened (Ctrl+K, typing).
    const next = renderInStages(
      (stage) => (
        <>
          <button type="button">Settings</button>
          <Dialog key="settings" open={stage === 1} onOpenChange={() => undefined} title="Settings">
            <button type="button">Deutsch</button>
          </Dialog>
          <Dialog key="search" open={stage === 2} onOpenChange={() => undefined} title="Search">
            <input aria-label="Search" />
          </Dialog>
        </>
      ),
      'Settings',
    )
    next()
    next()
    const search = screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' })
    expect(document.activeElement).toBe(search)
    search.value = 'entrie'
    search.setSelectionRange(6, 6)
    // Radix hands focus back from the closed dialog a task after it left; the other dialog's trap
    // would take it back with its text selected, and the next key would replace "entrie".
    await settle()
    expect(document.activeElement).toBe(search)
    expect([search.selectionStart, search.selectionEnd]).toEqual([6, 6])
  })
})

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import TypesafeI18n from '../../i18n/i18n-react'
import { loadLocale } from '../../i18n/i18n-util.sync'
import type { Can } from '../contract/permissions'
import type { Command } from './command'
import { CommandsProvider } from './commands-provider'
import { fakeActions } from './fake-actions'
import type { PaletteContext } from './registry'
import { useScreenCommands } from './screen-commands'

const archive = vi.fn()
const commands: Command<PaletteContext>[] = [
  {
    id: 'rows.archive',
    label: () => 'Archive selected',
    group: 'actions',
    needs: { anyOf: ['rows:update'] },
    run: () => {
      archive()
    },
  },
]

function Selection() {
  useScreenCommands(commands)
  return null
}

function Screen() {
  const [selected, setSelected] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setSelected((now) => !now)}>
        Toggle selection
      </button>
      {selected ? <Selection /> : null}
    </>
  )
}

function mount(can: Can) {
  render(
    <TypesafeI18n locale="en">
      <CommandsProvider
        routes={[]}
        sources={[]}
        actions={fakeActions()}
        state={{ theme: 'light', language: 'en', singleKeys: 'on' }}
        userId={7}
        can={can}
        commands={[]}
        perform={() => {}}
      >
        <Screen />
      </CommandsProvider>
    </TypesafeI18n>,
  )
}

const openPalette = async (text: string) => {
  fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true })
  const input = await screen.findByRole('combobox')
  fireEvent.change(input, { target: { value: text } })
}
const closePalette = () => fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' })

beforeAll(() => {
  loadLocale('en')
  // jsdom lacks these layout APIs that cmdk calls.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  if (!('scrollIntoView' in Element.prototype)) {
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      value: () => {},
      configurable: true,
    })
  }
})

afterEach(cleanup)

describe('useScreenCommands', () => {
  it('offers a screen’s commands only while the part that contributes them is mounted', async () => {
    mount((anyOf) => anyOf.includes('rows:update'))
    // Every command is listed before anything is typed: the app's are there, this one is not.
    await openPalette('')
    await screen.findByRole('option', { name: /Switch to dark theme/ })
    expect(screen.queryByRole('option', { name: /Archive selected/ })).toBeNull()
    closePalette()
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull())

    fireEvent.click(screen.getByRole('button', { name: 'Toggle selection' }))
    await openPalette('archive')
    fireEvent.click(await screen.findByRole('option', { name: /Archive selected/ }))
    await waitFor(() => expect(archive).toHaveBeenCalledTimes(1))

    fireEvent.click(screen.getByRole('button', { name: 'Toggle selection' }))
    await openPalette('archive')
    await waitFor(() =>
      expect(screen.queryByRole('option', { name: /Archive selected/ })).toBeNull(),
    )
  })

  it('leaves out a contributed command the user may never run', async () => {
    mount(() => false)
    fireEvent.click(screen.getByRole('button', { name: 'Toggle selection' }))
    await openPalette('')
    await screen.findByRole('option', { name: /Switch to dark theme/ })
    expect(screen.queryByRole('option', { name: /Archive selected/ })).toBeNull()
  })
})

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import TypesafeI18n from '../../i18n/i18n-react'
import { loadLocale } from '../../i18n/i18n-util.sync'
import type { Command } from './command'
import type { EntitySource } from './entity-source'
import { PaletteBody } from './palette-body'
import { emptyStack, type PaletteStack } from './palette-stack'
import type { PaletteContext } from './registry'

// A device-like source, as devices will plug in: actions gated by capability and connection.
interface Device {
  id: number
  name: string
  capabilities: string[]
  connected: boolean
}

const devices: Device[] = [
  { id: 1, name: 'Front Door', capabilities: ['remotely_lock'], connected: false },
  { id: 2, name: 'Garage Relay', capabilities: ['remotely_unlock'], connected: true },
]

const deviceSource: EntitySource<Device, PaletteContext> = {
  kind: 'devices',
  heading: () => 'Devices',
  needs: {},
  search: (text) =>
    Promise.resolve(devices.filter((device) => device.name.toLowerCase().includes(text))),
  view: (device) => ({ id: String(device.id), title: device.name }),
  actions: [
    {
      id: 'device.lock',
      label: () => 'Lock',
      needs: { capability: 'remotely_lock', online: true },
      subject: (device) => ({ capabilities: device.capabilities, connected: device.connected }),
      run: () => {},
    },
    {
      id: 'device.unlock',
      label: () => 'Unlock',
      needs: { capability: 'remotely_unlock', online: true },
      subject: (device) => ({ capabilities: device.capabilities, connected: device.connected }),
      run: () => {},
    },
    {
      id: 'device.secret',
      label: () => 'Secret',
      needs: { anyOf: ['devices:admin'] },
      run: () => {},
    },
  ],
}

function Harness({ ran }: { ran: string[] }) {
  const [stack, setStack] = useState<PaletteStack<PaletteContext>>(emptyStack)
  return (
    <TypesafeI18n locale="en">
      <PaletteBody
        listed={[]}
        sources={[deviceSource]}
        recents={[]}
        subject={null}
        recentEntities={[]}
        can={() => false}
        userId={1}
        stack={stack}
        onStackChange={setStack}
        onRun={(command: Command<PaletteContext>) => ran.push(command.id)}
      />
    </TypesafeI18n>
  )
}

beforeAll(() => {
  loadLocale('en')
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  if (!('scrollIntoView' in Element.prototype)) {
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => {} })
  }
})

afterEach(cleanup)

const input = () => screen.getByRole('combobox')
const press = (key: string) => fireEvent.keyDown(input(), { key })

describe('PaletteBody with a device-like source', () => {
  it('shows actions that cannot run now as disabled with the reason, and hides forbidden ones', async () => {
    const ran: string[] = []
    render(<Harness ran={ran} />)
    fireEvent.change(input(), { target: { value: '#front' } })
    const hit = await screen.findByRole('option', { name: /Front Door/ })
    await waitFor(() => expect(hit.getAttribute('aria-selected')).toBe('true'))
    // No action can run on an offline lock, so Enter opens its actions instead of doing nothing.
    press('Enter')
    const lock = await screen.findByRole('option', { name: /Lock/ })
    expect(lock.getAttribute('aria-disabled')).toBe('true')
    expect(lock.textContent).toContain('The device is offline.')
    const unlock = screen.getByRole('option', { name: /Unlock/ })
    expect(unlock.textContent).toContain('This device does not support this.')
    expect(screen.queryByRole('option', { name: /Secret/ })).toBeNull()
    press('Enter')
    expect(ran).toEqual([])
  })

  it('runs the first available action on Enter', async () => {
    const ran: string[] = []
    render(<Harness ran={ran} />)
    fireEvent.change(input(), { target: { value: '#garage' } })
    const hit = await screen.findByRole('option', { name: /Garage Relay/ })
    await waitFor(() => expect(hit.getAttribute('aria-selected')).toBe('true'))
    press('Enter')
    expect(ran).toEqual(['devices:2:device.unlock'])
  })
})

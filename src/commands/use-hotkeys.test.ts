import { describe, expect, it } from 'vitest'
import type { Command } from './command'
import type { ListedCommand } from './palette-results'
import { bindingsOf } from './use-hotkeys'

const listed = (
  id: string,
  shortcut: string | undefined,
  state: 'enabled' | 'disabled' = 'enabled',
): ListedCommand => {
  const command: Command = {
    id,
    label: () => id,
    group: 'actions',
    needs: {},
    run: () => {},
    ...(shortcut === undefined ? {} : { shortcut }),
  }
  return {
    command,
    availability:
      state === 'enabled'
        ? { state }
        : { state, reason: () => 'The device is offline.', cause: 'offline' },
  }
}

describe('bindingsOf', () => {
  it('binds only commands with a shortcut that can run now', () => {
    const bindings = bindingsOf([
      listed('go.organizations', 'g o'),
      listed('theme.dark', undefined),
      listed('device.lock', 'l', 'disabled'),
    ])
    expect(bindings.map((binding) => binding.id)).toEqual(['go.organizations'])
  })
})
